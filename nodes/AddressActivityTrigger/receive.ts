/**
 * One EVM delivery, top to bottom (receiveDelivery): verify the signature, route the trigger's own
 * catch-up requests, parse, check that the webhook is this trigger's, drop copies of a message
 * already run, turn the transaction into items, claim the transaction (a catch-up may have put it
 * out), hand the run to n8n. What a delivery is checked against in this process lives in
 * processMemory.ts; the items are made in ../shared/model/transfers.ts.
 */
import { sleep } from 'n8n-workflow';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { AddressLookup } from '../shared/model/addresses';
import { CATCH_UP_EVENT, type ResumeRequest } from '../shared/service/catchUpRequest';
import { parseDelivery, type Delivery } from '../shared/model/deliverySchema';
import { eitherOf, mentionsMonitored, toTransfers } from '../shared/model/transfers';
import { receiveCatchUp, type CatchUpRequest } from './catchUpRun';
import { receiveResume } from './catchUpResume';
import {
	freshKnownWebhook,
	isAuthentic,
	messageWindowFor,
	nativeTokens,
	ownWebhook,
	transactionWindowFor,
	type Arrival,
	type KnownWebhook,
} from './processMemory';
import { readDeliveryConfig, type DeliveryConfig } from './triggerConfig';

/** The acknowledgement the service expects (any 200 will do); also sent for duplicates, so retries stop. */
export const RECEIVED = { received: true };
/** The service waits 10 s for an answer: calls to it while a delivery waits share this budget. */
const SERVICE_BUDGET_MS = 4000;
/** How long a copy of a message waits for the first copy's answer before asking the service to retry. */
const DUPLICATE_WAIT_MS = 4000;
/** Request headers never copied into the output. */
const PRIVATE_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-service-api-key']);

type Refusal = { statusCode: number; message: string; level: 'error' | 'warn' | 'info' };

type ResourceUrl = (name: string) => string | undefined;

/**
 * One delivery. n8n answers the service once the execution exists, so a failure is a non-2xx and
 * the service retries.
 */
export async function receiveDelivery(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const config = readDeliveryConfig.call(context);
	const url = urlDeliveredTo(context);
	const arrival = arrivalNow();
	const read = await verifiedBody(context, config.verifySignature, arrival);
	if (!read.ok) return read.refusal;

	// The trigger's own catch-up requests come to this URL too, signed as deliveries are.
	const own = catchUpRequestIn(read.body);
	if (own?.kind === 'resume') return await receiveResume(context, config, url, own.request, arrival);
	if (own?.kind === 'catchUp') return await receiveCatchUp(context, config, url, own.request);

	const parsed = parseDelivery(read.body);
	if (!parsed.ok) {
		// Signed (or unverified by choice) but not a delivery the trigger can read: acknowledged, so
		// that the service does not retry it for two days and deactivate the webhook over it.
		return answer(context, { statusCode: 200, level: 'warn', message: `Skipped a message that is not a valid address_activity delivery: ${parsed.problem}` });
	}
	const delivery = parsed.delivery;
	const details = { messageId: delivery.messageId, webhookId: delivery.webhookId };

	const ownership = await ownWebhook(context, url, delivery.webhookId, arrival, { chainIds: config.chainIds });
	if (ownership.kind === 'unreachable') {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not confirm the delivery's webhook with the service (${ownership.reason}); the service will retry` }, details);
	}
	if (ownership.kind === 'foreign') {
		return answer(
			context,
			{ statusCode: 401, level: 'warn', message: `Refused a delivery for webhook ${delivery.webhookId}, which is not registered at this trigger's URL on one of its chains` },
			details,
		);
	}

	const copy = await claimMessage(context, url, delivery.messageId, details);
	if (copy !== undefined) return copy;

	let items: IDataObject[] | undefined;
	try {
		items = await outputItems(context, config, url, ownership.webhook, delivery, read.body, arrival);
	} catch (error) {
		// The schema bounds what the mapping reads; should a body still defeat it, the message is
		// acknowledged and logged rather than failing on every retry for two days.
		return answer(context, { statusCode: 200, level: 'error', message: `Could not turn message ${delivery.messageId} into transfers: ${(error as Error).message}` }, details);
	}
	if (items === undefined) {
		// The delivery names no address known here, and the webhook's current list could not be
		// read: acknowledging could drop the transfers of an address added elsewhere.
		return answer(context, { statusCode: 503, level: 'warn', message: "Could not read the webhook's monitored addresses from the service to place this delivery; the service will retry" }, details);
	}
	if (items.length === 0) return acknowledgeWithoutRun(context);
	if (!claimTransaction(context, url, chainOf(ownership.webhook, config), delivery)) return acknowledgeWithoutRun(context);
	return { workflowData: [context.helpers.returnJsonArray(items)], webhookResponse: RECEIVED };
}

// The steps of a delivery, in the order it takes them.

/** When the delivery arrived; calls to the service while it waits end within SERVICE_BUDGET_MS. */
export function arrivalNow(): Arrival {
	const arrivedAt = Date.now();
	return { arrivedAt, deadline: arrivedAt + SERVICE_BUDGET_MS };
}

/** The request's body once it is JSON and its signature holds (when checked); otherwise the answer refusing it. */
export async function verifiedBody(
	context: IWebhookFunctions,
	verifySignature: boolean,
	arrival: Arrival,
): Promise<{ ok: true; body: unknown } | { ok: false; refusal: IWebhookResponseData }> {
	const signature = headerText(context.getHeaderData()['x-signature']);
	if (verifySignature && !signature) {
		return { ok: false, refusal: answer(context, { statusCode: 401, level: 'warn', message: 'Refused a request without an x-signature header' }) };
	}
	const read = readBody(context);
	if (!read.ok) return { ok: false, refusal: answer(context, { statusCode: 400, level: 'warn', message: 'Refused a request whose body is not JSON' }) };
	if (verifySignature && !(await isAuthentic(context, { signature, rawBody: read.rawBody, body: read.body }, arrival))) {
		const message = "Refused a request whose x-signature does not match the account's shared secret (forged, or signed with a secret the service could not confirm)";
		return { ok: false, refusal: answer(context, { statusCode: 401, level: 'warn', message }) };
	}
	return { ok: true, body: read.body };
}

/** The body as JSON, from the exact bytes when n8n kept them (the raw-body signatures need those). */
function readBody(context: IWebhookFunctions): { ok: true; rawBody?: Buffer; body: unknown } | { ok: false } {
	const rawBody = (context.getRequestObject() as { rawBody?: unknown }).rawBody;
	if (Buffer.isBuffer(rawBody) && rawBody.length > 0) {
		try {
			return { ok: true, rawBody, body: JSON.parse(rawBody.toString('utf8')) as unknown };
		} catch {
			return { ok: false };
		}
	}
	return { ok: true, body: context.getBodyData() };
}

function headerText(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

function isBlock(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * The trigger's own catch-up request (its eventType is one the service never sends): the resume
 * form Webhook > Reactivate sends, or the gap the trigger's activation sends itself (catchUp.ts).
 */
function catchUpRequestIn(body: unknown): { kind: 'resume'; request: ResumeRequest } | { kind: 'catchUp'; request: CatchUpRequest } | undefined {
	const request = body as Partial<ResumeRequest & CatchUpRequest> | undefined;
	if (request?.eventType !== CATCH_UP_EVENT || typeof request.messageId !== 'string' || typeof request.webhookId !== 'string' || typeof request.chainId !== 'string') {
		return undefined;
	}
	if (isBlock(request.resume?.toBlock)) return { kind: 'resume', request: request as ResumeRequest };
	const gap = request.catchUp;
	if (isBlock(gap?.fromBlock) && isBlock(gap.toBlock) && Array.isArray(gap.seen)) return { kind: 'catchUp', request: request as CatchUpRequest };
	return undefined;
}

/**
 * Claims the message for this run. Another copy under way is waited for (a few seconds): when it
 * was acknowledged, this one is too, without a run; when it failed, this copy runs it. Returns the
 * answer for a copy that does not run, undefined for the one that does.
 */
export async function claimMessage(context: IWebhookFunctions, url: string, messageId: string, details: IDataObject): Promise<IWebhookResponseData | undefined> {
	const window = messageWindowFor(url);
	for (let attempt = 0; ; attempt++) {
		const claim = window.claim(messageId, Date.now());
		if (claim.first) {
			settleWithAnswer(context, claim.settle);
			return undefined;
		}
		// The wait is cancelled once the other copy settles: no timer outlives the request (n8n 1.x's
		// sleep has no signal; there the timer runs out on its own).
		const waited = new AbortController();
		const acknowledged = await Promise.race([claim.answered, sleep(DUPLICATE_WAIT_MS, waited.signal).then(() => undefined, () => undefined)]);
		waited.abort();
		if (acknowledged === true) {
			context.logger.debug(`Address Activity Trigger "${context.getNode().name}": message ${messageId} ran already; acknowledged without a run`, details);
			return acknowledgeWithoutRun(context);
		}
		if (acknowledged === undefined || attempt > 0) {
			return answer(context, { statusCode: 503, level: 'info', message: `Another copy of message ${messageId} is still being handled; the service will retry` }, details);
		}
		// The first copy was not acknowledged: this copy runs it.
	}
}

/** The run's items: the message as sent (Raw Message) or its Transfers; undefined when the webhook's list could not be read. */
async function outputItems(
	context: IWebhookFunctions,
	config: DeliveryConfig,
	url: string,
	webhook: KnownWebhook,
	delivery: Delivery,
	body: unknown,
	arrival: Arrival,
): Promise<IDataObject[] | undefined> {
	if (config.output === 'raw') return [rawMessageItem(context, config, body)];
	const monitored = await countedAddresses(context, config, url, webhook, delivery, arrival);
	if (monitored === undefined) return undefined;
	const chainId = chainOf(webhook, config);
	const transfers = toTransfers(delivery.event.transaction, delivery, monitored, nativeTokens.get(chainId) ?? {}, config.filters, chainId);
	// "Listen for test event": webhookId is the temporary webhook registered for the test (deleted
	// when listening stops), so these items say they are a test; production items have no such field.
	return context.getMode() === 'manual' ? transfers.map((transfer) => ({ ...transfer, testEvent: true })) : transfers;
}

/**
 * The addresses that count as monitored: the trigger's own and those the webhook monitors at the
 * service (added elsewhere, e.g. by the Address Activity node). A delivery about none of them
 * means the webhook's list changed since it was read: read it again (deliveries waiting for it share one read).
 */
async function countedAddresses(
	context: IWebhookFunctions,
	config: DeliveryConfig,
	url: string,
	webhook: KnownWebhook,
	delivery: Delivery,
	arrival: Arrival,
): Promise<AddressLookup | undefined> {
	const own = config.addresses;
	const known = eitherOf(own, webhook.addresses);
	// A known address is involved (perhaps only as a token contract or a log's emitter): nothing unknown to look up.
	if (mentionsMonitored(delivery, known)) return known;
	const fresh = await freshKnownWebhook(context, url, webhook, arrival);
	return fresh === undefined ? undefined : eitherOf(own, fresh.addresses);
}

/** The delivery's chain: its webhook's (one webhook per chain, each on one of the trigger's chains). */
function chainOf(webhook: KnownWebhook, config: DeliveryConfig): string {
	return webhook.chainId ?? config.chainIds[0];
}

/**
 * Claims the delivery's transaction in this process; false when a catch-up put it out already.
 * A claim whose run n8n does not accept is given up, so the service's retry runs it.
 */
function claimTransaction(context: IWebhookFunctions, url: string, chainId: string, delivery: Delivery): boolean {
	const { txHash, blockNumber } = delivery.event.transaction;
	const window = transactionWindowFor(url, chainId);
	const claimed = window.claimLive(txHash, Number(blockNumber));
	if (claimed === undefined) return false;
	settleWithAnswer(context, (acknowledged) => {
		if (!acknowledged) window.release([claimed]);
	});
	return true;
}

// Answers, and what n8n tells the trigger about the request.

/** Answers without starting the workflow, and says why in n8n's log (never with the secret or key). */
export function answer(context: IWebhookFunctions, refusal: Refusal, details: IDataObject = {}): IWebhookResponseData {
	const node = context.getNode();
	// n8n's console log shows the message only, so the message carries what a reader needs.
	const about = details.messageId ? ` (message ${String(details.messageId)}, webhook ${String(details.webhookId)})` : '';
	const where = `workflow ${context.getWorkflow().id}, node "${node.name}"`;
	context.logger[refusal.level](`Address Activity Trigger (${where}): ${refusal.message}${about}; answered ${refusal.statusCode}`, {
		workflowId: context.getWorkflow().id,
		nodeName: node.name,
		...details,
	});
	context.getResponseObject().status(refusal.statusCode).json({ received: false, message: refusal.message });
	return { noWebhookResponse: true };
}

export function acknowledgeWithoutRun(context: IWebhookFunctions, body: IDataObject = RECEIVED): IWebhookResponseData {
	context.getResponseObject().status(200).json(body);
	return { noWebhookResponse: true };
}

/**
 * Settles a claim with the status n8n answers: a 2xx means the run was created (or queued). Taken
 * when n8n ends the response, not when the bytes reach the service: if the service stopped waiting
 * and closed the connection, n8n still creates the run, and its retry must not run it again.
 */
export function settleWithAnswer(context: IWebhookFunctions, settle: (acknowledged: boolean) => void): void {
	const response = context.getResponseObject();
	const end = response.end.bind(response) as (...args: unknown[]) => unknown;
	(response as unknown as { end: (...args: unknown[]) => unknown }).end = (...args: unknown[]) => {
		settle(response.statusCode >= 200 && response.statusCode < 300);
		return end(...args);
	};
}

/** The webhook URL this delivery was sent to (test and production URLs differ): whose delivery it is. */
export function urlDeliveredTo(context: IWebhookFunctions): string {
	// n8n 2.x only: calling it on 1.x throws, and n8n then answers every delivery with a 500.
	const resourceUrl = (context as { getWebhookResourceUrl?: ResourceUrl }).getWebhookResourceUrl;
	if (typeof resourceUrl === 'function') return resourceUrl.call(context, 'default') ?? context.getNodeWebhookUrl('default') ?? '';
	return requestedUrl(context, context.getNodeWebhookUrl('default') ?? '');
}

/**
 * The URL of the request's webhook as n8n 1.x registered it: its webhook context gives only the
 * production URL, so a test delivery ("Listen for test event", mode manual) swaps the production
 * endpoint for the one the request came in on (`/webhook-test/…`), keeping any path prefix.
 */
function requestedUrl(context: IWebhookFunctions, production: string): string {
	if (context.getMode() !== 'manual' || production === '') return production;
	const requestPath = (context.getRequestObject().originalUrl ?? '').split('?')[0];
	const url = new URL(production);
	// own: [...prefix, endpoint, ...tail]; requested: [...prefix unless a proxy removed it, test endpoint, ...tail].
	const own = url.pathname.split('/');
	const requested = requestPath.split('/');
	let tail = 0;
	while (tail < own.length - 1 && tail < requested.length - 1 && own[own.length - 1 - tail] === requested[requested.length - 1 - tail]) tail++;
	let head = 0;
	while (head < own.length - tail - 1 && head < requested.length - tail && own[head] === requested[head]) head++;
	url.pathname = [...own.slice(0, own.length - tail - 1), ...requested.slice(head, requested.length - tail), ...own.slice(own.length - tail)].join('/');
	return url.href;
}

/** The Raw Message output's item: the message as sent, with the request headers when asked. */
export function rawMessageItem(context: IWebhookFunctions, config: { includeHeaders: boolean }, body: unknown): IDataObject {
	const message = body as IDataObject;
	return config.includeHeaders ? { headers: publicHeaders(context), body: message } : message;
}

function publicHeaders(context: IWebhookFunctions): IDataObject {
	const headers: IDataObject = {};
	for (const [name, value] of Object.entries(context.getHeaderData())) {
		if (!PRIVATE_HEADERS.has(name.toLowerCase()) && value !== undefined) headers[name] = value;
	}
	return headers;
}
