import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { transactionsRoute } from '../../../shared/service/chainRoutes';
import { filtersCollection, returnAllAndLimit } from '../../commonParameters';
import { chainIdParameter, readListCall } from '../../readParameters';
import { executeRouteList, type RouteListCall } from '../../routeOperations';
import { oneOf } from '../../../shared/parameters/parameterChecks';

const properties: INodeProperties[] = [
	chainLocatorParameter({ searchListMethod: 'searchChains' }),
	...returnAllAndLimit(),
	filtersCollection([
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
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['transaction'], operation: ['getMany'] } }, properties);

export function read(context: IExecuteFunctions, itemIndex: number): RouteListCall {
	const route = transactionsRoute(chainIdParameter(context, itemIndex));
	return { route, ...readListCall(context, itemIndex, { status: ['Status', oneOf(['success', 'failed'])] }) };
}

export const execute = executeRouteList;
