import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { chainRoute } from '../../../shared/service/chainRoutes';
import { chainIdParameter, retryPolicy } from '../../readParameters';
import { executeRouteGet, type RouteCall } from '../../routeOperations';

const properties: INodeProperties[] = [chainLocatorParameter({ searchListMethod: 'searchChains' })];

export const description = updateDisplayOptions({ show: { resource: ['chain'], operation: ['get'] } }, properties);

export function read(context: IExecuteFunctions, itemIndex: number): RouteCall {
	return { route: chainRoute(chainIdParameter(context, itemIndex)), retry: retryPolicy(context, itemIndex) };
}

export const execute = executeRouteGet;
