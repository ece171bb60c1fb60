import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { webhookLocator } from '../../fields';
import type { ItemOutcome } from '../../operation';
import { changeAcrossItems, readChange } from './acrossItems';
import { batchSizeOption } from './batches';

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

export function validate(this: IExecuteFunctions, itemIndex: number): void {
	readChange(this, itemIndex);
}

/** One item on its own (the node runs all items together through executeAll). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const [outcome] = await changeAcrossItems(this, 'remove', [itemIndex]);
	if (outcome.error !== undefined) throw outcome.error;
	return outcome.result as IDataObject;
}

export async function executeAll(this: IExecuteFunctions, itemIndexes: number[]): Promise<ItemOutcome[]> {
	return await changeAcrossItems(this, 'remove', itemIndexes);
}
