import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { updateWebhook } from '../../../shared/webhooks';
import { webhookLocator } from '../../fields';
import { parseCallbackUrl, parsedParameter, parseWebhookStatus, parseWebhookText, retryPolicy, webhookIdParameter } from '../../parameters';
import { includeInternalTxsProperty, includeLogsProperty } from '../../../shared/webhookProperties';

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
			includeInternalTxsProperty('Whether deliveries carry the internal transactions'),
			includeLogsProperty('Whether deliveries carry the transaction logs'),
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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const webhookId = webhookIdParameter(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	if (Object.keys(fields).length === 0) {
		throw new NodeOperationError(this.getNode(), `Nothing to update in item ${itemIndex + 1}: add at least one field under "Update Fields"`, {
			itemIndex,
		});
	}
	const body: IDataObject = { ...fields };
	if (fields.url !== undefined) {
		body.url = parsedParameter(this, 'updateFields.url', 'Callback URL', itemIndex, parseCallbackUrl);
	}
	if (fields.name !== undefined) body.name = parsedParameter(this, 'updateFields.name', 'Name', itemIndex, parseWebhookText);
	if (fields.description !== undefined) {
		body.description = parsedParameter(this, 'updateFields.description', 'Description', itemIndex, parseWebhookText);
	}
	if (fields.status !== undefined) body.status = parsedParameter(this, 'updateFields.status', 'Status', itemIndex, parseWebhookStatus);
	return await updateWebhook.call(this, webhookId, body, { itemIndex, retry: retryPolicy(this, itemIndex) });
}
