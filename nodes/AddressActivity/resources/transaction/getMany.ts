import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorProperty } from '../../../shared/chains';
import { transactionsRoute } from '../../../shared/chainRoutes';
import { serviceList } from '../../../shared/pagination';
import { returnAllAndLimit } from '../../fields';
import { chainIdParameter, listParameters, retryPolicy, withoutEmpty } from '../../parameters';

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

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const chainId = chainIdParameter(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	return (await serviceList.call(this, {
		...transactionsRoute(chainId),
		qs: withoutEmpty(filters),
		...listParameters(this, itemIndex),
		itemIndex,
		retry: retryPolicy(this, itemIndex),
	})) as IDataObject[];
}
