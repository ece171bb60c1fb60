import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorProperty } from '../../../shared/chains';
import { transactionRoute } from '../../../shared/chainRoutes';
import { serviceRequest } from '../../../shared/transport';
import { chainIdParameter, parsedParameter, requiredText, retryPolicy } from '../../parameters';

const properties: INodeProperties[] = [
	chainLocatorProperty({ searchListMethod: 'searchChains' }),
	{
		displayName: 'Transaction Hash',
		name: 'txHash',
		type: 'string',
		required: true,
		default: '',
		placeholder: '0x...',
		description: 'Hash of the transaction (0x followed by 64 hex characters)',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['transaction'], operation: ['get'] } }, properties);

const parseTxHash = requiredText(
	'Transaction Hash',
	/^0x[0-9a-fA-F]{64}$/,
	'a transaction hash (0x followed by 64 hex characters)',
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const chainId = chainIdParameter(this, itemIndex);
	const txHash = parsedParameter(this, 'txHash', 'Transaction Hash', itemIndex, parseTxHash);
	return await serviceRequest.call(this, {
		method: 'GET',
		...transactionRoute(chainId, txHash),
		itemIndex,
		retry: retryPolicy(this, itemIndex),
	});
}
