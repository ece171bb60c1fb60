import type { INodeProperties } from 'n8n-workflow';

import { WEBHOOK_ID_PATTERN } from '../shared/service/webhooks';

/**
 * Return All and Limit, as every Get Many operation shows them (the operation file's
 * updateDisplayOptions says for which resource and operation).
 */
export function returnAllAndLimit(limitHint?: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			description: 'Max number of results to return',
			...(limitHint === undefined ? {} : { hint: limitHint }),
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** A Get Many's Filters: readListCall checks the ones the user added and sends them as the query. */
export function filtersCollection(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, options };
}

/** Newest or oldest first, on the list routes that take a sort order. */
export const sortOrderOption: INodeProperties = {
	displayName: 'Sort Order',
	name: 'sortOrder',
	type: 'options',
	default: 'desc',
	options: [
		{ name: 'Newest First', value: 'desc' },
		{ name: 'Oldest First', value: 'asc' },
	],
};

/** The webhook to act on: picked by name from GET /v1/webhooks, or given by ID. */
export function webhookLocator(): INodeProperties {
	return {
		displayName: 'Webhook',
		name: 'webhookId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The webhook, picked by name or given by its ID',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchWebhooks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 5c3f4a5e-8d1b-4c2a-9e7f-1a2b3c4d5e6f',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: WEBHOOK_ID_PATTERN.source,
							errorMessage: 'A webhook ID is a UUID such as 5c3f4a5e-8d1b-4c2a-9e7f-1a2b3c4d5e6f',
						},
					},
				],
			},
		],
	};
}

/** Limits of the transport's retries, the same for every operation. */
export const requestOptions: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Max Rate-Limit Retries',
			name: 'maxRateLimitRetries',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 5,
			description:
				'How often to wait and retry when the service answers 429 (rate limit reached). 0 fails at once.',
		},
		{
			displayName: 'Max Rate-Limit Wait (Seconds)',
			name: 'maxRateLimitWaitSeconds',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 60,
			description:
				'The longest wait for one 429 answer. When the service asks to wait longer (retry-after), the item fails instead.',
		},
		{
			displayName: 'Max Server Error Retries',
			name: 'maxServerErrorRetries',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 4,
			description:
				'How often to retry, with exponential back-off from 0.5 s, when the service answers 5xx or the connection fails',
		},
	],
};
