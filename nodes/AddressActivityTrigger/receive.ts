import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { parseDelivery, type Delivery } from './deliverySchema';
import { isDuplicateMessage } from './duplicates';
import {
	EXTRA_ADDRESS_LIMIT,
	extraAddresses,
	fetchMonitoredAddresses,
	fetchSharedSecret,
	NO_RETRY,
	registrationState,
	type RegistrationState,
} from './registration';
import { isSignatureValid, type SignedDelivery } from './signature';
import { involvesMonitored, monitoredSet, toTransfers } from './transfers';
import { readDeliveryConfig, type DeliveryConfig } from './triggerConfig';

/** The acknowledgement the service expects; it is sent for duplicates too, so retries stop. */
const RECEIVED = { received: true };
/** After a failed verification, the secret is fetched again (it may have been rotated) at most this often. */
export const SECRET_REFRESH_INTERVAL_MS = 60 * 1000;
/** How often the webhook's address list may be read again when a delivery names none of the known addresses. */
export const ADDRESS_REFRESH_INTERVAL_MS = 60 * 1000;
/** Request headers never copied into the output. */
const PRIVATE_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-service-api-key']);

/** Answers without starting the workflow. */
function refuse(context: IWebhookFunctions, statusCode: number, message: string): IWebhookResponseData {
	const response = context.getResponseObject();
	response.status(statusCode).json({ received: false, message });
	return { noWebhookResponse: true };
}

/**
 * Answers 200 {"received": true} at once, then starts the workflow with `items` (if any).
 * Answering here, rather than through webhookResponse, also makes n8n save the static data (the
 * duplicate window) before the run starts: n8n 2.41 saves it in its response callback, and with a
 * deferred onReceived answer the run it starts first resets the static data's "changed" flag.
 */
function acknowledge(context: IWebhookFunctions, items: IDataObject[] = []): IWebhookResponseData {
	context.getResponseObject().status(200).json(RECEIVED);
	if (items.length === 0) return { noWebhookResponse: true };
	return { workflowData: [context.helpers.returnJsonArray(items)], noWebhookResponse: true };
}

function headerText(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

/** The body as JSON, from the exact bytes when n8n kept them (the raw-body signature needs those). */
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

/**
 * Checks the signature against the stored secret; when that fails, fetches the secret once more
 * (the account may have rotated it), at most once per SECRET_REFRESH_INTERVAL_MS.
 */
async function isAuthentic(context: IWebhookFunctions, state: RegistrationState, delivery: SignedDelivery): Promise<boolean> {
	if (state.sharedSecret && isSignatureValid(delivery, state.sharedSecret)) return true;
	const now = Date.now();
	if (now - (state.secretCheckedAt ?? 0) < SECRET_REFRESH_INTERVAL_MS) return false;
	state.secretCheckedAt = now;
	let secret: string;
	try {
		secret = await fetchSharedSecret.call(context, NO_RETRY);
	} catch {
		// The service is unreachable: the delivery stays unverified and the service retries it later.
		return false;
	}
	if (secret === state.sharedSecret || !isSignatureValid(delivery, secret)) return false;
	state.sharedSecret = secret;
	return true;
}

function publicHeaders(context: IWebhookFunctions): IDataObject {
	const headers: IDataObject = {};
	for (const [name, value] of Object.entries(context.getHeaderData())) {
		if (!PRIVATE_HEADERS.has(name.toLowerCase()) && value !== undefined) headers[name] = value;
	}
	return headers;
}

/**
 * The addresses the webhook monitors: the trigger's own plus those added elsewhere. When a delivery
 * concerns none of them, an address was added since the list was last read: read it again, at
 * most once per ADDRESS_REFRESH_INTERVAL_MS.
 */
async function monitoredAddresses(
	context: IWebhookFunctions,
	config: DeliveryConfig,
	state: RegistrationState,
	delivery: Delivery,
): Promise<ReadonlySet<string>> {
	// Lower-cased once here: the check below and the mapping both look addresses up.
	const known = monitoredSet([...config.addresses, ...(state.extraAddresses ?? [])]);
	const now = Date.now();
	if (involvesMonitored(delivery, known) || !state.webhookId) return known;
	if (now - (state.addressesCheckedAt ?? 0) < ADDRESS_REFRESH_INTERVAL_MS) return known;
	state.addressesCheckedAt = now;
	try {
		const limit = config.addresses.length + EXTRA_ADDRESS_LIMIT;
		const monitored = await fetchMonitoredAddresses.call(context, state.webhookId, limit, NO_RETRY);
		state.extraAddresses = extraAddresses(monitored, config.addresses);
	} catch {
		// The list could not be read: the known addresses still give a correct, if partial, view.
		return known;
	}
	return monitoredSet([...config.addresses, ...state.extraAddresses]);
}

async function outputItems(
	context: IWebhookFunctions,
	config: DeliveryConfig,
	state: RegistrationState,
	delivery: Delivery,
	body: unknown,
): Promise<IDataObject[]> {
	if (config.output === 'raw') {
		const message = body as IDataObject;
		return [config.includeHeaders ? { headers: publicHeaders(context), body: message } : message];
	}
	const monitored = await monitoredAddresses(context, config, state, delivery);
	return toTransfers(delivery, monitored, state.nativeToken ?? {}, config.filters, state.chainId ?? config.chainId);
}

/** Handles one delivery: verify, validate, drop duplicates, then start the workflow with the chosen output. */
export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const config = readDeliveryConfig.call(this);
	const state = registrationState(this);
	const signature = headerText(this.getHeaderData()['x-signature']);
	if (config.verifySignature && !signature) return refuse(this, 401, 'Missing x-signature header');

	const read = readBody(this);
	if (!read.ok) return refuse(this, 400, 'The body is not valid JSON');
	if (config.verifySignature && !(await isAuthentic(this, state, { signature, rawBody: read.rawBody, body: read.body }))) {
		return refuse(this, 401, 'The x-signature header does not match the body');
	}

	const parsed = parseDelivery(read.body);
	if (!parsed.ok) return refuse(this, 400, `Malformed delivery: ${parsed.problem}`);
	const delivery = parsed.delivery;
	if (state.webhookId === undefined || delivery.webhookId !== state.webhookId) {
		return refuse(this, 401, 'The delivery is for a webhook this trigger does not own');
	}
	if (isDuplicateMessage(state, delivery.messageId, Date.now())) return acknowledge(this);
	return acknowledge(this, await outputItems(this, config, state, delivery, read.body));
}
