/**
 * The catch-up run: webhook() receiving the request the trigger sends itself at activation
 * (gaps.ts), or Webhook > Reactivate's (resume.ts), reads the gap's transactions from chain data,
 * as the poll trigger does, and puts them out as the items a delivery gives, in block order, each
 * with `catchUp: true`.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { AddressSet } from '../../shared/model/addresses';
import { toDeliveryTransaction } from '../../shared/model/chainTransaction';
import { toTransfers, type Transfer } from '../../shared/model/transfers';
import { transfersWithBalances, type BalancedItems } from '../../shared/memory/balanceReadings';
import { fetchNativeToken } from '../../shared/service/chainData';
import { knownWebhook } from '../memory/knownWebhooks';
import { knownNativeToken } from '../memory/nativeTokens';
import type { DeliveryParameters } from '../parameters/readParameters';
import { acknowledgeWithoutRun, answer, RECEIVED } from '../receive/answers';
import { claimCaughtUpTransactions, claimCrossings, claimMessage } from '../receive/copies';
import type { VerifiedRequest } from '../receive/verifiedRequest';
import { CATCH_UP_READ_MS, CATCH_UP_SCAN_REQUESTS, CATCH_UP_TOKEN_MS, readGap, type GapRead } from './read';
import type { CatchUpRequest } from './request';

/** The item that says the gap began before the limit, so a workflow can alert on what is not put out. */
function gapTooLongItem(request: CatchUpRequest): IDataObject {
	const { gapStartedAt, notBefore, fromBlock, startUnseen } = request.catchUp;
	const began = gapStartedAt === null ? `at block ${fromBlock}` : `at ${new Date(gapStartedAt).toISOString()} (block ${fromBlock})`;
	const gap =
		startUnseen === true && gapStartedAt !== null
			? `The trigger cannot tell when its webhook stopped receiving after its last publication at ${new Date(gapStartedAt).toISOString()} (block ${fromBlock} on)`
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

/** The gap's transactions as a delivery's items: Raw Message's, or Transfers (each with catchUp: true), with balances when asked. */
async function catchUpItems(
	context: IWebhookFunctions,
	parameters: DeliveryParameters,
	gap: GapRead,
	request: CatchUpRequest,
	addresses: AddressSet,
	nativeToken: IDataObject,
	deadline: number,
): Promise<BalancedItems> {
	const transactions = gap.transactions;
	if (parameters.output === 'raw') return { items: transactions.map((entry) => ({ ...entry.raw, catchUp: true })) };
	// The catch-up's own messageId (unique per catch-up run), so keys built from messageId stay unique.
	const source = { messageId: request.messageId, webhookId: request.webhookId };
	const transfers: Transfer[] = [];
	for (const entry of transactions) {
		const transaction = toDeliveryTransaction(entry.parsed, request.catchUp.includeInternalTxs);
		for (const transfer of toTransfers(transaction, source, addresses, nativeToken, parameters.filters, request.chainId)) {
			transfers.push({ ...transfer, catchUp: true });
		}
	}
	return await transfersWithBalances(context, transfers, parameters.balances, { deadline });
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
	const seen = new Set(request.catchUp.seen);
	const unseen = gap.transactions.filter((entry) => !seen.has(entry.parsed.nativeTransaction.txHash.toLowerCase()));
	const claims = claimCaughtUpTransactions(context, url, chainId, unseen.map((entry) => ({ hash: entry.parsed.nativeTransaction.txHash, block: entry.parsed.nativeTransaction.blockNumber })));
	const put = unseen.filter((entry) => claims.claimed.has(entry.parsed.nativeTransaction.txHash.toLowerCase()));
	let balanced: BalancedItems;
	try {
		// Balances after each block are read within the catch-up's time left for the native token.
		balanced = await catchUpItems(context, parameters, { ...gap, transactions: put }, request, addresses, nativeToken, balancesDeadline);
	} catch (error) {
		claims.release();
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not read the balances of the gap's transfers: ${(error as Error).message}` }, details);
	}
	const items = [...noticeItems(gap, request), ...claimCrossings(context, url, balanced)];
	// The answer says what was caught up (Webhook > Reactivate shows it).
	const caughtUp = (transactions: number): IDataObject => ({ ...RECEIVED, catchUp: { fromBlock: request.catchUp.fromBlock, toBlock: request.catchUp.toBlock, transactions } });
	if (items.length === 0) {
		claims.release();
		return acknowledgeWithoutRun(context, caughtUp(0));
	}
	claims.settleWithRun();
	context.logger.info(`Address Activity Trigger "${context.getNode().name}": catching up on ${claims.claimed.size} transactions of chain ${chainId}, blocks ${request.catchUp.fromBlock} to ${request.catchUp.toBlock}`, details);
	return { workflowData: [context.helpers.returnJsonArray(items)], webhookResponse: caughtUp(claims.claimed.size) };
}
