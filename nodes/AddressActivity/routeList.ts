import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ListRoute } from '../shared/chainRoutes';
import { serviceList } from '../shared/pagination';
import type { ListCall } from './parameters';

/** A Get Many over one of the service's paginated list routes: the route, then what readListCall read. */
export interface RouteListCall extends ListCall {
	route: ListRoute;
}

/** The operation's execute: Return All reads every page, a Limit no more pages than it needs. */
export async function executeRouteList(this: IExecuteFunctions, { route, ...list }: RouteListCall, itemIndex: number): Promise<IDataObject[]> {
	return (await serviceList.call(this, { ...route, ...list, itemIndex })) as IDataObject[];
}
