import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { fetchNativeToken, searchWebhookChains } from '../shared/chains';
import { toNodeError } from '../shared/errors';
import { isNotFoundError } from '../shared/transport';
import {
	changeAddresses,
	createWebhook,
	deleteWebhook,
	fetchSharedSecret,
	findWebhookByUrl,
	getWebhook,
	updateWebhook,
	type RemoteWebhook,
} from '../shared/webhooks';
import { rememberWebhook } from './deliveryLookups';
import { knownWebhooks, nativeTokens, sharedSecrets } from './processMemory';
import { triggerProperties } from './properties';
import { receiveDelivery } from './receive';
import { canBeUpdated, reconcileWebhook, webhookLabel } from './registration';
import { clearRegistration, recordRegistration, registrationState } from './staticData';
import { readTriggerConfig, type OnDeactivation, type TriggerConfig } from './triggerConfig';

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
async function afterRegistration(context: IHookFunctions, webhook: RemoteWebhook, config: TriggerConfig, url: string): Promise<void> {
	const credentialId = context.getNode().credentials?.addressActivityApi?.id ?? 'default';
	// Read at every activation (the credential may now hold another account's key), so that a key
	// without the webhook privilege fails activation rather than every delivery.
	if (config.verifySignature) {
		sharedSecrets.set(credentialId, { secret: await fetchSharedSecret.call(context), readStartedAt: 0 });
	}
	if (nativeTokens.get(config.chainId) === undefined) {
		nativeTokens.set(config.chainId, await fetchNativeToken.call(context, config.chainId));
	}
	rememberWebhook(url, webhook);
	if (!isTestListening(context)) recordRegistration(registrationState(context), webhook, url, config);
}

/**
 * This trigger's webhook: the one it recorded creating (even if its URL was changed elsewhere:
 * reconciling points it back), else the one registered at its URL.
 */
async function findOwnWebhook(context: IHookFunctions, url: string): Promise<RemoteWebhook | undefined> {
	const state = registrationState(context);
	if (!isTestListening(context) && state.webhookId && state.webhookUrl === url) {
		try {
			return await getWebhook.call(context, state.webhookId);
		} catch (error) {
			if (!isNotFoundError(error)) throw toNodeError(context, error);
		}
	}
	// The URL is unique to this workflow and node: it finds a webhook whose id was never recorded
	// (activation still running, a failed save) or one kept at deactivation.
	return await findWebhookByUrl.call(context, url);
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
		subtitle: '={{$parameter["output"] === "raw" ? "Raw message" : "Transfers"}}',
		description:
			'Starts the workflow when a monitored blockchain address has activity. The service must reach this n8n at a public URL; without one (a laptop, a home or private network), use the Address Activity Poll Trigger.',
		defaults: { name: 'Address Activity Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'addressActivityApi', required: true }],
		// Literal values only: an expression here would be evaluated on every delivery. An empty
		// responseData lets n8n answer with the node's webhookResponse once the run is accepted.
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: 'webhook' }],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchWebhookChains } };

	webhookMethods = {
		default: {
			/** True when our webhook exists at the service and matches the parameters (repairing what can be repaired). */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const config = readTriggerConfig.call(this);
				const url = ownUrl(this);
				const state = registrationState(this);
				const webhook = await findOwnWebhook(this, url);
				if (webhook === undefined) {
					// Deleted at the service: forget it, so that create() registers a new one.
					if (!isTestListening(this)) clearRegistration(state);
					return false;
				}
				if (!canBeUpdated(webhook, config)) {
					// The chain or the event signatures changed, which the service cannot update: replace it.
					await deleteWebhook.call(this, webhook.id);
					knownWebhooks.delete(url);
					if (!isTestListening(this)) clearRegistration(state);
					return false;
				}
				const label = webhookLabel(this, config, isTestListening(this));
				const previouslyOwn = isTestListening(this) ? [] : (state.ownAddresses ?? []);
				const reconciled = await reconcileWebhook.call(this, webhook, config, url, label, previouslyOwn);
				await afterRegistration(this, reconciled, config, url);
				return true;
			},

			/** Registers the webhook; if a later step fails, removes it again so nothing is left behind. */
			async create(this: IHookFunctions): Promise<boolean> {
				const config = readTriggerConfig.call(this);
				const url = ownUrl(this);
				const state = registrationState(this);
				if (!isTestListening(this) && state.webhookId && state.webhookUrl !== url) {
					// n8n's public URL changed since the last activation: the old webhook is ours too.
					await deleteWebhook.call(this, state.webhookId);
					clearRegistration(state);
				}
				const label = webhookLabel(this, config, isTestListening(this));
				const { webhook, remainingAddresses } = await createWebhook.call(
					this,
					{ ...config, url, name: label.name, description: label.description },
					{ configured: config.addresses.length },
				);
				try {
					await changeAddresses.call(this, 'add', webhook.id, remainingAddresses, { configured: config.addresses.length });
					const addresses = [...(webhook.metadata?.addresses ?? []), ...remainingAddresses];
					await afterRegistration(this, { ...webhook, metadata: { ...webhook.metadata, addresses } }, config, url);
				} catch (error) {
					await removeAfterFailedCreate(this, webhook.id, url, error);
				}
				return true;
			},

			/**
			 * Deletes the webhook (already gone counts as deleted), or keeps it inactive when the option
			 * says so. Found by its recorded id or by URL, so no path leaves an active webhook behind.
			 */
			async delete(this: IHookFunctions): Promise<boolean> {
				const url = ownUrl(this);
				const state = registrationState(this);
				knownWebhooks.delete(url);
				const onDeactivation = this.getNodeParameter('options.onDeactivation', 'delete') as OnDeactivation;
				const keep = onDeactivation === 'keep' && !isTestListening(this);
				const targets = new Set<string>();
				if (!isTestListening(this) && state.webhookId) targets.add(state.webhookId);
				const byUrl = await findWebhookByUrl.call(this, url);
				if (byUrl !== undefined) targets.add(byUrl.id);
				for (const webhookId of targets) {
					if (!keep) {
						await deleteWebhook.call(this, webhookId);
						continue;
					}
					try {
						await updateWebhook.call(this, webhookId, { status: 'inactive' });
					} catch (error) {
						if (!isNotFoundError(error)) throw toNodeError(this, error);
					}
				}
				if (!isTestListening(this) && !keep) clearRegistration(state);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}

/** Removes a just-created webhook after a later step failed, then reports the failure. */
async function removeAfterFailedCreate(context: IHookFunctions, webhookId: string, url: string, error: unknown): Promise<never> {
	const failure = toNodeError(context, error);
	knownWebhooks.delete(url);
	try {
		await deleteWebhook.call(context, webhookId);
	} catch (cleanupError) {
		throw new NodeOperationError(
			context.getNode(),
			`${failure.message}. The webhook ${webhookId} created moments before could not be removed again: ${(cleanupError as Error).message}`,
			{ description: 'Delete it with the Address Activity node (Webhook > Delete) or in the dashboard, then activate again.' },
		);
	}
	throw failure;
}
