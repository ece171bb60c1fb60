import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, IWebhookFunctions, JsonObject } from 'n8n-workflow';

import { isNotFoundError, serviceRequest, type RetryPolicy } from '../shared/transport';
import type { NativeToken } from './transfers';
import type { TriggerConfig } from './triggerConfig';

/**
 * The node's static data: what finding its webhook and tidying it up at the next activation needs.
 * Only the lifecycle methods write it (n8n runs them one at a time in the main process); the
 * delivery path never does, because n8n saves static data whole and the last writer wins.
 */
export interface RegistrationState extends IDataObject {
	webhookId?: string;
	/** The URL the webhook was registered with. */
	webhookUrl?: string;
	chainId?: string;
	/** Lower-case addresses the trigger itself registered, so that a later activation can remove those it no longer lists. */
	ownAddresses?: string[];
}

/** Keys earlier versions kept in static data (the secret among them): removed at the next activation. */
const RETIRED_KEYS = ['sharedSecret', 'secretCheckedAt', 'seenMessages', 'extraAddresses', 'addressesCheckedAt', 'nativeToken'];

export interface RemoteWebhook {
	id: string;
	url: string;
	chainId: string;
	eventType: string;
	status: string;
	name?: string;
	includeInternalTxs?: boolean;
	includeLogs?: boolean;
	metadata?: { addresses?: string[]; eventSignatures?: string[] };
}

type HookContext = IHookFunctions;
type AnyContext = IHookFunctions | IWebhookFunctions;

/** Addresses sent per request: the create body carries the first batch, PATCHes the rest. */
export const ADDRESS_BATCH_SIZE = 500;
const LIST_PAGE_SIZE = 100;

export function registrationState(context: AnyContext): RegistrationState {
	return context.getWorkflowStaticData('node') as RegistrationState;
}

export function clearRegistration(state: RegistrationState): void {
	for (const key of ['webhookId', 'webhookUrl', 'chainId', 'ownAddresses', ...RETIRED_KEYS]) delete state[key];
}

/** Records the production registration (test listening never touches static data). */
export function recordRegistration(state: RegistrationState, webhook: RemoteWebhook, url: string, config: TriggerConfig): void {
	for (const key of RETIRED_KEYS) delete state[key];
	Object.assign(state, {
		webhookId: webhook.id,
		webhookUrl: url,
		chainId: config.chainId,
		ownAddresses: config.addresses.map((address) => address.toLowerCase()),
	});
}

/** The service allows names and descriptions of at most this many characters. */
export const WEBHOOK_TEXT_LIMIT = 256;

function clip(text: string, limit: number): string {
	return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** A name that tells a user listing webhooks which workflow and node own this one, within the service's limit. */
export function webhookLabel(context: HookContext, config: TriggerConfig, isTest: boolean): { name: string; description: string } {
	const workflow = context.getWorkflow();
	const node = context.getNode();
	const workflowName = workflow.name ?? workflow.id ?? '';
	const suffix = isTest ? ' (test)' : '';
	// The node name is short and tells triggers of one workflow apart: the workflow name gives way first.
	const nodePart = ` / ${clip(node.name, 80)}${suffix}`;
	const generated = `n8n: ${clip(workflowName, WEBHOOK_TEXT_LIMIT - 'n8n: '.length - nodePart.length)}${nodePart}`;
	const owner = `n8n workflow ID ${workflow.id}, node "${node.name}", workflow "${workflowName}"`;
	return {
		name: clip(config.webhookName || generated, WEBHOOK_TEXT_LIMIT),
		description: clip(`Created by the Address Activity Trigger of ${owner}${isTest ? ' for a test event' : ''}.`, WEBHOOK_TEXT_LIMIT),
	};
}

export async function getWebhook(this: AnyContext, webhookId: string): Promise<RemoteWebhook> {
	const webhook = await serviceRequest.call(this, {
		method: 'GET',
		path: `/v1/webhooks/${encodeURIComponent(webhookId)}`,
	});
	return webhook as unknown as RemoteWebhook;
}

/** The account's webhook registered with `url`, if any (the URL is unique to this workflow and node). */
export async function findWebhookByUrl(this: HookContext, url: string): Promise<RemoteWebhook | undefined> {
	let pageToken: string | undefined;
	do {
		const qs: IDataObject = { pageSize: LIST_PAGE_SIZE };
		if (pageToken) qs.pageToken = pageToken;
		const page = await serviceRequest.call(this, { method: 'GET', path: '/v1/webhooks', qs });
		const webhooks = (Array.isArray(page.webhooks) ? page.webhooks : []) as RemoteWebhook[];
		const match = webhooks.find((webhook) => webhook.url === url && webhook.eventType === 'address_activity');
		if (match) return match;
		pageToken = typeof page.nextPageToken === 'string' && page.nextPageToken ? page.nextPageToken : undefined;
	} while (pageToken);
	return undefined;
}

/** While a delivery waits for its answer (the service allows 10 s): one attempt, no waiting out limits. */
export const NO_RETRY: RetryPolicy = { maxRateLimitRetries: 0, maxServerErrorRetries: 0 };

export async function fetchSharedSecret(this: AnyContext, retry?: RetryPolicy): Promise<string> {
	const response = await serviceRequest.call(this, { method: 'GET', path: '/v1/webhooks:getSharedSecret', retry });
	if (typeof response.secret !== 'string' || response.secret === '') {
		throw new NodeOperationError(this.getNode(), 'The service returned no shared secret', {
			description: 'Deliveries cannot be verified without it. Try again, or turn off "Verify Signature".',
		});
	}
	return response.secret;
}

/** Symbol and decimals of the chain's native token, for amounts of native and internal transfers. */
export async function fetchNativeToken(this: HookContext, chainId: string): Promise<NativeToken & IDataObject> {
	const chain = await serviceRequest.call(this, { method: 'GET', path: `/v1/chains/${encodeURIComponent(chainId)}` });
	const token = (chain.networkToken ?? {}) as IDataObject;
	const nativeToken: NativeToken & IDataObject = {};
	if (typeof token.symbol === 'string') nativeToken.symbol = token.symbol;
	if (typeof token.decimals === 'number') nativeToken.decimals = token.decimals;
	return nativeToken;
}

function sameSet(left: string[] = [], right: string[] = []): boolean {
	const a = new Set(left.map((value) => value.toLowerCase()));
	const b = new Set(right.map((value) => value.toLowerCase()));
	return a.size === b.size && [...a].every((value) => b.has(value));
}

/** Chain and event signatures cannot be changed on an existing webhook: a change needs a new one. */
export function canBeUpdated(webhook: RemoteWebhook, config: TriggerConfig): boolean {
	return (
		String(webhook.chainId) === config.chainId &&
		webhook.eventType === 'address_activity' &&
		sameSet(webhook.metadata?.eventSignatures, config.eventSignatures)
	);
}

/** Configured addresses the webhook does not monitor (addresses added by others are left alone). */
export function missingAddresses(webhook: RemoteWebhook, config: TriggerConfig): string[] {
	const monitored = new Set((webhook.metadata?.addresses ?? []).map((address) => address.toLowerCase()));
	return config.addresses.filter((address) => !monitored.has(address.toLowerCase()));
}

/** Addresses this trigger registered earlier, no longer configured, and still at the webhook (lower-case). */
export function droppedAddresses(webhook: RemoteWebhook, config: TriggerConfig, previouslyOwn: string[]): string[] {
	const configured = new Set(config.addresses.map((address) => address.toLowerCase()));
	const monitored = new Set((webhook.metadata?.addresses ?? []).map((address) => address.toLowerCase()));
	return [...new Set(previouslyOwn.map((address) => address.toLowerCase()))].filter(
		(address) => !configured.has(address) && monitored.has(address),
	);
}

function batches<T>(values: T[], size: number): T[][] {
	const result: T[][] = [];
	for (let start = 0; start < values.length; start += size) result.push(values.slice(start, start + size));
	return result;
}

const LIMIT_PATTERN = /(limit|allow|exceed|maximum|at most|too many)/i;
/** Where a service message states the allowance ("at most 5 addresses", "limit of 100"). */
const LIMIT_NUMBER_PATTERNS = [
	/at most (\d[\d,]*)/i,
	/(?:limit|maximum)(?: is| of)? (\d[\d,]*)/i,
	/(\d[\d,]*) addresses per webhook/i,
];

/**
 * The service's answer to too many addresses, restated with the limit and the number configured.
 * Other errors come back unchanged.
 */
export function explainAddressLimit(context: AnyContext, error: unknown, configured: number): unknown {
	if (!(error instanceof NodeApiError) || !['400', '403', '422'].includes(error.httpCode ?? '')) return error;
	const serviceText = [error.message, ...(error.messages ?? [])].join(' ');
	if (!/address/i.test(serviceText) || !LIMIT_PATTERN.test(serviceText)) return error;
	const limit = (LIMIT_NUMBER_PATTERNS.map((pattern) => pattern.exec(serviceText)?.[1]).find(Boolean) ?? '').replace(/,/g, '');
	const limitText = limit ? `at most ${limit} addresses per webhook` : 'fewer addresses per webhook';
	return new NodeOperationError(
		context.getNode(),
		`Too many addresses: this trigger has ${configured} configured, but the account's plan allows ${limitText}`,
		{
			description: `Remove addresses from "Addresses", split them over several triggers, or upgrade the plan. The service said: ${serviceText}`,
		},
	);
}

/** Adds addresses in batches; returns nothing, throws the service's error (with the limit explained). */
export async function addAddresses(
	this: HookContext,
	webhookId: string,
	addresses: string[],
	configured: number,
): Promise<void> {
	for (const batch of batches(addresses, ADDRESS_BATCH_SIZE)) {
		try {
			await serviceRequest.call(this, {
				method: 'PATCH',
				path: `/v1/webhooks/${encodeURIComponent(webhookId)}/addresses`,
				body: { addresses: batch },
			});
		} catch (error) {
			throw wrap(this, explainAddressLimit(this, error, configured));
		}
	}
}

/** Removes addresses in batches (DELETE /v1/webhooks/{id}/addresses with a JSON body). */
export async function removeAddresses(this: HookContext, webhookId: string, addresses: string[]): Promise<void> {
	for (const batch of batches(addresses, ADDRESS_BATCH_SIZE)) {
		try {
			await serviceRequest.call(this, {
				method: 'DELETE',
				path: `/v1/webhooks/${encodeURIComponent(webhookId)}/addresses`,
				body: { addresses: batch },
			});
		} catch (error) {
			throw wrap(this, error);
		}
	}
}

/**
 * Registers a new webhook with the first batch of addresses in the create body; returns it with
 * the addresses still to add (the caller adds them, with clean-up if that fails).
 */
export async function createWebhook(
	this: HookContext,
	config: TriggerConfig,
	url: string,
	label: { name: string; description: string },
): Promise<{ webhook: RemoteWebhook; remainingAddresses: string[] }> {
	const [firstBatch = [], ...laterBatches] = batches(config.addresses, ADDRESS_BATCH_SIZE);
	const metadata: IDataObject = { addresses: firstBatch };
	if (config.eventSignatures.length > 0) metadata.eventSignatures = config.eventSignatures;
	try {
		const webhook = await serviceRequest.call(this, {
			method: 'POST',
			path: '/v1/webhooks',
			body: {
				url,
				chainId: config.chainId,
				eventType: 'address_activity',
				includeInternalTxs: config.includeInternalTxs,
				includeLogs: config.includeLogs,
				metadata,
				name: label.name,
				description: label.description,
			},
		});
		return { webhook: webhook as unknown as RemoteWebhook, remainingAddresses: laterBatches.flat() };
	} catch (error) {
		// A 5xx or a dropped connection may come after the service created the webhook: look for it
		// by its URL rather than leave it behind or create a second one.
		if (mayHaveBeenCreated(error)) {
			const created = await findWebhookByUrl.call(this, url).catch(() => undefined);
			if (created !== undefined) return { webhook: created, remainingAddresses: missingAddresses(created, config) };
		}
		throw wrap(this, explainAddressLimit(this, error, config.addresses.length));
	}
}

function mayHaveBeenCreated(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	return error.httpCode === undefined || error.httpCode === null || Number(error.httpCode) >= 500;
}

/** Removes a webhook; one that is already gone counts as removed. */
export async function deleteWebhook(this: AnyContext, webhookId: string): Promise<void> {
	try {
		await serviceRequest.call(this, { method: 'DELETE', path: `/v1/webhooks/${encodeURIComponent(webhookId)}` });
	} catch (error) {
		if (isNotFoundError(error)) return;
		throw wrap(this, error);
	}
}

export async function updateWebhook(this: HookContext, webhookId: string, changes: IDataObject): Promise<RemoteWebhook> {
	const webhook = await serviceRequest.call(this, {
		method: 'PATCH',
		path: `/v1/webhooks/${encodeURIComponent(webhookId)}`,
		body: changes,
	});
	return webhook as unknown as RemoteWebhook;
}

/** Errors leave the lifecycle as NodeApiError or NodeOperationError (re-wrapping keeps the original). */
export function wrap(context: AnyContext, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
	return new NodeApiError(context.getNode(), error as JsonObject);
}

/**
 * Brings an existing webhook in line with the parameters: adds configured addresses it lacks,
 * removes the addresses this trigger registered before but no longer lists (those added
 * elsewhere stay), re-activates it (the service deactivates webhooks whose deliveries keep
 * failing), and corrects url, flags and name.
 */
export async function reconcileWebhook(
	this: HookContext,
	webhook: RemoteWebhook,
	config: TriggerConfig,
	url: string,
	label: { name: string; description: string },
	previouslyOwn: string[],
): Promise<RemoteWebhook> {
	await addAddresses.call(this, webhook.id, missingAddresses(webhook, config), config.addresses.length);
	const dropped = droppedAddresses(webhook, config, previouslyOwn);
	await removeAddresses.call(this, webhook.id, dropped);
	const changes: IDataObject = {};
	if (webhook.status !== 'active') changes.status = 'active';
	if (webhook.url !== url) changes.url = url;
	if (Boolean(webhook.includeInternalTxs) !== config.includeInternalTxs) changes.includeInternalTxs = config.includeInternalTxs;
	if (Boolean(webhook.includeLogs) !== config.includeLogs) changes.includeLogs = config.includeLogs;
	if (webhook.name !== label.name) {
		changes.name = label.name;
		changes.description = label.description;
	}
	if (Object.keys(changes).length > 0) return await updateWebhook.call(this, webhook.id, changes);
	const remaining = new Set(dropped);
	const addresses = [...(webhook.metadata?.addresses ?? []).filter((address) => !remaining.has(address.toLowerCase())), ...missingAddresses(webhook, config)];
	return { ...webhook, metadata: { ...webhook.metadata, addresses } };
}
