import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorProperty } from '../../../shared/chains';
import { blocksRoute } from '../../../shared/chainRoutes';
import { serviceList } from '../../../shared/pagination';
import { returnAllAndLimit } from '../../fields';
import { readChainListCall, type ChainListCall } from '../../parameters';

const properties: INodeProperties[] = [
	chainLocatorProperty({ searchListMethod: 'searchChains' }),
	...returnAllAndLimit(),
];

export const description = updateDisplayOptions({ show: { resource: ['block'], operation: ['getMany'] } }, properties);

export function read(context: IExecuteFunctions, itemIndex: number): ChainListCall {
	return readChainListCall(context, itemIndex);
}

export async function execute(this: IExecuteFunctions, { chainId, ...list }: ChainListCall, itemIndex: number): Promise<IDataObject[]> {
	return (await serviceList.call(this, {
		...blocksRoute(chainId),
		...list,
		itemIndex,
	})) as IDataObject[];
}
