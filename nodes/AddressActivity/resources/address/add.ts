import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { parseAddresses } from '../../../shared/addresses';
import { InvalidInputError } from '../../../shared/errors';
import { webhookLocator } from '../../fields';
import { parsedParameter, retryPolicy, webhookIdParameter } from '../../parameters';
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
			'Addresses to start monitoring, separated by commas, spaces or new lines, or an array from an expression',
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

export const description = updateDisplayOptions({ show: { resource: ['address'], operation: ['add'] } }, properties);

export function requiredAddresses(value: unknown): string[] {
	const addresses = parseAddresses(value);
	if (addresses.length === 0) throw new InvalidInputError('no address given', value);
	return addresses;
}

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

	// Only addresses the webhook does not monitor yet are sent: fewer requests, and the
	// before/after comparison tells added from already present.
	const before = await monitoredAddresses.call(this, webhookId, { itemIndex, retry });
	const alreadyPresent = addresses.filter((address) => before.has(address.toLowerCase()));
	const toAdd = addresses.filter((address) => !before.has(address.toLowerCase()));

	let after = before;
	if (toAdd.length > 0) {
		const webhook = await changeAddresses.call(this, 'add', webhookId, toAdd, { batchSize, itemIndex, retry });
		after = await monitoredAddresses.call(this, webhookId, { itemIndex, retry }, webhook);
	}
	const added = toAdd.filter((address) => after.has(address.toLowerCase()));
	return {
		webhookId,
		added: added.length,
		alreadyPresent: alreadyPresent.length,
		totalAddresses: after.size,
		addedAddresses: added,
		alreadyPresentAddresses: alreadyPresent,
	};
}
