/**
 * The webhook trigger. A map of where things live:
 * - A POST to the trigger's URL: webhook() below -> eventKinds/ (EVM address activity, or a P-Chain or
 *   validator event type) -> receive/verifiedRequest.ts (its x-signature, with
 *   ../shared/model/deliverySignature.ts) -> one receiver: receive/evmDelivery.ts,
 *   receive/primaryNetworkDelivery.ts, or the trigger's own catch-up request (catchUp/request.ts tells
 *   it apart; catchUp/run.ts, catchUp/resume.ts). Whether a copy runs: receive/copies.ts.
 * - Activation and deactivation (webhookMethods): eventKinds/ -> lifecycle/ (catchUp/gaps.ts records
 *   and closes a gap).
 * - What one process remembers (lost on restart, never in static data): memory/, a module each
 *   (memory/processMemory.ts lists them); the account's shared secret in ../shared/memory/sharedSecrets.ts.
 * - What the workflow keeps in static data (the webhooks registered, where a catch-up starts): staticData/.
 */
import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { EVENT_TYPES } from '../shared/model/primaryNetwork';
import { getWebhookChains, searchWebhookChains } from '../shared/parameters/chainSearches';
import { triggerSubtitle } from '../shared/parameters/triggerSubtitle';
import { testAddressActivityApi } from '../shared/service/credentialTest';
import { receivePrimaryCatchUp } from './catchUp/primaryRun';
import { receiveCatchUp } from './catchUp/run';
import { receiveFlush } from './catchUp/flush';
import { receiveHeal, receiveResume } from './catchUp/resume';
import { receivePrimarySample } from './sample/primarySample';
import { receiveSample } from './sample/run';
import type { EventKind } from './eventKinds/eventKind';
import { evmAddressActivity } from './eventKinds/evmAddressActivity';
import { primaryNetworkActivity } from './eventKinds/primaryNetworkActivity';
import { triggerParameterList } from './parameters/parameterList';
import { eventTypeSubtitle } from './parameters/primaryNetworkParameters';
import { readEventType } from './parameters/readParameters';
import { receiveEvmDelivery } from './receive/evmDelivery';
import { receivePrimaryNetworkDelivery } from './receive/primaryNetworkDelivery';

/**
 * The help n8n's trigger panel shows beside Execute step (HTML as n8n renders it there): how test
 * and published runs differ, and that the service needs this n8n's public URL, said where the URL
 * matters rather than as a notice over the parameters.
 */
const TRIGGER_PANEL: INodeTypeDescription['triggerPanel'] = {
	header: '',
	executionsHelp: {
		inactive:
			"<b>While building the workflow</b>, click Execute step: the newest matching transfer of the addresses shows here at once, read from chain data and marked sample. Click it again within 10 minutes to wait for a live transfer.<br /><br /><b>Then publish the workflow</b>: every matching transfer starts an execution, listed under the workflow's executions.<br /><br />The service delivers to this n8n's public webhook URL. An n8n the internet cannot reach (a laptop, a home or private network) receives no live transfer: use the Address Activity Poll Trigger there.",
		active:
			"<b>While building the workflow</b>, click Execute step: the newest matching transfer of the addresses shows here at once, read from chain data and marked sample. Click it again within 10 minutes to wait for a live transfer.<br /><br />The workflow is published: every matching transfer starts an execution, listed in the <a data-key=\"executions\">executions list</a>.<br /><br />The service delivers to this n8n's public webhook URL. An n8n the internet cannot reach (a laptop, a home or private network) receives no live transfer: use the Address Activity Poll Trigger there.",
	},
	activationHint: 'Once the workflow works, publish it: every matching transfer then starts an execution, without clicking here.',
};

/** The trigger's Event, read once per call: EVM address activity, or a P-Chain or validator event type. */
function eventKindOf(context: IHookFunctions | IWebhookFunctions): EventKind {
	const eventType = readEventType(context);
	return eventType === EVENT_TYPES.addressActivity ? evmAddressActivity : primaryNetworkActivity(eventType);
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
		// the app's description; the public-URL advice is in the trigger panel's help (triggerPanel).
		description: 'Starts the workflow when a monitored blockchain address has activity',
		triggerPanel: TRIGGER_PANEL,
		defaults: { name: 'Address Activity Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'addressActivityApi', required: true, testedBy: 'addressActivityApiTest' }],
		// Literal values only: an expression here would be evaluated on every delivery. An empty
		// responseData lets n8n answer with the node's webhookResponse once the run is accepted.
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: 'webhook' }],
		properties: triggerParameterList,
	};

	methods = { listSearch: { searchWebhookChains }, loadOptions: { getWebhookChains }, credentialTest: { addressActivityApiTest: testAddressActivityApi } };

	webhookMethods = {
		default: {
			/** True when the trigger's webhooks exist at the service and match the parameters (repairing what can be repaired). */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await eventKindOf(this).checkExists(this);
			},

			/** Registers the trigger's webhooks (one per chain for EVM activity), all or none. */
			async create(this: IHookFunctions): Promise<boolean> {
				return await eventKindOf(this).create(this);
			},

			/** Deletes the trigger's webhooks, or keeps them inactive when On Deactivation says so. */
			async delete(this: IHookFunctions): Promise<boolean> {
				return await eventKindOf(this).delete(this);
			},
		},
	};

	/**
	 * Every POST to the trigger's URL, once its signature held, goes to one receiver: an EVM delivery,
	 * a P-Chain or validator delivery, or the trigger's own request: a catch-up of either kind (sent
	 * by its activation, in the resume form by Webhook > Reactivate, or as a heal by a process that has
	 * just started), a flush of the durable position, or Execute step's sample.
	 */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const received = await eventKindOf(this).received(this);
		switch (received.receiver) {
			case 'refusal':
				return received.answer;
			case 'evmDelivery':
				return await receiveEvmDelivery(this, received.request);
			case 'primaryNetworkDelivery':
				return await receivePrimaryNetworkDelivery(this, received.request);
			case 'primaryCatchUp':
				return await receivePrimaryCatchUp(this, received.request, received.own);
			case 'catchUp':
				return await receiveCatchUp(this, received.request, received.catchUp);
			case 'resume':
				return await receiveResume(this, received.request, received.resume);
			case 'sample':
				return await receiveSample(this, received.request, received.sample);
			case 'primarySample':
				return await receivePrimarySample(this, received.request, received.sample);
			case 'flush':
				return await receiveFlush(this, received.request, received.flush);
			case 'heal':
				return await receiveHeal(this, received.request, received.heal);
		}
	}
}
