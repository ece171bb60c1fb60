/**
 * Activation and deactivation of an EVM address activity trigger: one webhook per chain at the
 * service, all registered at the trigger's one URL. Activation registers all or none (and catches
 * up on a gap: ../catchUp/gaps.ts); deactivation removes all.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IHookFunctions } from 'n8n-workflow';

import { fetchNativeToken } from '../../shared/service/chainData';
import { isNotFoundError } from '../../shared/service/serviceErrors';
import { toNodeError } from '../../shared/service/nodeErrors';
import {
	changeAddresses,
	createWebhook,
	deleteWebhook,
	fetchSharedSecret,
	findWebhookByUrl,
	findWebhooksByUrl,
	getWebhook,
	updateWebhook,
	type RemoteWebhook,
} from '../../shared/service/webhooks';
import type { ServiceCall } from '../../shared/service/transport';
import { catchUpAfterActivation, catchUpDeadline, gapStart, recordGap } from '../catchUp/gaps';
import { credentialKey, recordSharedSecret } from '../../shared/memory/sharedSecrets';
import { forgetWebhook, forgetWebhooksAt, rememberWebhook } from '../memory/knownWebhooks';
import { knownNativeToken, rememberNativeToken } from '../memory/nativeTokens';
import { canBeUpdated, reconcileWebhook, webhookLabel } from './reconcile';
import { chainState, chainStates, recordRegistration, saveChainStates, type ChainStates } from '../staticData/chainStates';
import { recordRunsInLifecycle } from '../staticData/positionWrites';
import { clearRegistration } from '../staticData/registration';
import { isTestListening, webhookUrlToRegister } from './triggerUrl';
import { readTriggerParameters, type OnDeactivation, type TriggerParameters } from '../parameters/readParameters';

/** The time given to removing webhooks (after a failed activation, or at deactivation) beyond the lifecycle budget. */
const CLEANUP_BUDGET_MS = 10_000;

/** `call` with time left to remove webhooks: still inside n8n's 84 s when earlier steps used up the 45 s lifecycle budget. */
function withCleanupTime(call: ServiceCall): ServiceCall {
	return { ...call, deadline: Math.max(call.deadline ?? 0, Date.now() + CLEANUP_BUDGET_MS) };
}

/** What one lifecycle call works with. */
interface Lifecycle {
	context: IHookFunctions;
	parameters: TriggerParameters;
	url: string;
	chains: ChainStates;
	call: ServiceCall;
	/** Whether this call read the shared secret already (once, for all chains). */
	secretRead?: boolean;
}

async function inLifecycle<T>(context: IHookFunctions, call: ServiceCall, work: (lifecycle: Lifecycle) => Promise<T>): Promise<T> {
	const parameters = readTriggerParameters.call(context);
	const url = webhookUrlToRegister(context);
	const chains = chainStates(context, parameters.chainIds);
	try {
		return await work({ context, parameters, url, chains, call });
	} finally {
		recordRunsEverywhere(context, chains, url);
		saveChainStates(context, chains);
	}
}

/** Every chain's record gets what this process ran and has not seen recorded (n8n saves this call's copy last). */
function recordRunsEverywhere(context: IHookFunctions, chains: ChainStates, url: string): void {
	for (const [chainId, state] of Object.entries(chains)) {
		const mark = state.catchUp?.mark;
		recordRunsInLifecycle(context, state, mark === undefined ? undefined : mark.block + 1, url, chainId);
	}
}

/**
 * After registration on one chain: this process knows the secret, the webhook and the chain's
 * native token at once (webhook processes learn them on their first delivery), and the
 * registration is recorded.
 */
async function afterRegistration(lifecycle: Lifecycle, chainId: string, webhook: RemoteWebhook): Promise<void> {
	const { context, parameters, url, chains, call } = lifecycle;
	// Read at every activation (the credential may now hold another account's key), so that a key
	// without the webhook privilege fails activation rather than every delivery.
	if (parameters.verifySignature && lifecycle.secretRead !== true) {
		recordSharedSecret(credentialKey(context), await fetchSharedSecret.call(context, call));
		lifecycle.secretRead = true;
	}
	if (knownNativeToken(chainId) === undefined) rememberNativeToken(chainId, await fetchNativeToken.call(context, chainId, call));
	rememberWebhook(url, webhook);
	recordRegistration(chainState(chains, chainId), webhook, url, parameters);
}

/** The webhook recorded for this chain (by checkExists, or an earlier publication), if it still exists. */
async function recordedWebhook({ context, url, chains, call }: Lifecycle, chainId: string): Promise<RemoteWebhook | undefined> {
	const state = chains[chainId];
	if (!state?.webhookId || state.webhookUrl !== url) return undefined;
	try {
		return await getWebhook.call(context, state.webhookId, call);
	} catch (error) {
		if (isNotFoundError(error)) return undefined;
		throw toNodeError(context, error);
	}
}

/**
 * This trigger's webhook on one chain: the one it recorded (even if its URL was changed elsewhere:
 * reconciling points it back), else the one registered at its URL on that chain.
 */
async function findOwnWebhook(lifecycle: Lifecycle, chainId: string): Promise<RemoteWebhook | undefined> {
	const { context, url, call } = lifecycle;
	// The URL is unique to this workflow and node: it finds a webhook whose id was never recorded
	// (activation still running, a failed save) or one kept at deactivation.
	return (await recordedWebhook(lifecycle, chainId)) ?? (await findWebhookByUrl.call(context, url, { chainId, ...call }));
}

/** Removes the webhooks recorded for chains no longer configured (the Chains parameter changed), and forgets those chains. */
async function removeUnwatchedChains({ context, parameters, chains, call }: Lifecycle): Promise<void> {
	for (const [chainId, state] of Object.entries(chains)) {
		if (parameters.chainIds.includes(chainId)) continue;
		if (state.webhookId !== undefined) await deleteWebhook.call(context, state.webhookId, call);
		delete chains[chainId];
	}
}

/** Brings a found webhook in line with the parameters and re-activates it. */
async function reconcile(lifecycle: Lifecycle, chainId: string, webhook: RemoteWebhook): Promise<RemoteWebhook> {
	const { context, parameters, url, chains, call } = lifecycle;
	const label = webhookLabel(context, parameters, isTestListening(context));
	return await reconcileWebhook.call(context, webhook, parameters, url, label, chains[chainId]?.ownAddresses ?? [], call);
}

/** True when every chain's webhook exists at the service and matches the parameters (repairing what can be repaired). */
export async function checkExists(context: IHookFunctions, call: ServiceCall): Promise<boolean> {
	return await inLifecycle(context, call, async (lifecycle) => {
		const { parameters, url, chains } = lifecycle;
		await removeUnwatchedChains(lifecycle);
		const found = new Map<string, RemoteWebhook>();
		for (const chainId of parameters.chainIds) {
			const state = chainState(chains, chainId);
			const webhook = await findOwnWebhook(lifecycle, chainId);
			if (webhook !== undefined && !canBeUpdated(webhook, parameters, chainId)) {
				// The event signatures changed, which the service cannot update: replace it.
				await deleteWebhook.call(context, webhook.id, call);
				forgetWebhook(url, webhook.id);
			}
			if (webhook === undefined || !canBeUpdated(webhook, parameters, chainId)) {
				// Gone (or replaced): create() registers it, and reuses the others found here.
				clearRegistration(state);
				continue;
			}
			Object.assign(state, { webhookId: webhook.id, webhookUrl: url });
			found.set(chainId, webhook);
		}
		if (found.size < parameters.chainIds.length) return false;
		for (const [chainId, webhook] of found) await afterRegistration(lifecycle, chainId, await reconcile(lifecycle, chainId, webhook));
		await catchUpEveryChain(lifecycle, found);
		return true;
	});
}

/** Once every chain's webhook receives: each chain catches up on its own gap. */
async function catchUpEveryChain({ context, parameters, url, chains, call }: Lifecycle, before: Map<string, RemoteWebhook | undefined>): Promise<void> {
	const budget = { call, ends: catchUpDeadline(call.deadline) };
	for (const chainId of parameters.chainIds) {
		const webhookId = chains[chainId]?.webhookId;
		if (webhookId === undefined) continue;
		const wasReceiving = before.get(chainId)?.status === 'active';
		await catchUpAfterActivation(context, chainState(chains, chainId), parameters, { chainId, url, webhookId, wasReceiving }, budget);
	}
}

/** A new webhook on one chain, with every configured address. */
async function createOnChain(lifecycle: Lifecycle, chainId: string, created: string[]): Promise<RemoteWebhook> {
	const { context, parameters, url, call } = lifecycle;
	const label = webhookLabel(context, parameters, isTestListening(context));
	const { webhook, remainingAddresses } = await createWebhook.call(
		context,
		{ ...parameters, chainId, addresses: parameters.addresses.list, url, name: label.name, description: label.description },
		{ configured: parameters.addresses.size, ...call },
	);
	created.push(webhook.id);
	await changeAddresses.call(context, 'add', webhook.id, remainingAddresses, { configured: parameters.addresses.size, ...call });
	return { ...webhook, metadata: { ...webhook.metadata, addresses: [...(webhook.metadata?.addresses ?? []), ...remainingAddresses] } };
}

/**
 * Registers a webhook on every chain (reusing those checkExists found); if any step fails, removes
 * the webhooks this call created, so an activation leaves all chains registered or none.
 */
export async function create(context: IHookFunctions, call: ServiceCall): Promise<boolean> {
	return await inLifecycle(context, call, async (lifecycle) => {
		const { parameters, url, chains } = lifecycle;
		for (const state of Object.values(chains)) {
			if (!state.webhookId || state.webhookUrl === url) continue;
			// n8n's public URL changed since the last activation: the old webhook is ours too.
			await deleteWebhook.call(context, state.webhookId, call);
			clearRegistration(state);
		}
		const created: string[] = [];
		const before = new Map<string, RemoteWebhook | undefined>();
		for (const chainId of parameters.chainIds) {
			try {
				const existing = await recordedWebhook(lifecycle, chainId);
				before.set(chainId, existing);
				const webhook = existing !== undefined ? await reconcile(lifecycle, chainId, existing) : await createOnChain(lifecycle, chainId, created);
				await afterRegistration(lifecycle, chainId, webhook);
			} catch (error) {
				await removeAfterFailedCreate(lifecycle, chainId, created, error);
			}
		}
		await catchUpEveryChain(lifecycle, before);
		return true;
	});
}

/**
 * Deletes every chain's webhook (already gone counts as deleted), or keeps them inactive when the
 * option says so. Found by recorded id and by URL, so no path leaves an active webhook behind.
 */
export async function remove(context: IHookFunctions, call: ServiceCall): Promise<boolean> {
	// Parameters edited into something invalid must not keep a deactivation from removing the webhooks.
	const url = webhookUrlToRegister(context);
	const chains = chainStates(context, configuredChains(context));
	try {
		const onDeactivation = context.getNodeParameter('options.onDeactivation', 'delete') as OnDeactivation;
		const keep = onDeactivation === 'keep' && !isTestListening(context);
		const targets = new Map<string, string>();
		for (const [chainId, state] of Object.entries(chains)) if (state.webhookId) targets.set(state.webhookId, chainId);
		const atUrl = await findWebhooksByUrl.call(context, url, call);
		for (const webhook of atUrl) targets.set(webhook.id, String(webhook.chainId));
		const gaps = new Map<string, Awaited<ReturnType<typeof gapStart>>>();
		for (const chainId of new Set(targets.values())) {
			const receiving = atUrl.some((webhook) => String(webhook.chainId) === chainId && webhook.status === 'active');
			gaps.set(chainId, await gapStart(context, chainState(chains, chainId), chainId, receiving, call));
		}
		forgetWebhooksAt(url);
		// Reading where the gaps start may have used up the budget: the webhooks are stopped all the same.
		const stopping = withCleanupTime(call);
		for (const webhookId of targets.keys()) {
			if (!keep) {
				await deleteWebhook.call(context, webhookId, stopping);
				continue;
			}
			try {
				await updateWebhook.call(context, webhookId, { status: 'inactive' }, stopping);
			} catch (error) {
				if (!isNotFoundError(error)) throw toNodeError(context, error);
			}
		}
		for (const [chainId, gap] of gaps) {
			if (!keep) clearRegistration(chainState(chains, chainId));
			recordGap(chainState(chains, chainId), chainId, url, gap);
		}
		return true;
	} finally {
		recordRunsEverywhere(context, chains, url);
		saveChainStates(context, chains);
	}
}

/** The configured chains when the parameters can be read; none otherwise (deactivation goes on by what is recorded). */
function configuredChains(context: IHookFunctions): string[] {
	try {
		return readTriggerParameters.call(context).chainIds;
	} catch {
		return [];
	}
}

/** Removes the webhooks this activation created after a later step failed, then reports the failure, naming its chain. */
async function removeAfterFailedCreate(lifecycle: Lifecycle, chainId: string, created: string[], error: unknown): Promise<never> {
	const { context, parameters, url, chains, call } = lifecycle;
	const failure = toNodeError(context, error);
	if (parameters.chainIds.length > 1) failure.message = `Chain ${chainId}: ${failure.message}`;
	const cleanup = withCleanupTime(call);
	const left: Array<{ webhookId: string; reason: string }> = [];
	for (const webhookId of created) {
		forgetWebhook(url, webhookId);
		for (const state of Object.values(chains)) if (state.webhookId === webhookId) clearRegistration(state);
		try {
			await deleteWebhook.call(context, webhookId, cleanup);
		} catch (cleanupError) {
			left.push({ webhookId, reason: (cleanupError as Error).message });
		}
	}
	if (left.length === 0) throw failure;
	throw new NodeOperationError(
		context.getNode(),
		`${failure.message}. The ${left.length === 1 ? 'webhook' : 'webhooks'} ${left.map((entry) => entry.webhookId).join(', ')} created moments before could not be removed again: ${left.map((entry) => entry.reason).join('; ')}`,
		{ description: 'Delete it with the Address Activity node (Webhook > Delete) or in the dashboard, then activate again.' },
	);
}
