import { parsePChainAddress } from '../primary/ids';
import { badRequest } from '../http/errors';
import type { RequestContext, Route } from '../http/router';
import { parseBody, uniqueAddresses } from '../http/validation';
import { pChainAddressesBodySchema } from '../primary/schemas';
import { webhookResource, type WebhookRecord } from '../store';
import { checkAddressAllowance, findOwnWebhook } from './webhookAccess';
import { addressesBodySchema } from './webhookSchemas';

/** The addresses of a PATCH or DELETE body, checked and written as the webhook's type stores them. */
function bodyAddresses(context: RequestContext, webhook: WebhookRecord): string[] {
	if (webhook.eventType === 'validator_activity') {
		throw badRequest(
			'a validator_activity webhook watches one key (metadata.keys: one node ID or subnet ID) that cannot be changed; create another webhook to watch another one',
		);
	}
	if (webhook.primary) {
		const input = parseBody(pChainAddressesBodySchema(webhook.primary.network), context.body);
		return [...new Set(input.addresses.map((address) => parsePChainAddress(address)))];
	}
	return uniqueAddresses(parseBody(addressesBodySchema, context.body).addresses);
}

/** Monitored addresses of a webhook: add (PATCH), remove (DELETE with a JSON body), list. */
export const webhookAddressRoutes: Route[] = [
	{
		method: 'PATCH',
		path: '/v1/webhooks/{id}/addresses',
		privilege: 'webhooks',
		handle(context) {
			const webhook = findOwnWebhook(context);
			const merged = [...new Set([...webhook.addresses, ...bodyAddresses(context, webhook)])];
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
			const removed = new Set(bodyAddresses(context, webhook));
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
