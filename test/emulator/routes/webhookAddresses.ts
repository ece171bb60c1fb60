import type { Route } from '../http/router';
import { parseBody, uniqueAddresses } from '../http/validation';
import { webhookResource } from '../store';
import { checkAddressAllowance, findOwnWebhook } from './webhookAccess';
import { addressesBodySchema } from './webhookSchemas';

/** Monitored addresses of a webhook: add (PATCH), remove (DELETE with a JSON body), list. */
export const webhookAddressRoutes: Route[] = [
	{
		method: 'PATCH',
		path: '/v1/webhooks/{id}/addresses',
		privilege: 'webhooks',
		handle(context) {
			const webhook = findOwnWebhook(context);
			const input = parseBody(addressesBodySchema, context.body);
			const merged = uniqueAddresses([...webhook.addresses, ...input.addresses]);
			checkAddressAllowance(context, merged.length);
			webhook.addresses = merged;
			return { body: webhookResource(webhook) };
		},
	},
	{
		method: 'DELETE',
		path: '/v1/webhooks/{id}/addresses',
		privilege: 'webhooks',
		handle(context) {
			const webhook = findOwnWebhook(context);
			const input = parseBody(addressesBodySchema, context.body);
			const removed = new Set(uniqueAddresses(input.addresses));
			webhook.addresses = webhook.addresses.filter((address) => !removed.has(address));
			return { body: webhookResource(webhook) };
		},
	},
	{
		method: 'GET',
		path: '/v1/webhooks/{id}/addresses',
		privilege: 'read',
		handle(context) {
			const { addresses } = findOwnWebhook(context);
			const page = context.page((cursor = 0, pageSize) => ({
				items: addresses.slice(cursor, cursor + pageSize),
				next: cursor + pageSize < addresses.length ? cursor + pageSize : undefined,
			}));
			return {
				body: {
					addresses: page.items,
					totalAddresses: addresses.length,
					...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
				},
			};
		},
	},
];
