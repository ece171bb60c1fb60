import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorProperty } from '../../../shared/chains';
import { chainRoute } from '../../../shared/chainRoutes';
import { serviceRequest } from '../../../shared/transport';
import { readChainCall, type ChainCall } from '../../parameters';

const properties: INodeProperties[] = [chainLocatorProperty({ searchListMethod: 'searchChains' })];

export const description = updateDisplayOptions({ show: { resource: ['chain'], operation: ['get'] } }, properties);

export const read = readChainCall;

export async function execute(this: IExecuteFunctions, { chainId, retry }: ChainCall, itemIndex: number): Promise<IDataObject> {
	return await serviceRequest.call(this, {
		method: 'GET',
		...chainRoute(chainId),
		itemIndex,
		retry,
	});
}
