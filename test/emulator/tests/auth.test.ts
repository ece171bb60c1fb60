import { startEmulator, type RunningEmulator } from '../index';
import { call, webhookBody } from './harness';

describe('authentication and privileges', () => {
	let emulator: RunningEmulator;

	beforeAll(async () => {
		emulator = await startEmulator({
			apiKeys: [
				{ key: 'full-key' },
				{ key: 'read-key', privileges: ['read'] },
				{ key: 'writer-key', privileges: ['webhooks'] },
			],
		});
	});
	afterAll(() => emulator.close());

	it('answers 401 with the error body when the key is missing', async () => {
		const answer = await call(emulator.url, 'GET', '/v1/chains');
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ message: [expect.stringContaining('x-service-api-key')], error: 'Unauthorized', statusCode: 401 });
		expect(answer.headers['ratelimit-limit']).toBeUndefined();
	});

	it('answers 401 for an unknown key and never echoes the key', async () => {
		const answer = await call(emulator.url, 'GET', '/v1/webhooks', { key: 'not-a-key-123' });
		expect(answer.status).toBe(401);
		expect(answer.body.error).toBe('Unauthorized');
		expect(JSON.stringify(answer.body)).not.toContain('not-a-key-123');
	});

	it('lets a read-only key read but answers 403 on webhook writes and shared secret routes', async () => {
		const key = 'read-key';
		expect((await call(emulator.url, 'GET', '/v1/webhooks', { key })).status).toBe(200);
		expect((await call(emulator.url, 'GET', '/v1/chains/43114/blocks', { key })).status).toBe(200);
		const writes = [
			call(emulator.url, 'POST', '/v1/webhooks', { key, body: webhookBody('http://127.0.0.1:1/x') }),
			call(emulator.url, 'PATCH', '/v1/webhooks/00000000-0000-4000-8000-000000000000', { key, body: { name: 'x' } }),
			call(emulator.url, 'DELETE', '/v1/webhooks/00000000-0000-4000-8000-000000000000', { key }),
			call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key }),
			call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key }),
		];
		for (const answer of await Promise.all(writes)) {
			expect(answer.status).toBe(403);
			expect(answer.body).toEqual({ message: [expect.any(String)], error: 'Forbidden', statusCode: 403 });
			// a valid key: the 403 still carries the rate-limit headers
			expect(answer.headers['ratelimit-remaining']).toMatch(/^\d+$/);
		}
	});

	it('answers 403 to a write-only key on reads', async () => {
		const answer = await call(emulator.url, 'GET', '/v1/chains', { key: 'writer-key' });
		expect(answer.status).toBe(403);
		expect((await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: 'writer-key' })).status).toBe(200);
	});

	it('accepts a key created through the control API, with both privileges by default', async () => {
		const created = await call(emulator.url, 'POST', '/_emulator/keys', { body: {} });
		expect(created.status).toBe(201);
		expect(created.body).toEqual({ key: expect.any(String), account: expect.any(String), plan: 'free', privileges: ['read', 'webhooks'] });
		const answer = await call(emulator.url, 'POST', '/v1/webhooks', { key: created.body.key, body: webhookBody('http://127.0.0.1:1/x') });
		expect(answer.status).toBe(201);
	});

	it('answers 404 with the error body for an unknown route', async () => {
		const answer = await call(emulator.url, 'GET', '/v1/nothing-here', { key: 'full-key' });
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ message: ['Cannot GET /v1/nothing-here'], error: 'Not Found', statusCode: 404 });
	});
});
