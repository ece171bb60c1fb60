/**
 * The trigger's own catch-up request, as it reaches the trigger's URL (signed as deliveries are;
 * its eventType is one the service never sends): the gap the trigger's activation sends itself
 * (gaps.ts, run by run.ts), or the resume form Webhook > Reactivate sends (resume.ts).
 */
import { CATCH_UP_EVENT, type ResumeRequest } from '../../shared/service/catchUpRequest';

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
	};
}

function isBlock(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The catch-up request in a verified body, in one of its two forms; undefined for anything else (a delivery). */
export function catchUpRequestIn(body: unknown): { kind: 'resume'; request: ResumeRequest } | { kind: 'catchUp'; request: CatchUpRequest } | undefined {
	const request = body as Partial<ResumeRequest & CatchUpRequest> | undefined;
	if (request?.eventType !== CATCH_UP_EVENT || typeof request.messageId !== 'string' || typeof request.webhookId !== 'string' || typeof request.chainId !== 'string') {
		return undefined;
	}
	if (isBlock(request.resume?.toBlock)) return { kind: 'resume', request: request as ResumeRequest };
	const gap = request.catchUp;
	if (isBlock(gap?.fromBlock) && isBlock(gap.toBlock) && Array.isArray(gap.seen)) return { kind: 'catchUp', request: request as CatchUpRequest };
	return undefined;
}
