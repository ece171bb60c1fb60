/**
 * The trigger's own requests to its URL (signed as deliveries are; their eventType is one the
 * service never sends): the gap the trigger's activation sends itself (gaps.ts, run by run.ts), the
 * resume form Webhook > Reactivate sends (resume.ts), and for the durable position a flush
 * (flush.ts) and a started process's heal (resume.ts), both sent by ../staticData/positionRequests.ts.
 */
import { CATCH_UP_EVENT, type ResumeRequest } from '../../shared/service/catchUpRequest';
import type { FlushRequest, HealRequest } from '../staticData/positionRequests';

export interface CatchUpRequest {
	eventType: typeof CATCH_UP_EVENT;
	messageId: string;
	webhookId: string;
	/** The chain of the webhook and of the blocks below. */
	chainId: string;
	catchUp: {
		/** Blocks read, both inclusive. */
		fromBlock: number;
		toBlock: number;
		/** When the gap began (ms since epoch), when known. */
		gapStartedAt: number | null;
		/** Set when the gap is longer than the limit: transactions before this time (ms) are not put out. */
		notBefore: number | null;
		includeInternalTxs: boolean;
		/** Transactions already put out live around the gap's start (lower-case hashes). */
		seen: string[];
		/** Webhook > Reactivate from the last publication's mark: the gap began unseen, some time after gapStartedAt. */
		startUnseen?: boolean;
		/** The start is the durable position's (../staticData/position.ts), not a publication's mark. */
		startRecorded?: boolean;
		/** A heal: only transactions made before this time (ms); later ones come live. */
		madeBefore?: number;
		/** A heal: block times (ms) in which the process the asking one replaced may have run what the record lacks (marked possibleRepeat). */
		mayHaveRun?: [number, number];
	};
	/** The activation's own request: the answer carries the durable position, which the publication keeps. */
	answerWithPosition?: boolean;
}

export type OwnRequest =
	| { kind: 'resume'; request: ResumeRequest }
	| { kind: 'catchUp'; request: CatchUpRequest }
	| { kind: 'flush'; request: FlushRequest }
	| { kind: 'heal'; request: HealRequest };

/** A heal's window of the process it replaced (the catch-up marks what was made in it), when it sent a well-formed one. */
export function predecessorRan(window: unknown): { mayHaveRun?: [number, number] } {
	return Array.isArray(window) && window.length === 2 && window.every((at) => typeof at === 'number' && Number.isFinite(at)) ? { mayHaveRun: [window[0], window[1]] } : {};
}

function isBlock(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isFlushed(value: unknown): boolean {
	return Array.isArray(value) && value.length === 3 && isBlock(value[0]) && typeof value[1] === 'number' && typeof value[2] === 'string';
}

/** The trigger's own request in a verified body, in one of its forms; undefined for anything else (a delivery). */
export function catchUpRequestIn(body: unknown): OwnRequest | undefined {
	const request = body as Partial<ResumeRequest & CatchUpRequest & FlushRequest & HealRequest> | undefined;
	if (request?.eventType !== CATCH_UP_EVENT || typeof request.messageId !== 'string' || typeof request.webhookId !== 'string' || typeof request.chainId !== 'string') {
		return undefined;
	}
	if (isBlock(request.resume?.toBlock)) return { kind: 'resume', request: request as ResumeRequest };
	const flush = request.flush;
	if (typeof flush?.writer === 'string' && Array.isArray(flush.transactions) && flush.transactions.every(isFlushed)) return { kind: 'flush', request: request as FlushRequest };
	if (typeof request.heal?.madeBefore === 'number' && (request.heal.toBlock === undefined || isBlock(request.heal.toBlock))) return { kind: 'heal', request: request as HealRequest };
	const gap = request.catchUp;
	if (isBlock(gap?.fromBlock) && isBlock(gap.toBlock) && Array.isArray(gap.seen)) return { kind: 'catchUp', request: request as CatchUpRequest };
	return undefined;
}
