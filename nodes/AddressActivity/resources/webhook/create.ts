import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { parseAddresses } from '../../../shared/model/addresses';
import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { parseEventSignatures } from '../../../shared/model/eventSignatures';
import { InvalidInputError } from '../../../shared/model/invalidInput';
import { toNodeError } from '../../../shared/service/nodeErrors';
import type { RetryPolicy } from '../../../shared/service/transport';
import { EVENT_TYPES, type EventType } from '../../../shared/model/primaryNetwork';
import { primaryNetworkCreateBody, type PrimaryNetworkWatch } from '../../../shared/service/primaryNetworkWebhooks';
import { changeAddresses, createPrimaryNetworkWebhook, createWebhook, deleteWebhook, type NewWebhook } from '../../../shared/service/webhooks';
import { batchSizeOption, batchSizeParameter } from '../address/batches';
import { booleanParameter, chainIdParameter, parseCallbackUrl, parsedParameter, parseWebhookText, retryPolicy } from '../../readParameters';
import { oneOf } from '../../../shared/parameters/parameterChecks';
import { addressesParameter, eventSignaturesParameter, includeInternalTxsParameter, includeLogsParameter } from '../../../shared/parameters/webhookParameters';
import { readWebhookWatch } from './primaryNetworkCreate';
import { EVM_ONLY, EVM_ONLY_IN_COLLECTION, evmOnly } from '../../../shared/parameters/primaryNetworkParameters';
import { eventTypeParameter, primaryNetworkParameterList } from './primaryNetworkParameters';
import { withAvaxThresholds } from './readableThresholds';

const EVENT_SIGNATURES_DESCRIPTION =
	'Optional. Only deliver activity with a log whose topic0 matches: 0x-prefixed 32-byte hashes or canonical signatures such as Transfer(address,address,uint256), separated by new lines or commas. Cannot be changed after creation.';

const webhookDescriptionOption: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	description: 'Free-text description of the webhook',
};

const webhookNameOption: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	description: 'Free-text label, shown when picking the webhook from a list',
};

const properties: INodeProperties[] = [
	eventTypeParameter,
	{
		displayName: 'Callback URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://example.com/address-activity',
		description: 'Publicly reachable URL that receives a POST for every event the webhook watches',
	},
	evmOnly(chainLocatorParameter({ searchListMethod: 'searchWebhookChains' })),
	evmOnly(
		addressesParameter(
			'Addresses to monitor (0x followed by 40 hex characters), separated by commas, spaces or new lines, or an array from an expression. Duplicates are dropped.',
		),
	),
	evmOnly({
		...eventSignaturesParameter(EVENT_SIGNATURES_DESCRIPTION),
		displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
	}),
	evmOnly(includeInternalTxsParameter('Whether deliveries carry the internal transactions (C-Chain 43114 and 43113 only)')),
	evmOnly(includeLogsParameter('Whether deliveries carry the transaction logs')),
	...primaryNetworkParameterList,
	// Version 1.1: one Options collection; version 1 keeps its two collections, so that saved
	// workflows keep their values (n8n drops parameters a node version does not declare).
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
		// P-Chain and validator webhooks are created with all their keys in one request.
		options: [{ ...batchSizeOption, displayOptions: EVM_ONLY_IN_COLLECTION }, webhookDescriptionOption, webhookNameOption],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { '@version': [1] } },
		options: [
			webhookDescriptionOption,
			{ ...eventSignaturesParameter(EVENT_SIGNATURES_DESCRIPTION), displayOptions: EVM_ONLY_IN_COLLECTION },
			webhookNameOption,
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { '@version': [1] }, ...EVM_ONLY },
		options: [batchSizeOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['create'] } }, properties);

interface EvmCreate {
	webhook: NewWebhook;
	batchSize: number;
	retry: RetryPolicy;
}

/** A P-Chain or validator webhook: what it watches, and its URL, name and description. */
interface PrimaryNetworkCreate {
	watch: PrimaryNetworkWatch;
	webhook: { url: string; name: string; description: string };
	retry: RetryPolicy;
}

type CreateParameters = EvmCreate | PrimaryNetworkCreate;

export function read(context: IExecuteFunctions, itemIndex: number): CreateParameters {
	// Version 1 kept Event Signatures, Name and Description under Additional Fields.
	const v1 = context.getNode().typeVersion < 1.1;
	const fields = v1 ? 'additionalFields' : 'options';
	const eventType = parsedParameter(context, 'eventType', 'Event Type', itemIndex, oneOf<EventType>(Object.values(EVENT_TYPES)), EVENT_TYPES.addressActivity);
	const url = parsedParameter(context, 'url', 'Callback URL', itemIndex, parseCallbackUrl);
	const name = parsedParameter(context, `${fields}.name`, 'Name', itemIndex, parseWebhookText, '');
	const description = parsedParameter(context, `${fields}.description`, 'Description', itemIndex, parseWebhookText, '');
	if (eventType !== EVENT_TYPES.addressActivity) {
		const watch = readWebhookWatch(context, itemIndex, eventType);
		return { watch, webhook: { url, name, description }, retry: retryPolicy(context, itemIndex) };
	}
	return {
		webhook: {
			url,
			chainId: chainIdParameter(context, itemIndex),
			addresses: parsedParameter(context, 'addresses', 'Addresses', itemIndex, (value) => {
				const parsed = parseAddresses(value);
				if (parsed.length === 0) throw new InvalidInputError('no address given (a webhook monitors at least one)', value);
				return parsed;
			}),
			eventSignatures: parsedParameter(context, v1 ? 'additionalFields.eventSignatures' : 'eventSignatures', 'Event Signatures', itemIndex, parseEventSignatures, ''),
			includeInternalTxs: booleanParameter(context, 'includeInternalTxs', 'Include Internal Transactions', itemIndex),
			includeLogs: booleanParameter(context, 'includeLogs', 'Include Logs', itemIndex),
			name,
			description,
		},
		batchSize: batchSizeParameter(context, itemIndex),
		retry: retryPolicy(context, itemIndex),
	};
}

/**
 * One create per item. What only the service can check (that the chain serves webhooks, the
 * plan's address allowance) fails this item's create request, after earlier items' webhooks were made.
 */
export async function execute(this: IExecuteFunctions, parameters: CreateParameters, itemIndex: number): Promise<IDataObject> {
	if ('watch' in parameters) {
		const body = primaryNetworkCreateBody(parameters.watch, parameters.webhook);
		return withAvaxThresholds(await createPrimaryNetworkWebhook.call(this, body, { itemIndex, retry: parameters.retry }));
	}
	const { batchSize, retry } = parameters;
	const { addresses } = parameters.webhook;
	const { webhook, remainingAddresses } = await createWebhook.call(this, parameters.webhook, { batchSize, itemIndex, retry });
	if (remainingAddresses.length === 0) return webhook;
	const added = addresses.length - remainingAddresses.length;
	try {
		const after = await changeAddresses.call(this, 'add', webhook.id, remainingAddresses, {
			batchSize,
			itemIndex,
			retry,
			configured: addresses.length,
			sentBefore: added,
			context: `The webhook was created with the first ${added} of ${addresses.length} addresses`,
		});
		return after ?? webhook;
	} catch (error) {
		// A webhook with part of its list would report activity of some wallets only: it goes.
		const failure = toNodeError(this, error, itemIndex);
		let cleanup = 'It was deleted again, so nothing is left half set up; run the node again once the cause is fixed.';
		try {
			await deleteWebhook.call(this, webhook.id, { itemIndex, retry });
		} catch {
			cleanup = `It could not be deleted again: delete webhook ${webhook.id} (Webhook > Delete) before running the node again.`;
		}
		failure.description = failure.description ? `${failure.description} ${cleanup}` : cleanup;
		throw failure;
	}
}
