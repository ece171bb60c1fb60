import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorProperty } from '../../../shared/chains';
import { transactionRoute } from '../../../shared/chainRoutes';
import { serviceRequest } from '../../../shared/transport';
import { parsedParameter, readChainCall, requiredText, type ChainCall } from '../../parameters';

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

interface TransactionParameters extends ChainCall {
	txHash: string;
}

export function read(context: IExecuteFunctions, itemIndex: number): TransactionParameters {
	return { ...readChainCall(context, itemIndex), txHash: parsedParameter(context, 'txHash', 'Transaction Hash', itemIndex, parseTxHash) };
}

export async function execute(this: IExecuteFunctions, { chainId, txHash, retry }: TransactionParameters, itemIndex: number): Promise<IDataObject> {
	return await serviceRequest.call(this, {
		method: 'GET',
		...transactionRoute(chainId, txHash),
		itemIndex,
		retry,
	});
}
