import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { fetchNativeToken, searchWebhookChains } from '../shared/chains';
import { testAddressActivityApi } from '../shared/credentialTest';
import { isNotFoundError, toNodeError } from '../shared/errors';
import {
	changeAddresses,
	createWebhook,
	deleteWebhook,
	fetchSharedSecret,
	findWebhookByUrl,
	getWebhook,
	updateWebhook,
	type RemoteWebhook,
	type ServiceCall,
} from '../shared/webhooks';
import { catchUpAfterActivation, gapStart, recordGap } from './catchUp';
import { rememberWebhook } from './deliveryLookups';
import { knownWebhooks, lifecycleStarts, nativeTokens, sharedSecrets } from './processMemory';
import { triggerProperties } from './properties';
import { triggerSubtitle } from '../shared/triggerSubtitle';
import { receiveDelivery } from './receive';
import { receivePrimaryNetworkDelivery } from './primaryNetworkReceive';
import { canBeUpdated, reconcileWebhook, webhookLabel } from './registration';
import { clearRegistration, recordRegistration, registrationState } from './staticData';
import { readTriggerConfig, type OnDeactivation, type TriggerConfig } from './triggerConfig';
import { readPrimaryNetworkConfig, readPrimaryNetworkDeliveryConfig, type PrimaryNetworkConfig } from './primaryNetworkConfig';
import {
	checkPrimaryNetworkWebhook,
	createPrimaryNetworkWebhook,
	removePrimaryNetworkWebhook,
	type Lifecycle,
} from './primaryNetworkLifecycle';

function ownUrl(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(context.getNode(), 'n8n did not provide a webhook URL for this trigger');
	return url;
}

/** A listening "test event" registers a temporary webhook at the test URL and keeps no static data. */
function isTestListening(context: IHookFunctions): boolean {
	return context.getMode() === 'manual';
}

/**
 * After registration: this process knows the webhook, the chain's native token and the secret
 * at once (in single-instance n8n the deliveries arrive here; webhook processes learn them on
 * their first delivery), and the production registration is recorded in static data.
 */
async function afterRegistration(context: IHookFunctions, webhook: RemoteWebhook, config: TriggerConfig, url: string, call: ServiceCall): Promise<void> {
	const credentialId = context.getNode().credentials?.addressActivityApi?.id ?? 'default';
	// Read at every activation (the credential may now hold another account's key), so that a key
	// without the webhook privilege fails activation rather than every delivery.
	if (config.verifySignature) {
		sharedSecrets.set(credentialId, { secret: await fetchSharedSecret.call(context, call), readStartedAt: 0 });
	}
	if (nativeTokens.get(config.chainId) === undefined) {
		nativeTokens.set(config.chainId, await fetchNativeToken.call(context, config.chainId, call));
	}
	rememberWebhook(url, webhook);
	if (!isTestListening(context)) recordRegistration(registrationState(context), webhook, url, config);
}

/**
 * This trigger's webhook: the one it recorded creating (even if its URL was changed elsewhere:
 * reconciling points it back), else the one registered at its URL.
 */
async function findOwnWebhook(context: IHookFunctions, url: string, call: ServiceCall): Promise<RemoteWebhook | undefined> {
	const state = registrationState(context);
	if (!isTestListening(context) && state.webhookId && state.webhookUrl === url) {
		try {
			return await getWebhook.call(context, state.webhookId, call);
		} catch (error) {
			if (!isNotFoundError(error)) throw toNodeError(context, error);
		}
	}
	// The URL is unique to this workflow and node: it finds a webhook whose id was never recorded
	// (activation still running, a failed save) or one kept at deactivation.
	return await findWebhookByUrl.call(context, url, call);
}

/**
 * What an activation or deactivation may spend on the service, retries included. n8n 2.41 retries
 * a failed activation for up to 84 s, then ends it with its own message: calls that follow a
 * failure within that time share the first one's budget, so the node's message ends it instead.
 */
const LIFECYCLE_BUDGET_MS = 45_000;
const CLEANUP_BUDGET_MS = 10_000;
const N8N_PUBLICATION_DEADLINE_MS = 84_000;

async function withinLifecycleBudget<T>(context: IHookFunctions, work: (call: ServiceCall) => Promise<T>): Promise<T> {
	const key = `${context.getWorkflow().id ?? ''}/${context.getNode().name}/${isTestListening(context) ? 'test' : 'production'}`;
	const now = Date.now();
	const failing = lifecycleStarts.get(key);
	const started = failing !== undefined && now < failing + N8N_PUBLICATION_DEADLINE_MS ? failing : now;
	lifecycleStarts.set(key, started);
	const result = await work({ deadline: started + LIFECYCLE_BUDGET_MS });
	lifecycleStarts.delete(key);
	return result;
}

/** Where a P-Chain or validator trigger's lifecycle stands (its parameters are checked first, before any request). */
function primaryNetworkLifecycle(context: IHookFunctions, config: PrimaryNetworkConfig, call: ServiceCall): Lifecycle {
	const isTest = isTestListening(context);
	return { url: ownUrl(context), isTest, label: webhookLabel(context, config, isTest), call };
}

export class AddressActivityTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Address Activity Trigger',
		name: 'addressActivityTrigger',
		icon: { light: 'file:../../icons/addressActivity.svg', dark: 'file:../../icons/addressActivity.dark.svg' },
		group: ['trigger'],
		// Version 2 changes no parameter: n8n evaluates an extra expression on every request for version 1 webhook nodes.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: triggerSubtitle,
		// n8n's nodes panel lists this trigger under the Address Activity app and shows this line as
		// the app's description; the public-URL advice is the notice at the top of the parameters.
		description: 'Starts the workflow when a monitored blockchain address has activity',
		defaults: { name: 'Address Activity Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'addressActivityApi', required: true, testedBy: 'addressActivityApiTest' }],
		// Literal values only: an expression here would be evaluated on every delivery. An empty
		// responseData lets n8n answer with the node's webhookResponse once the run is accepted.
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: 'webhook' }],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchWebhookChains }, credentialTest: { addressActivityApiTest: testAddressActivityApi } };

	webhookMethods = {
		default: {
			/** True when our webhook exists at the service and matches the parameters (repairing what can be repaired). */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const primary = readPrimaryNetworkConfig(this);
				if (primary) return await withinLifecycleBudget(this, async (call) => await checkPrimaryNetworkWebhook(this, primary, primaryNetworkLifecycle(this, primary, call)));
				return await withinLifecycleBudget(this, async (call) => await checkExists(this, call));
			},

			/** Registers the webhook; if a later step fails, removes it again so nothing is left behind. */
			async create(this: IHookFunctions): Promise<boolean> {
				const primary = readPrimaryNetworkConfig(this);
				if (primary) return await withinLifecycleBudget(this, async (call) => await createPrimaryNetworkWebhook(this, primary, primaryNetworkLifecycle(this, primary, call)));
				return await withinLifecycleBudget(this, async (call) => await create(this, call));
			},

			/**
			 * Deletes the webhook (already gone counts as deleted), or keeps it inactive when the option
			 * says so. Found by its recorded id or by URL, so no path leaves an active webhook behind.
			 */
			async delete(this: IHookFunctions): Promise<boolean> {
				const primary = readPrimaryNetworkDeliveryConfig(this);
				if (primary) {
					const lifecycle = { url: ownUrl(this), isTest: isTestListening(this) };
					return await withinLifecycleBudget(this, async (call) => await removePrimaryNetworkWebhook(this, primary, { ...lifecycle, call }));
				}
				return await withinLifecycleBudget(this, async (call) => await remove(this, call));
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const primary = readPrimaryNetworkDeliveryConfig(this);
		if (primary) return await receivePrimaryNetworkDelivery(this, primary);
		return await receiveDelivery.call(this);
	}
}

/** True when our webhook exists at the service and matches the parameters (repairing what can be repaired). */
async function checkExists(context: IHookFunctions, call: ServiceCall): Promise<boolean> {
	const config = readTriggerConfig.call(context);
	const url = ownUrl(context);
	const state = registrationState(context);
	const webhook = await findOwnWebhook(context, url, call);
	if (webhook === undefined) {
		// Deleted at the service: forget it, so that create() registers a new one.
		if (!isTestListening(context)) clearRegistration(state);
		return false;
	}
	if (!canBeUpdated(webhook, config)) {
		// The chain or the event signatures changed, which the service cannot update: replace it.
		await deleteWebhook.call(context, webhook.id, call);
		knownWebhooks.delete(url);
		if (!isTestListening(context)) clearRegistration(state);
		return false;
	}
	const label = webhookLabel(context, config, isTestListening(context));
	const previouslyOwn = isTestListening(context) ? [] : (state.ownAddresses ?? []);
	const reconciled = await reconcileWebhook.call(context, webhook, config, url, label, previouslyOwn, call);
	await afterRegistration(context, reconciled, config, url, call);
	await catchUpAfterActivation(context, config, url, reconciled.id, webhook.status === 'active');
	return true;
}

/** Registers the webhook; if a later step fails, removes it again so nothing is left behind. */
async function create(context: IHookFunctions, call: ServiceCall): Promise<boolean> {
	const config = readTriggerConfig.call(context);
	const url = ownUrl(context);
	const state = registrationState(context);
	if (!isTestListening(context) && state.webhookId && state.webhookUrl !== url) {
		// n8n's public URL changed since the last activation: the old webhook is ours too.
		await deleteWebhook.call(context, state.webhookId, call);
		clearRegistration(state);
	}
	const label = webhookLabel(context, config, isTestListening(context));
	const { webhook, remainingAddresses } = await createWebhook.call(
		context,
		{ ...config, addresses: config.addresses.list, url, name: label.name, description: label.description },
		{ configured: config.addresses.size, ...call },
	);
	try {
		await changeAddresses.call(context, 'add', webhook.id, remainingAddresses, { configured: config.addresses.size, ...call });
		const addresses = [...(webhook.metadata?.addresses ?? []), ...remainingAddresses];
		await afterRegistration(context, { ...webhook, metadata: { ...webhook.metadata, addresses } }, config, url, call);
	} catch (error) {
		await removeAfterFailedCreate(context, webhook.id, url, error, call);
	}
	await catchUpAfterActivation(context, config, url, webhook.id, false);
	return true;
}

/**
 * Deletes the webhook (already gone counts as deleted), or keeps it inactive when the option
 * says so. Found by its recorded id or by URL, so no path leaves an active webhook behind.
 */
async function remove(context: IHookFunctions, call: ServiceCall): Promise<boolean> {
	const url = ownUrl(context);
	const state = registrationState(context);
	knownWebhooks.delete(url);
	const onDeactivation = context.getNodeParameter('options.onDeactivation', 'delete') as OnDeactivation;
	const keep = onDeactivation === 'keep' && !isTestListening(context);
	const targets = new Set<string>();
	if (!isTestListening(context) && state.webhookId) targets.add(state.webhookId);
	const byUrl = await findWebhookByUrl.call(context, url, call);
	if (byUrl !== undefined) targets.add(byUrl.id);
	const gap = await gapStart(context, state.chainId, byUrl?.status === 'active');
	for (const webhookId of targets) {
		if (!keep) {
			await deleteWebhook.call(context, webhookId, call);
			continue;
		}
		try {
			await updateWebhook.call(context, webhookId, { status: 'inactive' }, call);
		} catch (error) {
			if (!isNotFoundError(error)) throw toNodeError(context, error);
		}
	}
	if (!isTestListening(context) && !keep) clearRegistration(state);
	recordGap(context, url, gap);
	return true;
}

/** Removes a just-created webhook after a later step failed, then reports the failure. */
async function removeAfterFailedCreate(context: IHookFunctions, webhookId: string, url: string, error: unknown, call: ServiceCall): Promise<never> {
	const failure = toNodeError(context, error);
	knownWebhooks.delete(url);
	// Still inside n8n's 84 s when the failure used up the 45 s lifecycle budget.
	const deadline = Math.max(call.deadline ?? 0, Date.now() + CLEANUP_BUDGET_MS);
	try {
		await deleteWebhook.call(context, webhookId, { ...call, deadline });
	} catch (cleanupError) {
		throw new NodeOperationError(
			context.getNode(),
			`${failure.message}. The webhook ${webhookId} created moments before could not be removed again: ${(cleanupError as Error).message}`,
			{ description: 'Delete it with the Address Activity node (Webhook > Delete) or in the dashboard, then activate again.' },
		);
	}
	throw failure;
}
