import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { blockRoute } from '../../../shared/service/chainRoutes';
import { chainIdParameter, parsedParameter, requiredText, retryPolicy } from '../../readParameters';
import { executeRouteGet, type RouteCall } from '../../routeOperations';

const properties: INodeProperties[] = [
	chainLocatorParameter({ searchListMethod: 'searchChains' }),
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

export function read(context: IExecuteFunctions, itemIndex: number): RouteCall {
	const route = blockRoute(chainIdParameter(context, itemIndex), parsedParameter(context, 'blockId', 'Block', itemIndex, parseBlockId));
	return { route, retry: retryPolicy(context, itemIndex) };
}

export const execute = executeRouteGet;
