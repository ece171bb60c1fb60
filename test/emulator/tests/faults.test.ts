import { request } from 'undici';

import { startEmulator, type RunningEmulator } from '../index';
import { call } from './harness';

describe('fault injection', () => {
	let emulator: RunningEmulator;
	const key = 'faulty';
	const addFault = async (fault: Record<string, unknown>) => {
		const answer = await call(emulator.url, 'POST', '/_emulator/faults', { body: fault });
		expect(answer.status).toBe(201);
		return answer.body.id as string;
	};

	beforeAll(async () => {
		emulator = await startEmulator({ apiKeys: [{ key }] });
	});
	afterAll(() => emulator.close());
	afterEach(() => call(emulator.url, 'DELETE', '/_emulator/faults'));

	it('fails the next count requests under a path with the status and the error body, then serves normally', async () => {
		const id = await addFault({ path: '/v1/chains', count: 2, status: 503 });
		expect(id).toMatch(/^[0-9a-f-]{36}$/);
		const first = await call(emulator.url, 'GET', '/v1/chains/43114', { key });
		expect(first.status).toBe(503);
		expect(first.body).toEqual({ message: [expect.stringContaining('injected fault')], error: 'Service Unavailable', statusCode: 503 });
		expect((await call(emulator.url, 'GET', '/v1/chains', { key })).status).toBe(503);
		expect((await call(emulator.url, 'GET', '/v1/chains', { key })).status).toBe(200);
	});

	it('matches the method when one is given', async () => {
		await addFault({ method: 'POST', path: '/v1/webhooks', count: 1, status: 500 });
		expect((await call(emulator.url, 'GET', '/v1/webhooks', { key })).status).toBe(200);
		const failed = await call(emulator.url, 'POST', '/v1/webhooks', { key, body: {} });
		expect(failed.status).toBe(500);
		expect(failed.body.error).toBe('Internal Server Error');
		// used up: the next POST reaches validation
		expect((await call(emulator.url, 'POST', '/v1/webhooks', { key, body: {} })).status).toBe(400);
	});

	it('injects 429 with retry-after, 502 and other statuses', async () => {
		await addFault({ path: '/v1/', count: 1, status: 429 });
		await addFault({ path: '/v1/', count: 1, status: 502 });
		const limited = await call(emulator.url, 'GET', '/v1/chains', { key });
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBe('1');
		expect(limited.headers['ratelimit-reset']).toBe('1');
		const gateway = await call(emulator.url, 'GET', '/v1/chains', { key });
		expect(gateway.status).toBe(502);
		expect(gateway.body.error).toBe('Bad Gateway');
	});

	it('delays the next request by delayMs and then serves it', async () => {
		const delayMs = 2000;
		await addFault({ path: '/v1/chains', count: 1, delayMs });
		const started = Date.now();
		const slow = await call(emulator.url, 'GET', '/v1/chains', { key });
		expect(slow.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(delayMs - 10);
		// Used up: the emulator holds no fault any more, and the next request is served.
		expect((await call(emulator.url, 'GET', '/_emulator/faults')).body.faults).toEqual([]);
		expect((await call(emulator.url, 'GET', '/v1/chains', { key })).status).toBe(200);
	});

	it('drops the connection of the next request without an answer', async () => {
		await addFault({ path: '/v1/webhooks', count: 1, drop: true });
		await expect(
			request(`${emulator.url}/v1/webhooks`, { headers: { 'x-service-api-key': key } }).then((response) => response.body.text()),
		).rejects.toThrow();
		expect((await call(emulator.url, 'GET', '/v1/webhooks', { key })).status).toBe(200);
		const log = (await call(emulator.url, 'GET', '/_emulator/requests')).body.requests;
		const webhookRequests = log.filter((entry: { path: string }) => entry.path === '/v1/webhooks');
		expect(webhookRequests.slice(-2).map((entry: { statusCode: number | null }) => entry.statusCode)).toEqual([null, 200]);
	});

	it('clears every fault with DELETE /_emulator/faults', async () => {
		await addFault({ path: '/v1/', count: 5, status: 500 });
		expect((await call(emulator.url, 'GET', '/_emulator/faults')).body.faults).toHaveLength(1);
		await call(emulator.url, 'DELETE', '/_emulator/faults');
		expect((await call(emulator.url, 'GET', '/v1/chains', { key })).status).toBe(200);
	});

	it('rejects a fault without an effect or with a bad path', async () => {
		const none = await call(emulator.url, 'POST', '/_emulator/faults', { body: { path: '/v1/', count: 1 } });
		expect(none.status).toBe(400);
		expect(none.body.message[0]).toContain('give status, delayMs or drop');
		const path = await call(emulator.url, 'POST', '/_emulator/faults', { body: { path: 'v1', count: 1, status: 500 } });
		expect(path.status).toBe(400);
	});
});
