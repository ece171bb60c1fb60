import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { getWebhookChains, searchWebhookChains } from '../shared/parameters/chainSearches';
import { testAddressActivityApi } from '../shared/service/credentialTest';
import type { ServiceCall } from '../shared/service/transport';
import { checkExists, create, isTestListening, remove, webhookUrlToRegister } from './lifecycle';
import { lifecycleStarts } from './processMemory';
import { triggerProperties } from './properties';
import { eventTypeSubtitle } from './primaryNetworkProperties';
import { triggerSubtitle } from '../shared/parameters/triggerSubtitle';
import { receiveDelivery } from './receive';
import { receivePrimaryNetworkDelivery } from './primaryNetworkReceive';
import { webhookLabel } from './registration';
import { readPrimaryNetworkConfig, readPrimaryNetworkDeliveryConfig, type PrimaryNetworkConfig } from './primaryNetworkConfig';
import {
	checkPrimaryNetworkWebhook,
	createPrimaryNetworkWebhook,
	removeOtherEventTypeWebhooks,
	removePrimaryNetworkWebhook,
	type Lifecycle,
} from './primaryNetworkLifecycle';

/**
 * What an activation or deactivation may spend on the service, retries included. n8n 2.41 retries
 * a failed activation for up to 84 s, then ends it with its own message: calls that follow a
 * failure within that time share the first one's budget, so the node's message ends it instead.
 */
const LIFECYCLE_BUDGET_MS = 45_000;
const N8N_PUBLICATION_DEADLINE_MS = 84_000;

async function withinLifecycleBudget<T>(context: IHookFunctions, work: (call: ServiceCall) => Promise<T>): Promise<T> {
	const key = `${context.getWorkflow().id ?? ''}/${context.getNode().name}/${context.getMode() === 'manual' ? 'test' : 'production'}`;
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
	return { url: webhookUrlToRegister(context), isTest, label: webhookLabel(context, config, isTest), call };
}

export class AddressActivityTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Address Activity Trigger',
		name: 'addressActivityTrigger',
		icon: { light: 'file:../../icons/addressActivity.svg', dark: 'file:../../icons/addressActivity.dark.svg' },
		group: ['trigger'],
		// Version 2 changes no parameter: n8n evaluates an extra expression on every request for version 1 webhook nodes.
		// Version 3 takes several chains (Chains, a list); 1 and 2 keep the single Chain of their saved workflows.
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: eventTypeSubtitle(triggerSubtitle),
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

	methods = { listSearch: { searchWebhookChains }, loadOptions: { getWebhookChains }, credentialTest: { addressActivityApiTest: testAddressActivityApi } };

	webhookMethods = {
		default: {
			/** True when every chain's webhook exists at the service and matches the parameters (repairing what can be repaired). */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const primary = readPrimaryNetworkConfig(this);
				return await withinLifecycleBudget(this, async (call) => {
					// After the parameters were checked (no request before a bad one is refused).
					if (primary === undefined) {
						const exists = await checkExists(this, call);
						await removeOtherEventTypeWebhooks(this, false, call);
						return exists;
					}
					await removeOtherEventTypeWebhooks(this, true, call);
					return await checkPrimaryNetworkWebhook(this, primary, primaryNetworkLifecycle(this, primary, call));
				});
			},

			/** Registers a webhook per chain, all or none: if a step fails, removes what it created. */
			async create(this: IHookFunctions): Promise<boolean> {
				const primary = readPrimaryNetworkConfig(this);
				if (primary) return await withinLifecycleBudget(this, async (call) => await createPrimaryNetworkWebhook(this, primary, primaryNetworkLifecycle(this, primary, call)));
				return await withinLifecycleBudget(this, async (call) => await create(this, call));
			},

			/** Deletes every chain's webhook, or keeps them inactive when On Deactivation says so. */
			async delete(this: IHookFunctions): Promise<boolean> {
				const primary = readPrimaryNetworkDeliveryConfig(this);
				if (primary) {
					const lifecycle = { url: webhookUrlToRegister(this), isTest: isTestListening(this) };
					return await withinLifecycleBudget(this, async (call) => await removePrimaryNetworkWebhook(this, primary, { ...lifecycle, call }));
				}
				return await withinLifecycleBudget(this, async (call) => await remove(this, call));
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const primary = readPrimaryNetworkDeliveryConfig(this);
		if (primary) return await receivePrimaryNetworkDelivery(this, primary);
		return await receiveDelivery(this);
	}
}
