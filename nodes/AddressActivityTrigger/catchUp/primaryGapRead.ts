/**
 * What a P-Chain or validator catch-up reads (pChainGap.ts, validatorGap.ts): the events of the gap
 * as the deliveries would have carried them, each with what the history could not say, and how far
 * the reading got within its time.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { PChainTransaction } from '../../shared/model/pChainHistory';
import { fetchPChainTransactions, type PChainTransactionsQuery } from '../../shared/service/primaryHistory';
import { answeredInTime, timeLeft } from '../../shared/service/transport';

/** One event of the gap: the `event` of the delivery it stands for. */
export interface GapEvent {
	/** How it is told apart from a delivery of it (../receive/primaryEventKeys.ts); none without a transaction. */
	key?: string;
	/** When it happened (seconds): its transaction's time, or the end of the span it happened in. */
	at: number;
	/** Within one second: 0 before a transaction's events (1), 2 after them. */
	order?: number;
	event: IDataObject;
	/**
	 * For an event without a transaction: the validation and the span (seconds) it happened in, not
	 * more exactly, and the fee balance at its end (nAVAX).
	 */
	span?: { validationId: string; from: number; to: number; feeBalance: string };
	/** What the history cannot say about it (field names), and in words. */
	notKnown?: string[];
	message?: string;
}

export interface PrimaryGapRead {
	events: GapEvent[];
	/** The history was read up to this second, not including it (time ran out): later events are not put out. */
	unreadFrom?: number;
	/** Sub-events the history cannot show at all, with why. */
	notRecoverable: string[];
	/** The second the reading ended at (the newest state read). */
	readAt: number;
	/** History entries the trigger could not read (skipped). */
	unreadable: number;
}

/**
 * Every P-Chain transaction of the query from `startTimestamp` on, oldest first, page by page until
 * `deadline`. When time runs out, `completeBefore` is the second up to which (not including it)
 * every transaction was read.
 */
export async function readTransactions(
	context: IWebhookFunctions,
	query: Omit<PChainTransactionsQuery, 'pageToken'>,
	deadline: number,
): Promise<{ transactions: PChainTransaction[]; completeBefore?: number; unreadable: number }> {
	const transactions: PChainTransaction[] = [];
	let unreadable = 0;
	let pageToken: string | undefined;
	for (;;) {
		const page = timeLeft(deadline) === undefined ? undefined : await answeredInTime(fetchPChainTransactions(context, { ...query, pageToken }, { deadline }));
		if (page === undefined) {
			// Transactions of the newest second read may continue on the next page.
			const last = transactions.at(-1)?.blockTimestamp ?? query.startTimestamp;
			return { transactions: transactions.filter((tx) => tx.blockTimestamp < last), completeBefore: last, unreadable };
		}
		transactions.push(...page.entries);
		unreadable += page.unreadable;
		if (page.nextPageToken === undefined) return { transactions, unreadable };
		pageToken = page.nextPageToken;
	}
}

/** Events oldest first, in the order they happened within a second. */
export function byEventOrder(a: GapEvent, b: GapEvent): number {
	return a.at - b.at || (a.order ?? 1) - (b.order ?? 1);
}

/** Oldest first: by time, then by height. */
export function byHistoryOrder(a: PChainTransaction, b: PChainTransaction): number {
	return a.blockTimestamp - b.blockTimestamp || Number(a.blockNumber) - Number(b.blockNumber);
}

/** The fields every event of a transaction carries, as deliveries have them. */
export function transactionFields(tx: PChainTransaction): IDataObject {
	return { txHash: tx.txHash, txType: tx.txType, blockNumber: tx.blockNumber, blockTimestamp: tx.blockTimestamp };
}
