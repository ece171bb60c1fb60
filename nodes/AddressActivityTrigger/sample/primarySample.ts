/**
 * Execute step's sample for a P-Chain or validator trigger: webhook() answering the trigger's own
 * sample request (send.ts) with the newest event its webhook would have delivered, read from the
 * primary network's history as a catch-up reads a gap (../catchUp/pChainGap.ts,
 * ../catchUp/validatorGap.ts), mapped as a live delivery of it is and marked `sample: true` and
 * `testEvent: true`; with none, one item that says so. The run ends n8n's test listening, as a test
 * event does; the next Execute step within minutes waits for a live event (send.ts).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { platformDeliverySchema, toPlatformItem } from '../../shared/model/platformItems';
import { EVENT_TYPES } from '../../shared/model/primaryNetwork';
import { DELIVERY_EVENT_TYPES, parseWith } from '../../shared/model/primaryNetworkDeliveries';
import { toValidatorItem, validatorDeliverySchema } from '../../shared/model/validatorItems';
import { isTestRegistrationMarked } from '../../shared/n8n/n8nInternals';
import { fetchNewestPChainTransactions, HISTORY_ADDRESSES_MAX } from '../../shared/service/primaryHistory';
import type { PlatformWatch, ValidatorWatch } from '../../shared/service/primaryNetworkWebhooks';
import { answeredInTime, timeLeft } from '../../shared/service/transport';
import { readPChainGap } from '../catchUp/pChainGap';
import type { GapEvent, PrimaryGapRead } from '../catchUp/primaryGapRead';
import { readValidatorGap } from '../catchUp/validatorGap';
import { primaryEventWindowFor } from '../memory/primaryEvents';
import { rememberSampleShown, SAMPLE_REPEAT_MS } from '../memory/samplesShown';
import { readPrimaryNetworkParameters, type PrimaryNetworkDeliveryParameters } from '../parameters/readPrimaryNetworkParameters';
import { answer, RECEIVED } from '../receive/answers';
import { rawMessageItem } from '../receive/rawMessage';
import type { VerifiedRequest } from '../receive/verifiedRequest';
import type { SampleRequest } from './request';
import { NOT_REGISTERED_YET, sampleTrigger } from './send';

/** The whole read ends by then, well within the sender's wait. */
const SAMPLE_READ_MS = 10_000;
/** The newest transactions of the watched addresses read first (one request per group of addresses). */
const NEWEST = 10;
/** How far back a validator's transactions are read (the history lists them network-wide by type, oldest first). */
const VALIDATOR_HISTORY_DAYS = 7;
/** A fee balance falling to the threshold and a validator disabled are no transactions: the history shows neither. */
const NOT_IN_HISTORY = ['l1_validator_balance_threshold', 'l1_validator_disabled'];

/** The newest event a delivery would have brought, of the watched P-Chain addresses' newest transactions. */
async function pChainEvents(context: IWebhookFunctions, watch: PlatformWatch, deadline: number): Promise<PrimaryGapRead | undefined> {
	let from: number | undefined;
	for (let start = 0; start < watch.addresses.length && timeLeft(deadline) !== undefined; start += HISTORY_ADDRESSES_MAX) {
		const addresses = watch.addresses.slice(start, start + HISTORY_ADDRESSES_MAX);
		const newest = await answeredInTime(fetchNewestPChainTransactions(context, watch.network, addresses, NEWEST, { deadline }));
		if (newest === undefined) break;
		for (const tx of newest) from = Math.min(from ?? Infinity, tx.blockTimestamp);
	}
	if (from === undefined) return undefined;
	// From the oldest of those on, as a gap is read: the balances before it, each transaction's events.
	return await readPChainGap(context, watch, from, undefined, deadline);
}

/** The watched validator's transactions of the last days (stakes, delegations, rewards, top-ups, removals). */
async function validatorEvents(context: IWebhookFunctions, url: string, watch: ValidatorWatch, deadline: number): Promise<PrimaryGapRead | undefined> {
	const subEvents = watch.subEvents.filter((subEvent) => !NOT_IN_HISTORY.includes(subEvent));
	if (subEvents.length === 0) return undefined;
	const from = Math.floor(Date.now() / 1000) - VALIDATOR_HISTORY_DAYS * 86_400;
	const gap = { from, gapStartedAt: from * 1000, notBefore: null, validators: {}, seen: [] };
	return await readValidatorGap(context, { ...watch, subEvents }, gap, from, deadline, primaryEventWindowFor(url));
}

/** The item of one event, as the live delivery of it gives it (Events or Raw Message output). */
function sampleItem(context: IWebhookFunctions, parameters: PrimaryNetworkDeliveryParameters, request: SampleRequest, entry: GapEvent): IDataObject {
	const webhookId = Object.values(request.webhookIds)[0] ?? null;
	const body = { webhookId, eventType: DELIVERY_EVENT_TYPES[parameters.eventType], messageId: request.messageId, event: entry.event };
	const marks = { testEvent: true, sample: true };
	if (parameters.output === 'raw') return { ...rawMessageItem(context, parameters, body), ...marks };
	const parsed =
		parameters.eventType === EVENT_TYPES.validatorActivity ? parseWith(validatorDeliverySchema, body, toValidatorItem) : parseWith(platformDeliverySchema, body, toPlatformItem);
	const notes = entry.notKnown === undefined ? {} : { notKnown: entry.notKnown, message: entry.message ?? null };
	return { ...(parsed.ok ? parsed.value : body), ...notes, ...marks };
}

/** The one item of a sample run that found nothing to show, saying why in words. */
function nothingToShowItem(parameters: PrimaryNetworkDeliveryParameters, watch: PlatformWatch | ValidatorWatch, request: SampleRequest, read: PrimaryGapRead | undefined): IDataObject {
	const again = `Click Execute step again within ${SAMPLE_REPEAT_MS / 60_000} minutes to wait for a live event.`;
	let what: string;
	if (watch.eventType === EVENT_TYPES.primaryNetworkAddressActivity) {
		const addresses = watch.addresses.length === 1 ? `address ${watch.addresses[0]}` : `${watch.addresses.length} addresses`;
		what =
			read === undefined
				? `Nothing to show yet: the ${addresses} ${watch.addresses.length === 1 ? 'has' : 'have'} no P-Chain transactions on ${watch.network}.`
				: `Nothing to show yet: the newest P-Chain transactions of the ${addresses} on ${watch.network} give none of the watched events.`;
	} else if (read === undefined) {
		what = `No sample from the history: a fee balance falling to the threshold and a validator disabled are no P-Chain transactions, so the history shows neither.`;
	} else {
		const upTo = read.unreadFrom === undefined ? '' : ` (read up to ${new Date(read.unreadFrom * 1000).toISOString()} within ${SAMPLE_READ_MS / 1000} s)`;
		what = `Nothing to show yet: the P-Chain history of the last ${VALIDATOR_HISTORY_DAYS} days holds no watched event of ${watch.key}${upTo}.`;
	}
	return { sample: true, testEvent: true, message: `${what} ${again}`, eventType: DELIVERY_EVENT_TYPES[parameters.eventType], messageId: request.messageId };
}

/** Answers the trigger's own sample request at the test URL: a run with the sample (or the item saying there is none). */
export async function receivePrimarySample(
	context: IWebhookFunctions,
	{ parameters, url }: Pick<VerifiedRequest<PrimaryNetworkDeliveryParameters>, 'parameters' | 'url'>,
	request: SampleRequest,
): Promise<IWebhookResponseData> {
	const details = { messageId: request.messageId };
	if (context.getMode() !== 'manual') {
		return answer(context, { statusCode: 200, level: 'warn', message: 'Skipped a sample request at the production URL (samples are for Execute step only)' }, details);
	}
	if (!isTestRegistrationMarked(context, request.messageId)) {
		context.getResponseObject().status(503).json({ received: false, sample: NOT_REGISTERED_YET });
		return { noWebhookResponse: true };
	}
	const { watch } = readPrimaryNetworkParameters(context, parameters.eventType);
	const deadline = Date.now() + SAMPLE_READ_MS;
	let read: PrimaryGapRead | undefined;
	try {
		read = watch.eventType === EVENT_TYPES.primaryNetworkAddressActivity ? await pChainEvents(context, watch, deadline) : await validatorEvents(context, url, watch, deadline);
	} catch (error) {
		return answer(context, { statusCode: 200, level: 'warn', message: `No sample: could not read the P-Chain history (${(error as Error).message}); listening for a live event` }, details);
	}
	rememberSampleShown(sampleTrigger(context), { watch, output: parameters.output });
	// The newest event read: the last in time order (events of one transaction keep their order).
	const newest = read?.events.filter((entry) => entry.key !== undefined).at(-1);
	const shown = newest === undefined ? [] : read!.events.filter((entry) => entry.key !== undefined && entry.at === newest.at && entry.event.txHash === newest.event.txHash);
	const items = shown.length > 0 ? shown.map((entry) => sampleItem(context, parameters, request, entry)) : [nothingToShowItem(parameters, watch, request, read)];
	// No live event can come when the service cannot reach n8n's URL (../lifecycle/publicUrl.ts).
	const warned = request.notPublic === undefined ? items : items.map((item) => ({ ...item, notPublic: request.notPublic }));
	return { workflowData: [context.helpers.returnJsonArray(warned)], webhookResponse: { ...RECEIVED, sample: shown.length } };
}
