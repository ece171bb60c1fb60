import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { transactionRoute } from '../../../shared/service/chainRoutes';
import { chainIdParameter, parsedParameter, requiredText, retryPolicy } from '../../readParameters';
import { executeRouteGet, type RouteCall } from '../../routeOperations';

const properties: INodeProperties[] = [
	chainLocatorParameter({ searchListMethod: 'searchChains' }),
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

export function read(context: IExecuteFunctions, itemIndex: number): RouteCall {
	const route = transactionRoute(chainIdParameter(context, itemIndex), parsedParameter(context, 'txHash', 'Transaction Hash', itemIndex, parseTxHash));
	return { route, retry: retryPolicy(context, itemIndex) };
}

export const execute = executeRouteGet;
