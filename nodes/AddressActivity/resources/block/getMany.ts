import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorProperty } from '../../../shared/chains';
import { blocksRoute } from '../../../shared/chainRoutes';
import { serviceList } from '../../../shared/pagination';
import { returnAllAndLimit } from '../../fields';
import { chainIdParameter, listParameters, retryPolicy } from '../../parameters';

const properties: INodeProperties[] = [
	chainLocatorProperty({ searchListMethod: 'searchChains' }),
	...returnAllAndLimit(),
];

export const description = updateDisplayOptions({ show: { resource: ['block'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const chainId = chainIdParameter(this, itemIndex);
	return (await serviceList.call(this, {
		...blocksRoute(chainId),
		...listParameters(this, itemIndex),
		itemIndex,
		retry: retryPolicy(this, itemIndex),
	})) as IDataObject[];
}
