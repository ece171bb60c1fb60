import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { EVENT_TYPES } from '../../../shared/model/primaryNetwork';
import { getWebhook, updateWebhook } from '../../../shared/service/webhooks';
import { webhookLocator } from '../../commonParameters';
import { checkedCollection, parseBoolean, parseCallbackUrl, parseWebhookStatus, parseWebhookText, readWebhookCall, type CollectionChecks, type WebhookCall } from '../../readParameters';
import { includeInternalTxsParameter, includeLogsParameter } from '../../../shared/parameters/webhookParameters';
import { withAvaxThresholds } from './readableThresholds';

const properties: INodeProperties[] = [
	webhookLocator(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Callback URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/address-activity',
				description: 'New URL that receives the deliveries',
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
			},
			includeInternalTxsParameter('EVM Address Activity webhooks only: whether deliveries carry the internal transactions'),
			includeLogsParameter('EVM Address Activity webhooks only: whether deliveries carry the transaction logs'),
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				default: 'active',
				options: [
					{ name: 'Active', value: 'active', description: 'Deliver activity (re-activates a deactivated webhook)' },
					{ name: 'Inactive', value: 'inactive', description: 'Stop deliveries but keep the webhook and its addresses' },
				],
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['update'] } }, properties);

/** Each field of the update body: its name in the editor and how it is checked. */
const FIELDS: CollectionChecks = {
	url: ['Callback URL', parseCallbackUrl],
	name: ['Name', parseWebhookText],
	description: ['Description', parseWebhookText],
	status: ['Status', parseWebhookStatus],
	includeInternalTxs: ['Include Internal Transactions', parseBoolean],
	includeLogs: ['Include Logs', parseBoolean],
};

interface UpdateParameters extends WebhookCall {
	body: IDataObject;
}

export function read(context: IExecuteFunctions, itemIndex: number): UpdateParameters {
	const call = readWebhookCall(context, itemIndex);
	// A name or description left empty is sent as empty text.
	const body = checkedCollection(context, itemIndex, 'updateFields', FIELDS, { dropEmpty: false });
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(context.getNode(), `Nothing to update in item ${itemIndex + 1}: add at least one field under "Update Fields"`, {
			itemIndex,
		});
	}
	return { ...call, body };
}

/** Fields that mean something for EVM address activity only. */
const EVM_FIELDS = ['includeInternalTxs', 'includeLogs'];

export async function execute(this: IExecuteFunctions, { webhookId, body, retry }: UpdateParameters, itemIndex: number): Promise<IDataObject> {
	// Only these fields need the webhook's type: one read first, and only when they are given.
	if (EVM_FIELDS.some((field) => field in body)) {
		const { eventType } = await getWebhook.call(this, webhookId, { itemIndex, retry });
		if (eventType !== EVENT_TYPES.addressActivity) {
			throw new NodeOperationError(
				this.getNode(),
				`Include Internal Transactions and Include Logs apply to EVM address activity webhooks only; webhook ${webhookId} is a ${String(eventType)} webhook (item ${itemIndex + 1})`,
				{ itemIndex, description: 'Nothing was changed. Remove these two from "Update Fields"; the other fields apply to every event type.' },
			);
		}
	}
	return withAvaxThresholds(await updateWebhook.call(this, webhookId, body, { itemIndex, retry }));
}
