import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { blocksRoute } from '../../../shared/service/chainRoutes';
import { returnAllAndLimit } from '../../commonParameters';
import { chainIdParameter, readListCall } from '../../readParameters';
import { executeRouteList, type RouteListCall } from '../../routeOperations';

const properties: INodeProperties[] = [
	chainLocatorParameter({ searchListMethod: 'searchChains' }),
	...returnAllAndLimit(),
];

export const description = updateDisplayOptions({ show: { resource: ['block'], operation: ['getMany'] } }, properties);

export function read(context: IExecuteFunctions, itemIndex: number): RouteListCall {
	return { route: blocksRoute(chainIdParameter(context, itemIndex)), ...readListCall(context, itemIndex) };
}

export const execute = executeRouteList;
