import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorProperty } from '../../../shared/chains';
import { blockRoute } from '../../../shared/chainRoutes';
import { serviceRequest } from '../../../shared/transport';
import { parsedParameter, readChainCall, requiredText, type ChainCall } from '../../parameters';

const properties: INodeProperties[] = [
	chainLocatorProperty({ searchListMethod: 'searchChains' }),
	{
		displayName: 'Block',
		name: 'blockId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '12345678 or 0x...',
		description: 'Block number (decimal) or block hash (0x followed by 64 hex characters)',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['block'], operation: ['get'] } }, properties);

const parseBlockId = requiredText(
	'Block',
	/^(\d+|0x[0-9a-fA-F]{64})$/,
	'a block number or a block hash (0x followed by 64 hex characters)',
);

interface BlockParameters extends ChainCall {
	blockId: string;
}

export function read(context: IExecuteFunctions, itemIndex: number): BlockParameters {
	return { ...readChainCall(context, itemIndex), blockId: parsedParameter(context, 'blockId', 'Block', itemIndex, parseBlockId) };
}

export async function execute(this: IExecuteFunctions, { chainId, blockId, retry }: BlockParameters, itemIndex: number): Promise<IDataObject> {
	return await serviceRequest.call(this, {
		method: 'GET',
		...blockRoute(chainId, blockId),
		itemIndex,
		retry,
	});
}
