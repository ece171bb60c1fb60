import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ListRoute, Route } from '../shared/service/chainRoutes';
import { serviceList } from '../shared/service/pagination';
import { serviceRequest, type RetryPolicy } from '../shared/service/transport';
import type { ListCall } from './readParameters';

// The operations that read one of the service's chain-data routes as it is: each operation's read()
// checks its fields and names the route (shared/service/chainRoutes.ts); these run it.

/** A Get: the route, and the item's retry limits. */
export interface RouteCall {
	route: Route;
	retry: RetryPolicy;
}

export async function executeRouteGet(this: IExecuteFunctions, { route, retry }: RouteCall, itemIndex: number): Promise<IDataObject> {
	return await serviceRequest.call(this, { method: 'GET', ...route, itemIndex, retry });
}

/** A Get Many over a paginated route: the route, then what readListCall read. */
export interface RouteListCall extends ListCall {
	route: ListRoute;
}

/** Return All reads every page, a Limit no more pages than it needs. */
export async function executeRouteList(this: IExecuteFunctions, { route, ...list }: RouteListCall, itemIndex: number): Promise<IDataObject[]> {
	return (await serviceList.call(this, { ...route, ...list, itemIndex })) as IDataObject[];
}
