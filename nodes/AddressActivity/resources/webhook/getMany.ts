import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { serviceList, servicePages, type Page } from '../../../shared/service/pagination';
import { EVENT_TYPES, type EventType } from '../../../shared/model/primaryNetwork';
import { filtersCollection, returnAllAndLimit } from '../../commonParameters';
import { parseWebhookStatus, readListCall, type ListCall } from '../../readParameters';
import { oneOf } from '../../../shared/parameters/parameterChecks';
import { EVENT_TYPE_OPTIONS } from '../../../shared/parameters/primaryNetworkParameters';
import { withAvaxThresholds } from './readableThresholds';

const properties: INodeProperties[] = [
	...returnAllAndLimit(),
	filtersCollection([
		{
			displayName: 'Event Type',
			name: 'eventType',
			type: 'options',
			default: 'address_activity',
			options: EVENT_TYPE_OPTIONS,
			description: 'Only webhooks of this type',
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			default: 'active',
			options: [
				{ name: 'Active', value: 'active' },
				{
					name: 'Inactive',
					value: 'inactive',
					description: 'Deactivated by a user, or by the service after failed deliveries',
				},
			],
			description: 'Only webhooks with this status',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['getMany'] } }, properties);

interface WebhookListCall extends ListCall {
	eventType?: EventType;
}

export function read(context: IExecuteFunctions, itemIndex: number): WebhookListCall {
	const call = readListCall(context, itemIndex, {
		status: ['Status', parseWebhookStatus],
		eventType: ['Event Type', oneOf<EventType>(Object.values(EVENT_TYPES))],
	});
	// The service has no type filter: the node filters, so only the status goes into the query.
	const { eventType, ...qs } = call.qs;
	return { ...call, qs, eventType: eventType as EventType | undefined };
}

export async function execute(this: IExecuteFunctions, parameters: WebhookListCall, itemIndex: number): Promise<IDataObject[]> {
	const { eventType, returnAll, limit, qs, retry } = parameters;
	const request = { path: '/v1/webhooks', listField: 'webhooks', qs, itemIndex, retry };
	if (eventType === undefined) return ((await serviceList.call(this, { ...request, returnAll, limit })) as IDataObject[]).map(withAvaxThresholds);
	// Limit counts webhooks of the type: pages are read until that many are found or the list ends.
	const found: IDataObject[] = [];
	for await (const page of servicePages.call(this, request) as AsyncGenerator<Page<IDataObject>>) {
		for (const webhook of page.entries) {
			if (webhook.eventType !== eventType) continue;
			found.push(withAvaxThresholds(webhook));
			if (!returnAll && found.length >= limit) return found;
		}
	}
	return found;
}
