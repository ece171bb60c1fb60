/**
 * Activation and deactivation of a P-Chain or validator trigger: one webhook, found, created and
 * removed as the EVM trigger's is, without addresses to reconcile; the gap between deactivation and
 * activation is caught up from the primary network's history (../catchUp/primaryGaps.ts).
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { storeInStaticData } from '../../shared/n8n/n8nInternals';
import { isNotFoundError } from '../../shared/service/serviceErrors';
import { toNodeError } from '../../shared/service/nodeErrors';
import { servicePages } from '../../shared/service/pagination';
import { VALIDATOR_THRESHOLD_ALIAS } from '../../shared/model/primaryNetwork';
import { primaryNetworkCreateBody, primaryNetworkMetadata } from '../../shared/service/primaryNetworkWebhooks';
import { serviceRequest, type ServiceCall } from '../../shared/service/transport';
import { deleteWebhook, fetchSharedSecret, getWebhook, updateWebhook, type RemoteWebhook } from '../../shared/service/webhooks';
import { credentialKey, recordSharedSecret } from '../../shared/memory/sharedSecrets';
import { catchUpDeadline } from '../catchUp/gaps';
import { primaryCatchUpAfterActivation, primaryGapStart, recordPrimaryGap, recordPrimaryRuns } from '../catchUp/primaryGaps';
import { forgetWebhooksAt, rememberWebhook } from '../memory/knownWebhooks';
import type { PrimaryNetworkParameters } from '../parameters/readPrimaryNetworkParameters';
import { clearPrimaryPosition } from '../staticData/positionSlots';
import { clearPrimaryCatchUp } from '../staticData/primaryCatchUp';
import { clearRegistration, registrationState } from '../staticData/registration';

/** Where the trigger stands: its own URL and whether it is a test listener (which keeps no static data). */
export interface Lifecycle {
	url: string;
	isTest: boolean;
	label: { name: string; description: string };
	call: ServiceCall;
	/** Told the webhook's id once it is registered and receives (Execute step's sample names it). */
	registered?: (webhookId: string) => void;
}

/** The account's webhook of this event type registered with `url`, if any. */
async function findByUrl(context: IHookFunctions, eventType: string, url: string, call: ServiceCall): Promise<RemoteWebhook | undefined> {
	for await (const page of servicePages.call(context, { path: '/v1/webhooks', listField: 'webhooks', ...call })) {
		const match = (page.entries as RemoteWebhook[]).find((webhook) => webhook.url === url && webhook.eventType === eventType);
		if (match) return match;
	}
	return undefined;
}

async function findOwn(context: IHookFunctions, parameters: PrimaryNetworkParameters, lifecycle: Lifecycle): Promise<RemoteWebhook | undefined> {
	const state = registrationState(context);
	if (!lifecycle.isTest && state.webhookId && state.webhookUrl === lifecycle.url) {
		try {
			return await getWebhook.call(context, state.webhookId, lifecycle.call);
		} catch (error) {
			if (!isNotFoundError(error)) throw toNodeError(context, error);
		}
	}
	return await findByUrl(context, parameters.watch.eventType, lifecycle.url, lifecycle.call);
}

/** A value in a form that compares equal whatever the order of its lists (and the threshold sub-event's other name). */
function normalised(value: unknown): unknown {
	if (Array.isArray(value)) return value.map((entry) => (entry === VALIDATOR_THRESHOLD_ALIAS ? 'l1_validator_balance_threshold' : normalised(entry))).map((entry) => JSON.stringify(entry)).sort();
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value as IDataObject).filter(([, entry]) => entry !== undefined && !(Array.isArray(entry) && entry.length === 0)).sort(([a], [b]) => a.localeCompare(b)).map(([key, entry]) => [key, normalised(entry)]));
	}
	return value;
}

/** A P-Chain address as the trigger writes it ("P-" and lower case), or the text unchanged. */
function parsePChainKey(key: string): string {
	return /^p-/i.test(key) ? `P-${key.slice(2).toLowerCase()}` : key;
}

const WATCHED_FIELDS = ['keyType', 'keys', 'subEvents', 'balanceThresholdFilter', 'nodeIds', 'subnetIds', 'l1ValidatorFeeBalanceThreshold'];

/**
 * Whether the webhook watches what the parameters say. Keys, sub-events and thresholds cannot be
 * changed on an existing webhook (the service's PATCH takes none of them): a change needs a new one.
 */
function watchesTheSame(context: IHookFunctions, webhook: RemoteWebhook, parameters: PrimaryNetworkParameters, isTest: boolean): boolean {
	if (webhook.eventType !== parameters.watch.eventType) return false;
	// Responses carry no network: the one recorded at registration stands for it.
	if (!isTest && registrationState(context).network !== parameters.watch.network) return false;
	const expected = primaryNetworkMetadata(parameters.watch);
	const actual = { ...((webhook.metadata ?? {}) as IDataObject) };
	// P-Chain addresses are bech32, whose letter case carries no meaning (node and subnet IDs' does).
	if (expected.keyType === 'addresses' && Array.isArray(actual.keys)) {
		actual.keys = (actual.keys as unknown[]).map((key) => (typeof key === 'string' ? parsePChainKey(key) : key));
	}
	return WATCHED_FIELDS.every((field) => JSON.stringify(normalised(actual[field]) ?? null) === JSON.stringify(normalised(expected[field]) ?? null));
}

async function afterRegistration(context: IHookFunctions, webhook: RemoteWebhook, parameters: PrimaryNetworkParameters, lifecycle: Lifecycle): Promise<void> {
	// Read at every activation, so that a key without the webhook privilege fails activation rather than every delivery.
	if (parameters.verifySignature) {
		recordSharedSecret(credentialKey(context), await fetchSharedSecret.call(context, lifecycle.call));
	}
	rememberWebhook(lifecycle.url, webhook);
	lifecycle.registered?.(webhook.id);
	if (!lifecycle.isTest) Object.assign(registrationState(context), { webhookId: webhook.id, webhookUrl: lifecycle.url, network: parameters.watch.network });
}

/** Once the webhook receives: the gap before it is caught up (production only), and where receiving resumed is marked. */
async function catchUp(context: IHookFunctions, webhookId: string, wasReceiving: boolean, parameters: PrimaryNetworkParameters, lifecycle: Lifecycle): Promise<void> {
	if (lifecycle.isTest) return;
	const receiving = { url: lifecycle.url, webhookId, wasReceiving, verifySignature: parameters.verifySignature };
	try {
		await primaryCatchUpAfterActivation(context, parameters.watch, receiving, { call: lifecycle.call, ends: catchUpDeadline(lifecycle.call.deadline) });
	} finally {
		recordPrimaryRuns(context, lifecycle.url);
	}
}

/** True when the trigger's webhook exists and watches what the parameters say (set active, pointed here, renamed as needed). */
export async function checkPrimaryNetworkWebhook(context: IHookFunctions, parameters: PrimaryNetworkParameters, lifecycle: Lifecycle): Promise<boolean> {
	const webhook = await findOwn(context, parameters, lifecycle);
	if (webhook === undefined || !watchesTheSame(context, webhook, parameters, lifecycle.isTest)) {
		if (webhook !== undefined) await deleteWebhook.call(context, webhook.id, lifecycle.call);
		forgetWebhooksAt(lifecycle.url);
		if (!lifecycle.isTest) clearRegistration(registrationState(context));
		return false;
	}
	const changes: IDataObject = {};
	if (webhook.status !== 'active') changes.status = 'active';
	if (webhook.url !== lifecycle.url) changes.url = lifecycle.url;
	if (webhook.name !== lifecycle.label.name) Object.assign(changes, lifecycle.label);
	const current = Object.keys(changes).length > 0 ? await updateWebhook.call(context, webhook.id, changes, lifecycle.call) : webhook;
	await afterRegistration(context, current, parameters, lifecycle);
	await catchUp(context, current.id, webhook.status === 'active', parameters, lifecycle);
	return true;
}

/** Registers the webhook; if reading the secret then fails, removes it again so nothing is left behind. */
export async function createPrimaryNetworkWebhook(context: IHookFunctions, parameters: PrimaryNetworkParameters, lifecycle: Lifecycle): Promise<boolean> {
	const state = registrationState(context);
	if (!lifecycle.isTest && state.webhookId && state.webhookUrl !== lifecycle.url) {
		// n8n's public URL changed since the last activation: the old webhook is ours too.
		await deleteWebhook.call(context, state.webhookId, lifecycle.call);
		clearRegistration(state);
	}
	const body = primaryNetworkCreateBody(parameters.watch, { url: lifecycle.url, ...lifecycle.label });
	let webhook: RemoteWebhook;
	try {
		webhook = (await serviceRequest.call(context, { method: 'POST', path: '/v1/webhooks', body, ...lifecycle.call })) as RemoteWebhook;
	} catch (error) {
		throw toNodeError(context, error);
	}
	try {
		await afterRegistration(context, webhook, parameters, lifecycle);
	} catch (error) {
		forgetWebhooksAt(lifecycle.url);
		await deleteWebhook.call(context, webhook.id, lifecycle.call);
		throw toNodeError(context, error);
	}
	await catchUp(context, webhook.id, false, parameters, lifecycle);
	return true;
}

/** Deletes the webhook (gone already counts as deleted), or keeps it inactive when On Deactivation says so. */
export async function removePrimaryNetworkWebhook(
	context: IHookFunctions,
	parameters: Pick<PrimaryNetworkParameters, 'eventType' | 'onDeactivation'> & { watch?: PrimaryNetworkParameters['watch'] },
	lifecycle: Omit<Lifecycle, 'label'>,
): Promise<boolean> {
	const state = registrationState(context);
	const keep = parameters.onDeactivation === 'keep' && !lifecycle.isTest;
	const targets = new Set<string>();
	if (!lifecycle.isTest && state.webhookId) targets.add(state.webhookId);
	const byUrl = await findByUrl(context, parameters.eventType, lifecycle.url, lifecycle.call);
	if (byUrl !== undefined) targets.add(byUrl.id);
	// Where the gap starts, read before the webhook stops (parameters made invalid since: no fee balances recorded).
	const gap = parameters.watch === undefined ? undefined : await primaryGapStart(context, parameters.watch, lifecycle.url, byUrl?.status === 'active', lifecycle.call);
	forgetWebhooksAt(lifecycle.url);
	for (const webhookId of targets) {
		if (!keep) {
			await deleteWebhook.call(context, webhookId, lifecycle.call);
			continue;
		}
		try {
			await updateWebhook.call(context, webhookId, { status: 'inactive' }, lifecycle.call);
		} catch (error) {
			if (!isNotFoundError(error)) throw toNodeError(context, error);
		}
	}
	if (!lifecycle.isTest && !keep) clearRegistration(state);
	recordPrimaryGap(context, lifecycle.url, gap);
	if (!lifecycle.isTest) recordPrimaryRuns(context, lifecycle.url);
	return true;
}

/**
 * Before a production activation: webhooks this node registered for the other kind of event
 * (its Event was changed) are deleted, so none is left behind delivering to this URL. EVM webhooks
 * are recorded per chain, a P-Chain or validator webhook at the top of static data.
 */
export async function removeOtherEventTypeWebhooks(context: IHookFunctions, primaryNetwork: boolean, call: ServiceCall): Promise<void> {
	if (context.getMode() === 'manual') return;
	const data = context.getWorkflowStaticData('node');
	if (primaryNetwork) {
		const chains = (data.chains ?? {}) as Record<string, { webhookId?: string }>;
		for (const state of Object.values(chains)) if (state.webhookId) await deleteWebhook.call(context, state.webhookId, call);
		storeInStaticData(data, 'chains', undefined);
	} else {
		if (data.network !== undefined && typeof data.webhookId === 'string') await deleteWebhook.call(context, data.webhookId, call);
		if (data.network !== undefined) clearRegistration(data);
		clearPrimaryCatchUp(data);
		clearPrimaryPosition(data);
	}
}
