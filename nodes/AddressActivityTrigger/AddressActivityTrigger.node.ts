import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { searchWebhookChains } from '../shared/chains';
import { isNotFoundError } from '../shared/transport';
import { triggerProperties } from './properties';
import { receiveDelivery } from './receive';
import {
	addAddresses,
	canBeUpdated,
	clearRegistration,
	createWebhook,
	deleteWebhook,
	fetchNativeToken,
	fetchSharedSecret,
	findWebhookByUrl,
	getWebhook,
	registrationState,
	reconcileWebhook,
	updateWebhook,
	webhookLabel,
	wrap,
	type RemoteWebhook,
} from './registration';
import { readTriggerConfig, type OnDeactivation } from './triggerConfig';

function ownUrl(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(context.getNode(), 'n8n did not provide a webhook URL for this trigger');
	return url;
}

/** A listening "test event" registers a temporary webhook at the test URL. */
function isTestListening(context: IHookFunctions): boolean {
	return context.getMode() === 'manual';
}

export class AddressActivityTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Address Activity Trigger',
		name: 'addressActivityTrigger',
		icon: { light: 'file:../../icons/addressActivity.svg', dark: 'file:../../icons/addressActivity.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["output"] === "raw" ? "Raw message" : "Transfers"}}',
		description: 'Starts the workflow when a monitored blockchain address has activity',
		defaults: { name: 'Address Activity Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'addressActivityApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
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
				let webhook: RemoteWebhook | undefined;
				if (state.webhookId && state.webhookUrl === url) {
					try {
						webhook = await getWebhook.call(this, state.webhookId);
					} catch (error) {
						if (!isNotFoundError(error)) throw wrap(this, error);
						// Deleted at the service: forget it so that create() registers a new one.
						clearRegistration(state);
					}
				}
				// The URL is unique to this workflow and node: it finds a webhook kept at deactivation or
				// one whose id was lost, so a second one is never created.
				webhook ??= await findWebhookByUrl.call(this, url);
				if (webhook === undefined) return false;
				if (!canBeUpdated(webhook, config)) {
					// The chain or the event signatures changed, which the service cannot update: replace it.
					await deleteWebhook.call(this, webhook.id);
					clearRegistration(state);
					return false;
				}
				await reconcileWebhook.call(this, webhook, config, url, webhookLabel(this, config, isTestListening(this)));
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
				}
				clearRegistration(state);
				const nativeToken = await fetchNativeToken.call(this, config.chainId);
				const label = webhookLabel(this, config, isTestListening(this));
				const { webhook, remainingAddresses } = await createWebhook.call(this, config, url, label);
				try {
					await addAddresses.call(this, webhook.id, remainingAddresses, config.addresses.length);
					const sharedSecret = config.verifySignature ? await fetchSharedSecret.call(this) : undefined;
					Object.assign(state, { webhookId: webhook.id, webhookUrl: url, chainId: config.chainId, nativeToken });
					if (sharedSecret !== undefined) state.sharedSecret = sharedSecret;
				} catch (error) {
					await removeAfterFailedCreate(this, webhook.id, error);
				}
				return true;
			},

			/** Deletes the webhook (already gone counts as deleted), or keeps it inactive when the option says so. */
			async delete(this: IHookFunctions): Promise<boolean> {
				const state = registrationState(this);
				const webhookId = state.webhookId;
				if (!webhookId || state.webhookUrl !== this.getNodeWebhookUrl('default')) return true;
				const onDeactivation = this.getNodeParameter('options.onDeactivation', 'delete') as OnDeactivation;
				if (onDeactivation === 'keep' && !isTestListening(this)) {
					try {
						await updateWebhook.call(this, webhookId, { status: 'inactive' });
					} catch (error) {
						if (!isNotFoundError(error)) throw wrap(this, error);
						clearRegistration(state);
					}
					return true;
				}
				await deleteWebhook.call(this, webhookId);
				clearRegistration(state);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}

/** Removes a just-created webhook after a later step failed, then reports the failure. */
async function removeAfterFailedCreate(context: IHookFunctions, webhookId: string, error: unknown): Promise<never> {
	const failure = wrap(context, error);
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
