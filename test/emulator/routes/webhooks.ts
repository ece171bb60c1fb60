import { randomUUID } from 'node:crypto';

import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { parseBody, uniqueAddresses } from '../http/validation';
import { createPrimaryNetworkWebhook } from '../primary/create';
import { webhookResource, type WebhookRecord } from '../store';
import { checkAddressAllowance, checkWebhookChain, findOwnWebhook } from './webhookAccess';
import { createWebhookSchema, updateWebhookSchema, webhookStatusSchema } from './webhookSchemas';

/** Webhook routes: create, list, get, update and delete (the vendor's "deactivate"). */
export const webhookRoutes: Route[] = [
	{
		method: 'POST',
		path: '/v1/webhooks',
		privilege: 'webhooks',
		handle(context) {
			const primary = createPrimaryNetworkWebhook(context);
			if (primary) {
				context.account.webhooks.set(primary.id, primary);
				return { status: 201, body: webhookResource(primary) };
			}
			const input = parseBody(createWebhookSchema, context.body);
			checkWebhookChain(context, input.chainId);
			const addresses = uniqueAddresses(input.metadata.addresses);
			checkAddressAllowance(context, addresses.length);
			const webhook: WebhookRecord = {
				id: randomUUID(),
				accountId: context.account.id,
				eventType: input.eventType,
				chainId: input.chainId,
				status: 'active',
				createdAt: context.emulator.clock.now(),
				url: input.url,
				name: input.name ?? '',
				description: input.description ?? '',
				addresses,
				eventSignatures: input.metadata.eventSignatures
					? [...new Set(input.metadata.eventSignatures.map((signature) => signature.toLowerCase()))]
					: undefined,
				includeInternalTxs: input.includeInternalTxs ?? false,
				includeLogs: input.includeLogs ?? false,
			};
			context.account.webhooks.set(webhook.id, webhook);
			return { status: 201, body: webhookResource(webhook) };
		},
	},
	{
		method: 'GET',
		path: '/v1/webhooks',
		privilege: 'read',
		handle(context) {
			const statusParam = context.query.get('status');
			let status: string | undefined;
			if (statusParam !== null && statusParam !== '') {
				const parsed = webhookStatusSchema.safeParse(statusParam);
				if (!parsed.success) throw badRequest(`status must be one of the following values: active, inactive (got '${statusParam}')`);
				status = parsed.data;
			}
			const webhooks = [...context.account.webhooks.values()].filter(
				(webhook) => status === undefined || webhook.status === status,
			);
			const page = context.page((cursor = 0, pageSize) => ({
				items: webhooks.slice(cursor, cursor + pageSize).map(webhookResource),
				next: cursor + pageSize < webhooks.length ? cursor + pageSize : undefined,
			}));
			return { body: { webhooks: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) } };
		},
	},
	{
		method: 'GET',
		path: '/v1/webhooks/{id}',
		privilege: 'read',
		handle: (context) => ({ body: webhookResource(findOwnWebhook(context)) }),
	},
	{
		method: 'PATCH',
		path: '/v1/webhooks/{id}',
		privilege: 'webhooks',
		handle(context) {
			const webhook = findOwnWebhook(context);
			const input = parseBody(updateWebhookSchema, context.body);
			if (input.name !== undefined) webhook.name = input.name;
			if (input.description !== undefined) webhook.description = input.description;
			if (input.url !== undefined) webhook.url = input.url;
			if (input.includeInternalTxs !== undefined) webhook.includeInternalTxs = input.includeInternalTxs;
			if (input.includeLogs !== undefined) webhook.includeLogs = input.includeLogs;
			if (input.status !== undefined && input.status !== webhook.status) {
				webhook.status = input.status;
				if (input.status === 'active') context.emulator.deliveries.reactivated(webhook);
				else context.emulator.deliveries.stopped(webhook);
			}
			return { body: webhookResource(webhook) };
		},
	},
	{
		method: 'DELETE',
		path: '/v1/webhooks/{id}',
		privilege: 'webhooks',
		handle(context) {
			const webhook = findOwnWebhook(context);
			context.account.webhooks.delete(webhook.id);
			webhook.status = 'inactive';
			context.emulator.deliveries.stopped(webhook);
			return { body: webhookResource(webhook) };
		},
	},
];
