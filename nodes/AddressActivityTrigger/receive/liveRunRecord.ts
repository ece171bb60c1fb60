/**
 * What a live delivery's run leaves in the durable position (../staticData/position.ts) for the
 * catch-ups: a transaction it lists ran already (a catch-up, or another process, put it out); a run
 * is written there (with this request, or by a flush), and a process that has just started asks
 * for a catch-up of what n8n may have acknowledged for it while starting.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

import { noteChainClock, positionMemoryFor, type RanTransaction } from '../memory/positionMemory';
import { ranKeys, transactionKey } from '../staticData/position';
import { healIfStarting, scheduleFlush } from '../staticData/positionRequests';
import { answersBeforeRun, loadedPosition, noteRunAnswered, noteRunStarted, positionKept, writePosition } from '../staticData/positionWrites';
import { settleWithAnswer } from './answers';

interface DeliveredTransaction {
	txHash: string;
	blockNumber: string | number;
	blockTimestamp: number;
}

/** Whether the durable position lists this transaction as run (not merely before its `from`: such a delivery is a retry that must run). */
export function ranAlready(context: IWebhookFunctions, chainId: string, transaction: DeliveredTransaction): boolean {
	if (!positionKept(context)) return false;
	const loaded = loadedPosition(context, chainId);
	return loaded !== undefined && ranKeys(loaded).has(transactionKey(transaction.txHash));
}

/**
 * In a process that has just started: a catch-up of what n8n may have acknowledged for it while it
 * started (bound by the chain's head; for a P-Chain or validator trigger, by time: ./primaryRunRecord.ts).
 */
export function healAfterStart(context: IWebhookFunctions, target: { url: string; chainId: string; webhookId: string }, chainHead = true): void {
	if (positionKept(context)) healIfStarting(context, target, chainHead);
}

/** Records the run being handed to n8n (call before returning it); no-op while test listening or with the catch-up off. */
export function keepLiveRun(
	context: IWebhookFunctions,
	target: { url: string; chainId: string; webhookId: string },
	transaction: DeliveredTransaction,
	arrivedAt: number,
): void {
	keepRun(context, target, [{ hash: transaction.txHash.toLowerCase(), block: Number(transaction.blockNumber), time: transaction.blockTimestamp }], arrivedAt);
}

/** Records a run being handed to n8n, of one transaction (or, for a P-Chain or validator trigger, one event's entries: ./primaryRunRecord.ts). */
export function keepRun(context: IWebhookFunctions, target: { url: string; chainId: string; webhookId: string }, ran: RanTransaction[], arrivedAt: number): void {
	if (!positionKept(context)) return;
	const { url, chainId } = target;
	noteChainClock(positionMemoryFor(url, chainId), ran[0].time * 1000, arrivedAt);
	// n8n 2.x saves this request's change only once the run exists; 1.x before it creates it, so there the run is written later.
	writePosition(context, url, chainId, { reason: 'run', arrivedAt, own: answersBeforeRun(context) ? [] : ran });
	noteRunStarted(url, chainId, ran);
	settleWithAnswer(context, (acknowledged) => noteRunAnswered(context, url, chainId, ran, acknowledged));
	scheduleFlush(context, target);
}
