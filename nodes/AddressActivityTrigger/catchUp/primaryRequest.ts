/**
 * The catch-up request of a P-Chain or validator trigger, as it reaches the trigger's URL (signed as
 * deliveries are, with the EVM catch-up's eventType): the gap its activation sends itself
 * (primaryGaps.ts, run by primaryRun.ts), the resume form Webhook > Reactivate sends, and the
 * durable position's flush and a started process's heal, in the EVM trigger's forms (request.ts).
 */
import { CATCH_UP_EVENT, type PrimaryResumeRequest } from '../../shared/service/catchUpRequest';
import { PRIMARY_SLOT } from '../staticData/positionSlots';
import type { KnownValidators } from '../staticData/primaryCatchUp';
import type { FlushRequest, HealRequest } from '../staticData/positionRequests';
import { catchUpRequestIn } from './request';

export interface PrimaryGap {
	/** The gap's first second (inclusive); it ends with the service's newest entries. */
	from: number;
	/** When the gap began (ms since epoch), when known. */
	gapStartedAt: number | null;
	/** Transactions at or below this P-Chain height are not of the gap (delivered, or before the trigger watched). */
	afterHeight?: number;
	/** Set when the gap is longer than Catch Up At Most: events before this second are not put out. */
	notBefore: number | null;
	/** The L1 validators as the trigger knew them when the gap began. */
	validators?: KnownValidators;
	/** Events put out live around the gap's start (keys of ../memory/primaryEvents.ts). */
	seen: string[];
	/** Webhook > Reactivate from the last publication's mark: the gap began unseen, some time after gapStartedAt. */
	startUnseen?: boolean;
	/** A heal: only events made before this time (ms; a fee balance alert's span begun before it); later ones come live. */
	madeBefore?: number;
	/** A heal: times (ms) in which the process the asking one replaced may have run what the record lacks (marked possibleRepeat). */
	mayHaveRun?: [number, number];
}

export interface PrimaryCatchUpRequest {
	eventType: typeof CATCH_UP_EVENT;
	messageId: string;
	webhookId: string;
	primaryCatchUp: PrimaryGap;
	/** The activation's request: the answer carries the durable position as written, for the publication's copy to keep. */
	answerWithPosition?: boolean;
}

const isSeconds = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

export type PrimaryOwnRequest =
	| { kind: 'resume'; request: PrimaryResumeRequest }
	| { kind: 'catchUp'; request: PrimaryCatchUpRequest }
	| { kind: 'flush'; request: FlushRequest }
	| { kind: 'heal'; request: HealRequest };

/** The request in a verified body, in one of its forms (a flush or heal of the durable position as the EVM trigger's); undefined for anything else (a delivery). */
export function primaryCatchUpRequestIn(body: unknown): PrimaryOwnRequest | undefined {
	const own = catchUpRequestIn(body);
	if ((own?.kind === 'flush' || own?.kind === 'heal') && own.request.chainId === PRIMARY_SLOT) return own;
	const request = body as Partial<PrimaryResumeRequest & PrimaryCatchUpRequest> | undefined;
	if (request?.eventType !== CATCH_UP_EVENT || typeof request.messageId !== 'string' || typeof request.webhookId !== 'string') return undefined;
	if (isSeconds(request.resume?.toTimestamp)) return { kind: 'resume', request: request as PrimaryResumeRequest };
	const gap = request.primaryCatchUp;
	if (isSeconds(gap?.from) && Array.isArray(gap.seen)) return { kind: 'catchUp', request: request as PrimaryCatchUpRequest };
	return undefined;
}
