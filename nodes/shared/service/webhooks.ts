/**
 * The service's webhook routes, for both nodes: the action node's Webhook and Address operations
 * and the trigger's lifecycle call these, so a route is shaped, batched and explained in one place.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { AddressSet } from '../model/addresses';
import { isNotFoundError } from './serviceErrors';
import { toNodeError } from './nodeErrors';
import { serviceList, servicePages } from './pagination';
import { serviceRequest, type ServiceCall, type ServiceContext } from './transport';

/** A webhook as the service returns it (the fields the nodes read). */
export interface RemoteWebhook extends IDataObject {
	id: string;
	url: string;
	chainId: string;
	eventType: string;
	status: string;
	name?: string;
	description?: string;
	includeInternalTxs?: boolean;
	includeLogs?: boolean;
	/** address_activity: addresses; the primary-network types: keyType, keys, subEvents and their filters. */
	metadata?: { addresses?: string[]; eventSignatures?: string[]; keyType?: string; keys?: string[] };
}

/** Addresses sent per request (create body, add, remove), as peers of the service do. */
export const ADDRESS_BATCH_SIZE = 500;

/** The most characters the service takes in a webhook's name or description. */
export const WEBHOOK_TEXT_LIMIT = 256;

/** A webhook ID as the service makes them: a UUID. */
export const WEBHOOK_ID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The route of one webhook; every webhook route is built from it. */
export const webhookPath = (webhookId: string) => `/v1/webhooks/${encodeURIComponent(webhookId)}`;

export async function getWebhook(this: ServiceContext, webhookId: string, call: ServiceCall = {}): Promise<RemoteWebhook> {
	return (await serviceRequest.call(this, { method: 'GET', path: webhookPath(webhookId), ...call })) as RemoteWebhook;
}

/**
 * The account's webhook registered with `url`, of `eventType` (default address_activity), on
 * `chainId` and watching exactly `keys` (primary-network types), when given; if any.
 */
export async function findWebhookByUrl(
	this: ServiceContext,
	url: string,
	options: ServiceCall & { chainId?: string; eventType?: string; keys?: string[] } = {},
): Promise<RemoteWebhook | undefined> {
	const { chainId, eventType = 'address_activity', keys, ...call } = options;
	const sameKeys = (listed: unknown) => Array.isArray(listed) && [...listed].sort().join() === [...(keys ?? [])].sort().join();
	for await (const page of servicePages.call(this, { path: '/v1/webhooks', listField: 'webhooks', ...call })) {
		const match = (page.entries as RemoteWebhook[]).find(
			(webhook) =>
				webhook.url === url &&
				webhook.eventType === eventType &&
				(chainId === undefined || String(webhook.chainId) === chainId) &&
				(keys === undefined || sameKeys(webhook.metadata?.keys)),
		);
		if (match) return match;
	}
	return undefined;
}

/** Every address_activity webhook of the account registered with `url` (a trigger's: one per chain). */
export async function findWebhooksByUrl(this: ServiceContext, url: string, call: ServiceCall = {}): Promise<RemoteWebhook[]> {
	const found: RemoteWebhook[] = [];
	for await (const page of servicePages.call(this, { path: '/v1/webhooks', listField: 'webhooks', ...call })) {
		found.push(...(page.entries as RemoteWebhook[]).filter((webhook) => webhook.url === url && webhook.eventType === 'address_activity'));
	}
	return found;
}

export async function updateWebhook(this: ServiceContext, webhookId: string, changes: IDataObject, call: ServiceCall = {}): Promise<RemoteWebhook> {
	return (await serviceRequest.call(this, { method: 'PATCH', path: webhookPath(webhookId), body: changes, ...call })) as RemoteWebhook;
}

/** Deletes the webhook the user named (Webhook > Delete): one that is not there is an error. Returns it as it was, if the service said. */
export async function deleteNamedWebhook(this: ServiceContext, webhookId: string, call: ServiceCall = {}): Promise<RemoteWebhook | undefined> {
	return (await serviceRequest.call(this, { method: 'DELETE', path: webhookPath(webhookId), ...call })) as RemoteWebhook | undefined;
}

/** Removes a webhook; one that is already gone counts as removed. Returns the webhook as it was, if the service said. */
export async function deleteWebhook(this: ServiceContext, webhookId: string, call: ServiceCall = {}): Promise<RemoteWebhook | undefined> {
	try {
		return await deleteNamedWebhook.call(this, webhookId, call);
	} catch (error) {
		if (isNotFoundError(error)) return undefined;
		throw toNodeError(this, error, call.itemIndex);
	}
}

const LIMIT_PATTERN = /(limit|allow|exceed|maximum|at most|too many)/i;
/** Where a service message states the allowance ("at most 5 addresses", "limit of 100"). */
const LIMIT_NUMBER_PATTERNS = [/at most (\d[\d,]*)/i, /(?:limit|maximum)(?: is| of)? (\d[\d,]*)/i, /(\d[\d,]*) addresses per webhook/i];

/**
 * The service's answer to too many addresses, restated with the limit and the number configured.
 * Other errors come back unchanged.
 */
function explainAddressLimit(context: ServiceContext, error: unknown, configured: number, itemIndex?: number): unknown {
	if (!(error instanceof NodeApiError) || !['400', '403', '422'].includes(error.httpCode ?? '')) return error;
	const serviceText = [error.message, ...(error.messages ?? [])].join(' ');
	if (!/address/i.test(serviceText) || !LIMIT_PATTERN.test(serviceText)) return error;
	const limit = (LIMIT_NUMBER_PATTERNS.map((pattern) => pattern.exec(serviceText)?.[1]).find(Boolean) ?? '').replace(/,/g, '');
	const limitText = limit ? `at most ${limit} addresses per webhook` : 'fewer addresses per webhook';
	const node = context.getNode();
	const given = /Trigger$/.test(node.type) ? `this trigger has ${configured} configured` : `${configured} were given`;
	return new NodeOperationError(
		node,
		`Too many addresses: ${given}, but the account's plan allows ${limitText}`,
		{
			itemIndex,
			description: `Remove addresses, split them over several webhooks, or upgrade the plan. The service said: ${serviceText}`,
		},
	);
}

interface AddressBatches extends ServiceCall {
	batchSize?: number;
	/** Said first when a batch fails, e.g. that the webhook was created before. */
	context?: string;
	/** With it, a refusal for too many addresses is restated with this number of configured addresses. */
	configured?: number;
	/** Addresses of the same change sent before this call (a create's first batch): counted in a failure's progress. */
	sentBefore?: number;
	/** Told after each batch the service accepted: how many addresses have been sent so far. */
	onProgress?: (sent: number) => void;
}

/**
 * Adds or removes addresses, `batchSize` per request (PATCH or DELETE /v1/webhooks/{id}/addresses
 * with a JSON body); returns the webhook after the last batch. A failed batch says how far it got.
 */
export async function changeAddresses(
	this: ServiceContext,
	change: 'add' | 'remove',
	webhookId: string,
	addresses: string[],
	options: AddressBatches = {},
): Promise<RemoteWebhook | undefined> {
	const batchSize = options.batchSize ?? ADDRESS_BATCH_SIZE;
	const { itemIndex, retry, timeoutMs, deadline } = options;
	let webhook: RemoteWebhook | undefined;
	for (let start = 0; start < addresses.length; start += batchSize) {
		try {
			webhook = (await serviceRequest.call(this, {
				method: change === 'add' ? 'PATCH' : 'DELETE',
				path: `${webhookPath(webhookId)}/addresses`,
				body: { addresses: addresses.slice(start, start + batchSize) },
				itemIndex,
				retry,
				timeoutMs,
				deadline,
			})) as RemoteWebhook;
			options.onProgress?.(Math.min(start + batchSize, addresses.length));
		} catch (error) {
			const explained = options.configured !== undefined ? explainAddressLimit(this, error, options.configured, itemIndex) : error;
			const failure = toNodeError(this, explained, itemIndex);
			const before = options.sentBefore ?? 0;
			const progress = `${before + start} of ${before + addresses.length} addresses were ${change === 'add' ? 'added' : 'removed'} before batch ${start / batchSize + 1} failed`;
			const lead = start === 0 ? options.context : `${options.context ? `${options.context}; ` : ''}${progress}`;
			if (lead) failure.message = `${lead}: ${failure.message}`;
			throw failure;
		}
	}
	return webhook;
}

/**
 * The webhook's monitored addresses, keyed by lower case (addresses match case-insensitively).
 * Taken from the webhook record; a record without them is completed from the addresses route.
 */
export async function fetchWebhookAddresses(
	this: ServiceContext,
	webhookId: string,
	call: ServiceCall = {},
	webhook?: RemoteWebhook,
): Promise<Map<string, string>> {
	const record = webhook ?? (await getWebhook.call(this, webhookId, call));
	// An EVM webhook lists addresses, a P-Chain one its keys (P-Chain addresses).
	let addresses = record.metadata?.addresses ?? record.metadata?.keys;
	if (!Array.isArray(addresses)) {
		const listed = await serviceList.call(this, { path: `${webhookPath(webhookId)}/addresses`, listField: 'addresses', returnAll: true, ...call });
		addresses = listed as unknown as string[];
	}
	return new Map(addresses.map((address) => [address.toLowerCase(), address]));
}

/** What a new webhook is made of. */
export interface NewWebhook {
	url: string;
	chainId: string;
	addresses: string[];
	eventSignatures?: string[];
	includeInternalTxs: boolean;
	includeLogs: boolean;
	name?: string;
	description?: string;
}

function mayHaveBeenCreated(error: unknown): boolean {
	return error instanceof NodeApiError && (error.httpCode === undefined || error.httpCode === null || Number(error.httpCode) >= 500);
}

/**
 * Registers a webhook with the first batch of addresses; returns it with the rest to add. A create
 * that failed with a 5xx or dropped connection may have happened: it is looked up by URL first.
 */
export async function createWebhook(
	this: ServiceContext,
	spec: NewWebhook,
	options: ServiceCall & { batchSize?: number; configured?: number } = {},
): Promise<{ webhook: RemoteWebhook; remainingAddresses: string[] }> {
	const batchSize = options.batchSize ?? ADDRESS_BATCH_SIZE;
	const metadata: IDataObject = { addresses: spec.addresses.slice(0, batchSize) };
	if (spec.eventSignatures?.length) metadata.eventSignatures = spec.eventSignatures;
	const body: IDataObject = {
		url: spec.url,
		chainId: spec.chainId,
		eventType: 'address_activity',
		includeInternalTxs: spec.includeInternalTxs,
		includeLogs: spec.includeLogs,
		metadata,
	};
	if (spec.name) body.name = spec.name;
	if (spec.description) body.description = spec.description;
	const { itemIndex, retry, timeoutMs, deadline } = options;
	try {
		const webhook = (await serviceRequest.call(this, { method: 'POST', path: '/v1/webhooks', body, itemIndex, retry, timeoutMs, deadline })) as RemoteWebhook;
		return { webhook, remainingAddresses: spec.addresses.slice(batchSize) };
	} catch (error) {
		if (mayHaveBeenCreated(error)) {
			const created = await findWebhookByUrl.call(this, spec.url, { chainId: spec.chainId, itemIndex, retry, deadline }).catch(() => undefined);
			if (created !== undefined) {
				const present = new AddressSet(created.metadata?.addresses);
				return { webhook: created, remainingAddresses: spec.addresses.filter((address) => !present.has(address.toLowerCase())) };
			}
		}
		const explained = options.configured !== undefined ? explainAddressLimit(this, error, options.configured, itemIndex) : error;
		throw toNodeError(this, explained, itemIndex);
	}
}

/**
 * Registers a webhook of a primary-network type from its create body (primaryNetworkWebhooks.ts).
 * A create that failed with a 5xx or dropped connection may have happened: it is looked up first.
 */
export async function createPrimaryNetworkWebhook(this: ServiceContext, body: IDataObject, call: ServiceCall = {}): Promise<RemoteWebhook> {
	try {
		return (await serviceRequest.call(this, { method: 'POST', path: '/v1/webhooks', body, ...call })) as RemoteWebhook;
	} catch (error) {
		if (mayHaveBeenCreated(error)) {
			const keys = (body.metadata as IDataObject).keys as string[];
			const created = await findWebhookByUrl.call(this, String(body.url), { ...call, eventType: String(body.eventType), keys }).catch(() => undefined);
			if (created !== undefined) return created;
		}
		throw toNodeError(this, error, call.itemIndex);
	}
}

/**
 * A new shared secret for the account (POST /v1/webhooks:generateOrRotateSharedSecret). A POST is not
 * sent again after a dropped connection: a rotation that went through would be repeated.
 */
export async function rotateSharedSecret(this: ServiceContext, call: ServiceCall = {}): Promise<string | undefined> {
	const response = await serviceRequest.call(this, { method: 'POST', path: '/v1/webhooks:generateOrRotateSharedSecret', ...call });
	return response.secret as string | undefined;
}

/** The account's shared secret (GET /v1/webhooks:getSharedSecret). */
export async function fetchSharedSecret(this: ServiceContext, call: ServiceCall = {}): Promise<string> {
	const response = await serviceRequest.call(this, { method: 'GET', path: '/v1/webhooks:getSharedSecret', ...call });
	if (typeof response.secret !== 'string' || response.secret === '') {
		throw new NodeOperationError(this.getNode(), 'The service returned no shared secret', {
			itemIndex: call.itemIndex,
			description: 'Deliveries cannot be verified without it. Try again, or turn off "Verify Signature".',
		});
	}
	return response.secret;
}
