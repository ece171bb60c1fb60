import { startEmulator, type RunningEmulator } from '../index';
import { call } from './harness';

describe('rate limits', () => {
	let emulator: RunningEmulator;

	beforeAll(async () => {
		emulator = await startEmulator({
			apiKeys: [{ key: 'key-a' }, { key: 'key-b' }],
			rateLimit: { limit: 5, windowSeconds: 60 },
		});
	});
	afterAll(() => emulator.close());

	it('sends the three ratelimit headers on every response to a valid key, counting down', async () => {
		const remaining: string[] = [];
		for (let i = 0; i < 3; i++) {
			const answer = await call(emulator.url, 'GET', '/v1/chains', { key: 'key-a' });
			expect(answer.status).toBe(200);
			expect(answer.headers['ratelimit-policy']).toBe('5;w=60');
			expect(answer.headers['ratelimit-limit']).toBe('5');
			expect(answer.headers['ratelimit-reset']).toBeUndefined();
			remaining.push(answer.headers['ratelimit-remaining']);
		}
		expect(remaining).toEqual(['4', '3', '2']);
	});

	it('answers 429 with ratelimit-reset and retry-after in seconds once the limit is reached, per key', async () => {
		await call(emulator.url, 'GET', '/v1/chains', { key: 'key-a' });
		await call(emulator.url, 'GET', '/v1/chains', { key: 'key-a' });
		const limited = await call(emulator.url, 'GET', '/v1/chains', { key: 'key-a' });
		expect(limited.status).toBe(429);
		expect(limited.body).toEqual({ message: [expect.any(String)], error: 'Too Many Requests', statusCode: 429 });
		expect(limited.headers['ratelimit-remaining']).toBe('0');
		const reset = Number(limited.headers['ratelimit-reset']);
		expect(reset).toBeGreaterThan(0);
		expect(reset).toBeLessThanOrEqual(60);
		expect(limited.headers['retry-after']).toBe(limited.headers['ratelimit-reset']);
		// another key has its own budget
		expect((await call(emulator.url, 'GET', '/v1/chains', { key: 'key-b' })).status).toBe(200);
	});

	it('serves again once the window has passed on the emulator clock', async () => {
		expect((await call(emulator.url, 'GET', '/v1/chains', { key: 'key-a' })).status).toBe(429);
		await call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: 61_000 } });
		const answer = await call(emulator.url, 'GET', '/v1/chains', { key: 'key-a' });
		expect(answer.status).toBe(200);
		expect(answer.headers['ratelimit-remaining']).toBe('4');
	});

	it('takes a new policy for one key or for all keys from PUT /_emulator/rate-limit', async () => {
		const set = await call(emulator.url, 'PUT', '/_emulator/rate-limit', { body: { limit: 2, windowSeconds: 10, key: 'key-b' } });
		expect(set.status).toBe(200);
		const first = await call(emulator.url, 'GET', '/v1/chains', { key: 'key-b' });
		expect(first.headers['ratelimit-policy']).toBe('2;w=10');
		await call(emulator.url, 'GET', '/v1/chains', { key: 'key-b' });
		const limited = await call(emulator.url, 'GET', '/v1/chains', { key: 'key-b' });
		expect(limited.status).toBe(429);
		expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(10);

		await call(emulator.url, 'PUT', '/_emulator/rate-limit', { body: { limit: 100, windowSeconds: 1 } });
		const answer = await call(emulator.url, 'GET', '/v1/chains', { key: 'key-b' });
		expect(answer.status).toBe(200);
		expect(answer.headers['ratelimit-policy']).toBe('100;w=1');
	});

	it('rejects an invalid policy with 400', async () => {
		const answer = await call(emulator.url, 'PUT', '/_emulator/rate-limit', { body: { limit: 0, windowSeconds: 'x' } });
		expect(answer.status).toBe(400);
		expect(answer.body.message).toEqual(expect.arrayContaining([expect.stringContaining('limit'), expect.stringContaining('windowSeconds')]));
	});
});
