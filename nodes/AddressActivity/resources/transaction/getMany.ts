import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorProperty } from '../../../shared/chains';
import { transactionsRoute } from '../../../shared/chainRoutes';
import { serviceList } from '../../../shared/pagination';
import { returnAllAndLimit } from '../../fields';
import { readChainListCall, type ChainListCall } from '../../parameters';
import { oneOf } from '../../../shared/parameterChecks';

const properties: INodeProperties[] = [
	chainLocatorProperty({ searchListMethod: 'searchChains' }),
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
				default: 'success',
				options: [
					{ name: 'Success', value: 'success' },
					{ name: 'Failed', value: 'failed' },
				],
				description: 'Only transactions with this outcome',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['transaction'], operation: ['getMany'] } }, properties);

export function read(context: IExecuteFunctions, itemIndex: number): ChainListCall {
	return readChainListCall(context, itemIndex, { status: ['Status', oneOf(['success', 'failed'])] });
}

export async function execute(this: IExecuteFunctions, { chainId, ...list }: ChainListCall, itemIndex: number): Promise<IDataObject[]> {
	return (await serviceList.call(this, {
		...transactionsRoute(chainId),
		...list,
		itemIndex,
	})) as IDataObject[];
}
