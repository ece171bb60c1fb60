import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { serviceList } from '../../../shared/pagination';
import { returnAllAndLimit } from '../../fields';
import { parseWebhookStatus, readListCall, type ListCall } from '../../parameters';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				default: 'active',
				options: [
					{ name: 'Active', value: 'active' },
					{
						name: 'Inactive',
						value: 'inactive',
						description: 'Deactivated by a user, or by the service after failed deliveries',
					},
				],
				description: 'Only webhooks with this status',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['getMany'] } }, properties);

export function read(context: IExecuteFunctions, itemIndex: number): ListCall {
	return readListCall(context, itemIndex, { status: ['Status', parseWebhookStatus] });
}

export async function execute(this: IExecuteFunctions, parameters: ListCall, itemIndex: number): Promise<IDataObject[]> {
	return (await serviceList.call(this, { path: '/v1/webhooks', listField: 'webhooks', ...parameters, itemIndex })) as IDataObject[];
}
