/**
 * The catch-up run: webhook() receiving the request the trigger sends itself at activation
 * (gaps.ts), Webhook > Reactivate's or a heal (resume.ts), reads the gap's transactions from chain
 * data, as the poll trigger does, and puts them out as the items a delivery gives, in block order,
 * each with `catchUp: true`: those the durable position lists as run are left out, and those that
 * fall in one of its open windows (a process may have run them without writing it) also get
 * `possibleRepeat: true`. What it put out is written to the position with the run.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { AddressSet } from '../../shared/model/addresses';
import { toDeliveryTransaction } from '../../shared/model/chainTransaction';
import { toTransfers, type Transfer } from '../../shared/model/transfers';
import { transfersWithBalances, type BalancedItems } from '../../shared/memory/balanceReadings';
import { fetchNativeToken, type ListedTransaction } from '../../shared/service/chainData';
import { knownWebhook } from '../memory/knownWebhooks';
import { knownNativeToken } from '../memory/nativeTokens';
import { positionMemoryFor, type RanTransaction } from '../memory/positionMemory';
import type { DeliveryParameters } from '../parameters/readParameters';
import { acknowledgeWithoutRun, answer, RECEIVED, settleWithAnswer } from '../receive/answers';
import { claimCaughtUpTransactions, claimCrossings, claimMessage } from '../receive/copies';
import type { VerifiedRequest } from '../receive/verifiedRequest';
import { mayHaveRun, ranKeys, recorded, type Position } from '../staticData/position';
import { answersBeforeRun, LATE_MS, loadedPosition, noteRunAnswered, noteRunStarted, writePosition } from '../staticData/positionWrites';
import { CATCH_UP_READ_MS, CATCH_UP_SCAN_REQUESTS, CATCH_UP_TOKEN_MS, readGap, type GapRead } from './read';
import type { CatchUpRequest } from './request';

/** The item that says the gap began before the limit, so a workflow can alert on what is not put out. */
function gapTooLongItem(request: CatchUpRequest): IDataObject {
	const { gapStartedAt, notBefore, fromBlock, startUnseen, startRecorded } = request.catchUp;
	const began = gapStartedAt === null ? `at block ${fromBlock}` : `at ${new Date(gapStartedAt).toISOString()} (block ${fromBlock})`;
	const since = gapStartedAt === null ? '' : new Date(gapStartedAt).toISOString();
	const gap =
		startUnseen === true && gapStartedAt !== null
			? startRecorded === true
				? `The trigger cannot tell when its webhook stopped receiving after ${since} (its last record of a transfer that ran; it reads from block ${fromBlock})`
				: `The trigger cannot tell when its webhook stopped receiving after its last publication at ${since} (block ${fromBlock} on)`
			: `The trigger stopped receiving ${began}`;
	return {
		catchUp: true,
		gapTooLong: true,
		message: `${gap}, longer ago than Catch Up At Most allows: transfers before ${new Date(notBefore ?? 0).toISOString()} are not put out`,
		gapStartedAt: gapStartedAt === null ? null : new Date(gapStartedAt).toISOString(),
		fromBlock,
		caughtUpFrom: new Date(notBefore ?? 0).toISOString(),
		webhookId: request.webhookId,
	};
}

/** The item that says which blocks the reading did not finish (out of time, or a chain scan out of requests). */
function incompleteItem(request: CatchUpRequest, unread: NonNullable<GapRead['unread']>): IDataObject {
	const { fromBlock, toBlock } = request.catchUp;
	const all = unread.fromBlock === fromBlock && unread.toBlock === toBlock;
	const read = all ? 'none of the blocks' : unread.fromBlock === fromBlock ? `blocks ${unread.toBlock + 1} to ${toBlock}` : `blocks ${fromBlock} to ${unread.fromBlock - 1}`;
	return {
		catchUp: true,
		catchUpIncomplete: true,
		message: `The catch-up read ${read} of the gap and stopped (${CATCH_UP_READ_MS / 1000} s, or ${CATCH_UP_SCAN_REQUESTS} requests of a chain scan): transfers in blocks ${unread.fromBlock} to ${unread.toBlock} are not put out`,
		fromBlock: unread.fromBlock,
		toBlock: unread.toBlock,
		webhookId: request.webhookId,
	};
}

/** The item that says which Event Signatures the catch-up could not apply: chain data carries no logs. */
function unreadSignaturesItem(request: CatchUpRequest, signatures: string[]): IDataObject {
	const { fromBlock, toBlock } = request.catchUp;
	return {
		catchUp: true,
		catchUpIncomplete: true,
		message: `Chain data carries no logs, only token transfers: activity in blocks ${fromBlock} to ${toBlock} matching only the Event Signatures ${signatures.join(', ')} is not put out`,
		fromBlock,
		toBlock,
		eventSignatures: signatures,
		webhookId: request.webhookId,
	};
}

/** Decoded Events cannot be caught up: the item that says which blocks' events are not put out. */
function unreadEventsItem(request: CatchUpRequest): IDataObject {
	const { fromBlock, toBlock } = request.catchUp;
	return {
		catchUp: true,
		catchUpIncomplete: true,
		message: `Chain data carries no logs: the events of blocks ${fromBlock} to ${toBlock} (the gap) cannot be decoded and are not put out`,
		fromBlock,
		toBlock,
		webhookId: request.webhookId,
	};
}

/** The items that say what the catch-up could not put out (they come first). */
function noticeItems(gap: GapRead, request: CatchUpRequest): IDataObject[] {
	const items: IDataObject[] = request.catchUp.notBefore === null ? [] : [gapTooLongItem(request)];
	if (gap.unread !== undefined) items.push(incompleteItem(request, gap.unread));
	if (gap.unreadSignatures !== undefined) items.push(unreadSignaturesItem(request, gap.unreadSignatures));
	return items;
}

/** What a catch-up item says about itself: caught up, and, when a process may have run it unwritten, possibly a repeat. */
function marks(entry: ListedTransaction, maybeRan: Set<string>): IDataObject {
	return maybeRan.has(entry.parsed.nativeTransaction.txHash.toLowerCase()) ? { catchUp: true, possibleRepeat: true } : { catchUp: true };
}

/** The gap's transactions as a delivery's items: Raw Message's, or Transfers (each with catchUp: true, and possibleRepeat where marked), with balances when asked. */
async function catchUpItems(
	context: IWebhookFunctions,
	parameters: DeliveryParameters,
	gap: GapRead,
	request: CatchUpRequest,
	addresses: AddressSet,
	nativeToken: IDataObject,
	deadline: number,
	maybeRan: Set<string>,
): Promise<BalancedItems> {
	const transactions = gap.transactions;
	if (parameters.output === 'raw') return { items: transactions.map((entry) => ({ ...entry.raw, ...marks(entry, maybeRan) })) };
	// The catch-up's own messageId (unique per catch-up run), so keys built from messageId stay unique.
	const source = { messageId: request.messageId, webhookId: request.webhookId };
	const transfers: Transfer[] = [];
	for (const entry of transactions) {
		const transaction = toDeliveryTransaction(entry.parsed, request.catchUp.includeInternalTxs);
		for (const transfer of toTransfers(transaction, source, addresses, nativeToken, parameters.filters, request.chainId)) {
			transfers.push({ ...transfer, ...marks(entry, maybeRan) });
		}
	}
	return await transfersWithBalances(context, transfers, parameters.balances, { deadline });
}

function ranTransaction(entry: ListedTransaction): RanTransaction {
	const native = entry.parsed.nativeTransaction;
	return { hash: native.txHash.toLowerCase(), block: native.blockNumber, time: native.blockTimestamp };
}

/** The gap's transactions still to put out: not put out live or caught up before (as the request, the position or this process knows), made before a heal's time. */
function toPutOut(request: CatchUpRequest, gap: GapRead, position: Position | undefined): ListedTransaction[] {
	const seen = new Set(request.catchUp.seen);
	const keys = ranKeys(position);
	const { madeBefore } = request.catchUp;
	return gap.transactions.filter((entry) => {
		const native = entry.parsed.nativeTransaction;
		if (madeBefore !== undefined && native.blockTimestamp * 1000 > madeBefore) return false;
		return !seen.has(native.txHash.toLowerCase()) && !recorded(position, keys, { hash: native.txHash, block: native.blockNumber });
	});
}

/** Answers the trigger's own catch-up request: a run with the gap's items, or none when nothing is missing. */
export async function receiveCatchUp(
	context: IWebhookFunctions,
	{ parameters, url }: Pick<VerifiedRequest<DeliveryParameters>, 'parameters' | 'url'>,
	request: CatchUpRequest,
): Promise<IWebhookResponseData> {
	const details = { messageId: request.messageId, webhookId: request.webhookId };
	const { chainId } = request;
	if (!parameters.chainIds.includes(chainId)) {
		return answer(context, { statusCode: 200, level: 'warn', message: `Skipped a catch-up of chain ${chainId}, which this trigger no longer watches` }, details);
	}
	const copy = await claimMessage(context, url, request.messageId, details);
	if (copy !== undefined) return copy;
	if (parameters.events !== undefined) {
		// Nothing is read or claimed: live deliveries of the gap's transactions still run.
		const items = [...(request.catchUp.notBefore === null ? [] : [gapTooLongItem(request)]), unreadEventsItem(request)];
		const caughtUp = { ...RECEIVED, catchUp: { fromBlock: request.catchUp.fromBlock, toBlock: request.catchUp.toBlock, transactions: 0 } };
		return { workflowData: [context.helpers.returnJsonArray(items)], webhookResponse: caughtUp };
	}
	const addresses = new AddressSet([...parameters.addresses.lowerCase, ...(knownWebhook(url, request.webhookId)?.addresses.lowerCase ?? [])]);
	let gap: GapRead;
	let nativeToken: IDataObject = {};
	let balancesDeadline = 0;
	try {
		gap = await readGap(context, chainId, addresses, request.catchUp);
		// Known in the process that activated; a webhook process reads it (one request, bounded too).
		const deadline = Date.now() + CATCH_UP_TOKEN_MS;
		balancesDeadline = deadline;
		if (parameters.output === 'transfers') nativeToken = { ...(knownNativeToken(chainId) ?? (await fetchNativeToken.call(context, chainId, { deadline }))) };
	} catch (error) {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not read the chain data of the gap: ${(error as Error).message}` }, details);
	}
	const position = loadedPosition(context, chainId);
	const unseen = toPutOut(request, gap, position);
	const claims = claimCaughtUpTransactions(context, url, chainId, unseen.map((entry) => ({ hash: entry.parsed.nativeTransaction.txHash, block: entry.parsed.nativeTransaction.blockNumber })));
	const put = unseen.filter((entry) => claims.claimed.has(entry.parsed.nativeTransaction.txHash.toLowerCase()));
	const predecessor = request.catchUp.mayHaveRun;
	const ranBefore = (blockTimeMs: number) => mayHaveRun(position, blockTimeMs, LATE_MS) || (predecessor !== undefined && blockTimeMs >= predecessor[0] - LATE_MS && blockTimeMs <= predecessor[1]);
	const maybeRan = new Set(put.filter((entry) => ranBefore(entry.parsed.nativeTransaction.blockTimestamp * 1000)).map((entry) => entry.parsed.nativeTransaction.txHash.toLowerCase()));
	let balanced: BalancedItems;
	try {
		// Balances after each block are read within the catch-up's time left for the native token.
		balanced = await catchUpItems(context, parameters, { ...gap, transactions: put }, request, addresses, nativeToken, balancesDeadline, maybeRan);
	} catch (error) {
		claims.release();
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not read the balances of the gap's transfers: ${(error as Error).message}` }, details);
	}
	const items = [...noticeItems(gap, request), ...claimCrossings(context, url, balanced)];
	const ran = put.map(ranTransaction);
	// Saved with the run on n8n 2.x; on 1.x (saved before the run exists) written later, like a delivery's.
	const written = writePosition(context, url, chainId, { reason: 'catchUp', arrivedAt: Date.now(), own: answersBeforeRun(context) ? [] : ran });
	// The answer says what was caught up (Webhook > Reactivate shows it); the activation's also the position, which its publication keeps.
	const caughtUp = (transactions: number): IDataObject => ({
		...RECEIVED,
		catchUp: { fromBlock: request.catchUp.fromBlock, toBlock: request.catchUp.toBlock, transactions },
		...(request.answerWithPosition === true && written.position !== undefined ? { position: written.position } : {}),
	});
	const memory = positionMemoryFor(url, chainId);
	if (items.length === 0) {
		claims.release();
		memory.heal = 'done';
		return acknowledgeWithoutRun(context, caughtUp(0));
	}
	claims.settleWithRun();
	noteRunStarted(url, chainId, ran);
	settleWithAnswer(context, (acknowledged) => {
		noteRunAnswered(context, url, chainId, ran, acknowledged);
		// What this process may have acknowledged while it started is now put out.
		if (acknowledged) memory.heal = 'done';
	});
	context.logger.info(`Address Activity Trigger "${context.getNode().name}": catching up on ${claims.claimed.size} transactions of chain ${chainId}, blocks ${request.catchUp.fromBlock} to ${request.catchUp.toBlock}`, details);
	return { workflowData: [context.helpers.returnJsonArray(items)], webhookResponse: caughtUp(claims.claimed.size) };
}
