/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { activitySchema } from '../chain/activity';
import type { Emulator } from '../emulator';
import { parseJson, readText } from '../http/body';
import { ApiError } from '../http/errors';
import { sendJson } from '../http/respond';
import { parseBody } from '../http/validation';
import { pChainActivitySchema, validatorActivityInputSchema } from '../primary/activitySchemas';
import { injectPChainActivity } from '../primary/pChain';
import { injectValidatorActivity } from '../primary/validators';
import { webhookResource } from '../store';
import { clockSchema, faultSchema, keySchema, rateLimitSchema, signatureSchemeSchema } from './schemas';

type ControlHandler = (emulator: Emulator, body: unknown, query: URLSearchParams) => { status?: number; body: unknown };

/** The control API under /_emulator/: no key, loopback clients only (checked by the server). */
const handlers: Record<string, ControlHandler> = {
	'POST /_emulator/keys': (emulator, body) => ({ status: 201, body: emulator.store.addKey(parseBody(keySchema, body)) }),

	'PUT /_emulator/signature-scheme': (emulator, body) => {
		const { scheme, webhookId, key } = parseBody(signatureSchemeSchema, body);
		return { body: { scheme, appliesTo: emulator.store.setSignatureScheme(scheme, { webhookId, key }) } };
	},

	'POST /_emulator/activity': (emulator, body) => ({
		status: 201,
		body: emulator.injectActivity(parseBody(activitySchema, body)),
	}),

	'POST /_emulator/p-chain/transactions': (emulator, body) => ({
		status: 201,
		body: injectPChainActivity(emulator, parseBody(pChainActivitySchema, body)),
	}),

	'POST /_emulator/validators/activity': (emulator, body) => ({
		status: 201,
		body: injectValidatorActivity(emulator, parseBody(validatorActivityInputSchema, body)),
	}),

	'GET /_emulator/deliveries': (emulator, _body, query) => ({
		body: {
			deliveries: emulator.deliveries.list({
				webhookId: query.get('webhookId') || undefined,
				messageId: query.get('messageId') || undefined,
			}),
		},
	}),

	'GET /_emulator/deliveries/outstanding': (emulator, _body, query) => ({
		body: emulator.deliveries.outstanding({ webhookId: query.get('webhookId') || undefined }),
	}),

	'GET /_emulator/requests': (emulator) => ({ body: { requests: emulator.requestLog.list() } }),

	'DELETE /_emulator/requests': (emulator) => {
		emulator.requestLog.clear();
		return { body: { requests: [] } };
	},

	'PUT /_emulator/rate-limit': (emulator, body) => {
		const { key, ...policy } = parseBody(rateLimitSchema, body);
		emulator.rateLimiter.setPolicy(policy, key);
		return { body: { ...policy, appliesTo: key === undefined ? 'every key' : 'one key' } };
	},

	'POST /_emulator/faults': (emulator, body) => ({ status: 201, body: { id: emulator.faults.add(parseBody(faultSchema, body)) } }),

	'GET /_emulator/faults': (emulator) => ({ body: { faults: emulator.faults.list() } }),

	'DELETE /_emulator/faults': (emulator) => {
		emulator.faults.clear();
		return { body: { faults: [] } };
	},

	'POST /_emulator/clock': (emulator, body) => ({ body: { now: emulator.clock.advance(parseBody(clockSchema, body).advanceMs) } }),

	'GET /_emulator/clock': (emulator) => ({ body: { now: emulator.clock.now() } }),

	'GET /_emulator/webhooks': (emulator) => ({
		body: {
			webhooks: emulator.store.allWebhooks().map((webhook) => ({
				...webhookResource(webhook),
				// the service's resource of the primary-network types has no network: the control API adds it
				...(webhook.primary ? { network: webhook.primary.network } : {}),
				deactivationReason: emulator.deliveries.deactivationReason(webhook.id),
			})),
		},
	}),

	'GET /_emulator/chains': (emulator) => ({
		body: {
			chains: emulator.chains
				.list()
				.filter((info) => info.status === 'OK')
				.map((info) => {
					const chain = emulator.chains.get(info.chainId);
					return {
						chainId: info.chainId,
						blocks: chain.blocks.length,
						transactions: chain.transactions.length,
						headBlockNumber: chain.head ? String(chain.head.number) : null,
						busiestAddresses: chain.busiestAddresses(5),
					};
				}),
		},
	}),
};

export async function handleControl(
	emulator: Emulator,
	req: IncomingMessage,
	res: ServerResponse,
	path: string,
	query: URLSearchParams,
): Promise<void> {
	const method = (req.method ?? 'GET').toUpperCase();
	const handler = handlers[`${method} ${path.replace(/\/$/, '')}`];
	const text = await readText(req);
	if (!handler) throw new ApiError(404, [`Cannot ${method} ${path}: see test/emulator/README.md for the control routes`]);
	const result = handler(emulator, method === 'GET' ? undefined : parseJson(text), query);
	sendJson(res, result.status ?? 200, result.body);
}
