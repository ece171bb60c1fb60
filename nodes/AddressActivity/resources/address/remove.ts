import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { webhookLocator } from '../../fields';
import { parsedParameter, retryPolicy, webhookIdParameter } from '../../parameters';
import { requiredAddresses } from './add';
import { changeAddresses, monitoredAddresses } from '../../../shared/webhooks';
import { batchSizeOption, batchSizeParameter } from './batches';

const properties: INodeProperties[] = [
	webhookLocator(),
	{
		displayName: 'Addresses',
		name: 'addresses',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		placeholder: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F, 0x...',
		description:
			'Addresses to stop monitoring, separated by commas, spaces or new lines, or an array from an expression',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [batchSizeOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['address'], operation: ['remove'] } }, properties);

function readParameters(context: IExecuteFunctions, itemIndex: number) {
	return {
		webhookId: webhookIdParameter(context, itemIndex),
		addresses: parsedParameter(context, 'addresses', 'Addresses', itemIndex, requiredAddresses),
		batchSize: batchSizeParameter(context, itemIndex),
		retry: retryPolicy(context, itemIndex),
	};
}

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readParameters(this, itemIndex);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { webhookId, addresses, batchSize, retry } = readParameters(this, itemIndex);

	const before = await monitoredAddresses.call(this, webhookId, { itemIndex, retry });
	const notFound = addresses.filter((address) => !before.has(address.toLowerCase()));
	// Sent as the webhook spells them, so the removal matches whatever case the service stored.
	const toRemove = addresses
		.filter((address) => before.has(address.toLowerCase()))
		.map((address) => before.get(address.toLowerCase()) as string);

	let after = before;
	if (toRemove.length > 0) {
		const webhook = await changeAddresses.call(this, 'remove', webhookId, toRemove, { batchSize, itemIndex, retry });
		after = await monitoredAddresses.call(this, webhookId, { itemIndex, retry }, webhook);
	}
	const removed = toRemove.filter((address) => !after.has(address.toLowerCase()));
	return {
		webhookId,
		removed: removed.length,
		notFound: notFound.length,
		totalAddresses: after.size,
		removedAddresses: removed,
		notFoundAddresses: notFound,
	};
}
