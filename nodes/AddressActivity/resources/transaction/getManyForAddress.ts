import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { isAddress } from '../../../shared/addresses';
import { addressTransactionsRoute } from '../../../shared/chainRoutes';
import { chainLocatorProperty } from '../../../shared/chains';
import { InvalidInputError, quoteValue } from '../../../shared/errors';
import { wholeNumber } from '../../../shared/numbers';
import { serviceList } from '../../../shared/pagination';
import { returnAllAndLimit } from '../../fields';
import { chainIdParameter, listParameters, parsedParameter, retryPolicy } from '../../parameters';

const properties: INodeProperties[] = [
	chainLocatorProperty({ searchListMethod: 'searchChains' }),
	{
		displayName: 'Address',
		name: 'address',
		type: 'string',
		required: true,
		default: '',
		placeholder: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
		description: 'The address whose transactions to list',
	},
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'End Block',
				name: 'endBlock',
				type: 'number',
				default: 0,
				typeOptions: { minValue: 0 },
				description: 'Only transactions up to this block number (inclusive)',
			},
			{
				displayName: 'Sort Order',
				name: 'sortOrder',
				type: 'options',
				default: 'desc',
				options: [
					{ name: 'Newest First', value: 'desc' },
					{ name: 'Oldest First', value: 'asc' },
				],
			},
			{
				displayName: 'Start Block',
				name: 'startBlock',
				type: 'number',
				default: 0,
				typeOptions: { minValue: 0 },
				description: 'Only transactions from this block number on (inclusive)',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['transaction'], operation: ['getManyForAddress'] } }, properties);

function parseAddress(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!isAddress(text)) {
		throw new InvalidInputError(
			`${quoteValue(value)} is not a valid address (expected 0x followed by 40 hexadecimal characters)`,
			value,
		);
	}
	return text;
}

function parseBlockNumber(value: unknown): number {
	return wholeNumber(value, 0, 'a block number (a whole number of 0 or more)');
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const chainId = chainIdParameter(this, itemIndex);
	const address = parsedParameter(this, 'address', 'Address', itemIndex, parseAddress);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.startBlock !== undefined) {
		qs.startBlock = parsedParameter(this, 'filters.startBlock', 'Start Block', itemIndex, parseBlockNumber);
	}
	if (filters.endBlock !== undefined) {
		qs.endBlock = parsedParameter(this, 'filters.endBlock', 'End Block', itemIndex, parseBlockNumber);
	}
	if (qs.startBlock !== undefined && qs.endBlock !== undefined && (qs.startBlock as number) > (qs.endBlock as number)) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid Start Block in item ${itemIndex + 1}: ${String(qs.startBlock)} is after the End Block ${String(qs.endBlock)}`,
			{ itemIndex },
		);
	}
	if (filters.sortOrder) qs.sortOrder = filters.sortOrder;
	return (await serviceList.call(this, {
		...addressTransactionsRoute(chainId, address),
		qs,
		...listParameters(this, itemIndex),
		itemIndex,
		retry: retryPolicy(this, itemIndex),
	})) as IDataObject[];
}
