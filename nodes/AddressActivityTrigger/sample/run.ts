/**
 * The sample run: webhook() answering the trigger's own sample request (send.ts) at the test URL
 * with the items of the newest transaction of the monitored addresses that passes the Filters (and
 * the Event Signatures, as far as chain data shows them, and a balance alert), read from chain data
 * as the catch-up and the poll trigger read it and mapped as a delivery is (balances included),
 * each marked `sample: true` and `testEvent: true`. With none, one item that says so. Either run ends n8n's test listening, as a
 * test event does; the next Execute step within minutes waits for a live transfer (send.ts). When the
 * service cannot reach n8n's URL, every item says so in `notPublic` (no live transfer can come).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { transfersWithBalances } from '../../shared/memory/balanceReadings';
import { toDeliveryTransaction } from '../../shared/model/chainTransaction';
import { toTransfers, type NativeToken } from '../../shared/model/transfers';
import { isTestRegistrationMarked } from '../../shared/n8n/n8nInternals';
import { byChainOrder, fetchAddressTransactions, fetchNativeToken, type ListedTransaction } from '../../shared/service/chainData';
import { newestOnChain } from '../../shared/service/chainScan';
import { answeredInTime, timeLeft } from '../../shared/service/transport';
import { signatureFilter } from '../catchUp/read';
import { knownNativeToken } from '../memory/nativeTokens';
import { rememberSampleShown, SAMPLE_REPEAT_MS } from '../memory/samplesShown';
import type { DeliveryParameters } from '../parameters/readParameters';
import { answer, RECEIVED } from '../receive/answers';
import type { VerifiedRequest } from '../receive/verifiedRequest';
import type { SampleRequest } from './request';
import { NOT_REGISTERED_YET, sampleTrigger } from './send';

/** The whole read (every chain, the native tokens included) ends by then, well within the sender's wait. */
const SAMPLE_READ_MS = 10_000;
/** Each address's newest transactions are read, one page of this size. */
const NEWEST = 10;
/** Up to this many addresses each is read; more, and the chain's newest transactions are matched instead. */
const PER_ADDRESS_MAX = 10;
/** Requests a chain's newest transactions may take when matched against a long list. */
const SCAN_REQUESTS = 20;

/** One chain's newest transactions of the monitored addresses (as many as the time allows). */
async function newestOfChain(context: IWebhookFunctions, parameters: DeliveryParameters, chainId: string, deadline: number): Promise<ListedTransaction[]> {
	const { addresses } = parameters;
	if (addresses.size > PER_ADDRESS_MAX) {
		return await newestOnChain(context, chainId, (address) => addresses.has(address), NEWEST, { maxRequests: SCAN_REQUESTS, deadline });
	}
	const found = new Map<string, ListedTransaction>();
	for (const address of addresses.list) {
		if (timeLeft(deadline) === undefined) break;
		const page = await answeredInTime(fetchAddressTransactions(context, { chainId, address, sortOrder: 'desc', pageSize: NEWEST }, { deadline }));
		if (page === undefined) break;
		for (const entry of page.entries) found.set(entry.parsed.nativeTransaction.txHash.toLowerCase(), entry);
	}
	return [...found.values()];
}

interface Candidate {
	entry: ListedTransaction;
	chainId: string;
}

/** The items of the newest transaction that gives any (after the Filters), marked as a sample. */
async function sampleItems(context: IWebhookFunctions, parameters: DeliveryParameters, request: SampleRequest): Promise<IDataObject[]> {
	const deadline = Date.now() + SAMPLE_READ_MS;
	const signatures = signatureFilter(context);
	const candidates: Candidate[] = [];
	for (const chainId of parameters.chainIds) {
		for (const entry of await newestOfChain(context, parameters, chainId, deadline)) {
			if (signatures === undefined || signatures.matches(entry)) candidates.push({ entry, chainId });
		}
	}
	// Newest first: by time across chains, by position within a chain.
	candidates.sort((a, b) => b.entry.parsed.nativeTransaction.blockTimestamp - a.entry.parsed.nativeTransaction.blockTimestamp || byChainOrder(b.entry, a.entry));
	const marks = { testEvent: true, sample: true };
	// As the test webhook was registered: with internal transactions only when asked for.
	const includeInternalTxs = context.getNodeParameter('includeInternalTxs', false) === true;
	const tokens = new Map<string, NativeToken>();
	for (const { entry, chainId } of candidates) {
		if (parameters.output === 'raw') return [{ ...entry.raw, ...marks }];
		if (!tokens.has(chainId)) tokens.set(chainId, knownNativeToken(chainId) ?? (await fetchNativeToken.call(context, chainId, { deadline })));
		const source = { messageId: request.messageId, webhookId: request.webhookIds[chainId] ?? null };
		const transfers = toTransfers(toDeliveryTransaction(entry.parsed, includeInternalTxs), source, parameters.addresses, tokens.get(chainId), parameters.filters, chainId);
		// With the Balances options as a delivery has them; a balance alert is one more filter (its
		// crossing is not claimed: the sample takes no alert from a live run).
		const { items } = await transfersWithBalances(context, transfers, parameters.balances, { deadline });
		if (items.length > 0) return items.map((item) => ({ ...item, ...marks }));
	}
	return [];
}

/** The one item of a sample run that found nothing to show. */
function nothingToShowItem(parameters: DeliveryParameters, request: SampleRequest): IDataObject {
	const addresses = parameters.addresses.size === 1 ? `address ${parameters.addresses.list[0]}` : `${parameters.addresses.size} addresses`;
	const chains = `${parameters.chainIds.length === 1 ? 'chain' : 'chains'} ${parameters.chainIds.join(', ')}`;
	return {
		sample: true,
		testEvent: true,
		message: `Nothing to show yet: no transfer among the newest transactions of the ${addresses} on ${chains} passes the trigger's filters. Click Execute step again within ${SAMPLE_REPEAT_MS / 60_000} minutes to wait for a live transfer.`,
		chainIds: parameters.chainIds,
		messageId: request.messageId,
	};
}

/** Answers the trigger's own sample request: a run with the sample (or the item saying there is none). */
export async function receiveSample(
	context: IWebhookFunctions,
	{ parameters }: Pick<VerifiedRequest<DeliveryParameters>, 'parameters'>,
	request: SampleRequest,
): Promise<IWebhookResponseData> {
	const details = { messageId: request.messageId };
	if (context.getMode() !== 'manual') {
		return answer(context, { statusCode: 200, level: 'warn', message: 'Skipped a sample request at the production URL (samples are for Execute step only)' }, details);
	}
	if (!isTestRegistrationMarked(context, request.messageId)) {
		// n8n has not finished registering the test webhook: a run now would end a listening that is still being set up.
		context.getResponseObject().status(503).json({ received: false, sample: NOT_REGISTERED_YET });
		return { noWebhookResponse: true };
	}
	let items: IDataObject[] = [];
	// Decoded Events has no sample (chain data carries no logs): asked only to say the URL is not public.
	if (parameters.output !== 'decodedEvents') {
		try {
			items = await sampleItems(context, parameters, request);
		} catch (error) {
			if (request.notPublic === undefined) {
				return answer(context, { statusCode: 200, level: 'warn', message: `No sample: could not read chain data (${(error as Error).message}); listening for a live transfer` }, details);
			}
		}
		rememberSampleShown(sampleTrigger(context), parameters);
	}
	const shown = items.length > 0 ? items : [request.notPublic === undefined ? nothingToShowItem(parameters, request) : { sample: true, testEvent: true, chainIds: parameters.chainIds, messageId: request.messageId }];
	const warned = request.notPublic === undefined ? shown : shown.map((item) => ({ ...item, notPublic: request.notPublic }));
	return { workflowData: [context.helpers.returnJsonArray(warned)], webhookResponse: { ...RECEIVED, sample: items.length } };
}
