import { startEmulator, type RunningEmulator } from '../index';
import { address, call, webhookBody } from './harness';

describe('control API', () => {
	let emulator: RunningEmulator;

	beforeAll(async () => {
		emulator = await startEmulator({ apiKeys: [{ key: 'secret-key-abc', plan: 'paid' }] });
	});
	afterAll(() => emulator.close());

	it('creates keys with the given key, account, plan and privileges', async () => {
		const answer = await call(emulator.url, 'POST', '/_emulator/keys', { body: { key: 'k-1', account: 'acme', plan: 'paid', privileges: ['read'] } });
		expect(answer.status).toBe(201);
		expect(answer.body).toEqual({ key: 'k-1', account: 'acme', plan: 'paid', privileges: ['read'] });
		const random = await call(emulator.url, 'POST', '/_emulator/keys', { body: {} });
		expect(random.body.key).toMatch(/^\w{20,}$/);
		expect(random.body.key).not.toBe((await call(emulator.url, 'POST', '/_emulator/keys', { body: {} })).body.key);
		const bad = await call(emulator.url, 'POST', '/_emulator/keys', { body: { plan: 'gold' } });
		expect(bad.status).toBe(400);
	});

	it('logs every /v1 request with method, path, query, status, time and answer size, never the key', async () => {
		await call(emulator.url, 'DELETE', '/_emulator/requests');
		await call(emulator.url, 'GET', '/v1/chains', { key: 'secret-key-abc', query: { feature: 'webhooks' } });
		await call(emulator.url, 'POST', '/v1/webhooks', { key: 'secret-key-abc', body: webhookBody('http://127.0.0.1:1/x') });
		await call(emulator.url, 'GET', '/v1/webhooks', { key: 'wrong' });
		const log = await call(emulator.url, 'GET', '/_emulator/requests');
		expect(log.body.requests).toEqual([
			{ seq: expect.any(Number), method: 'GET', path: '/v1/chains', query: { feature: 'webhooks' }, statusCode: 200, at: expect.any(Number), responseBytes: expect.any(Number) },
			expect.objectContaining({ method: 'POST', path: '/v1/webhooks', query: {}, statusCode: 201, body: expect.objectContaining({ chainId: '43113' }) }),
			expect.objectContaining({ method: 'GET', path: '/v1/webhooks', statusCode: 401 }),
		]);
		expect(JSON.stringify(log.body)).not.toContain('secret-key-abc');
		await call(emulator.url, 'DELETE', '/_emulator/requests');
		expect((await call(emulator.url, 'GET', '/_emulator/requests')).body.requests).toEqual([]);
	});

	it('lists the webhooks of every account', async () => {
		const other = (await call(emulator.url, 'POST', '/_emulator/keys', { body: {} })).body.key;
		const mine = await call(emulator.url, 'POST', '/v1/webhooks', { key: 'secret-key-abc', body: webhookBody('http://127.0.0.1:1/a', { metadata: { addresses: [address(1)] } }) });
		const theirs = await call(emulator.url, 'POST', '/v1/webhooks', { key: other, body: webhookBody('http://127.0.0.1:1/b') });
		const all = await call(emulator.url, 'GET', '/_emulator/webhooks');
		const ids = all.body.webhooks.map((webhook: { id: string }) => webhook.id);
		expect(ids).toEqual(expect.arrayContaining([mine.body.id, theirs.body.id]));
		expect(all.body.webhooks.find((webhook: { id: string }) => webhook.id === mine.body.id)).toMatchObject({ url: 'http://127.0.0.1:1/a', status: 'active' });
	});

	it('moves the clock forward and reports it', async () => {
		const before = (await call(emulator.url, 'GET', '/_emulator/clock')).body.now;
		const moved = await call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: 3_600_000 } });
		expect(moved.body.now - before).toBeGreaterThanOrEqual(3_600_000);
		expect((await call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: -1 } })).status).toBe(400);
	});

	it('summarises the synthetic chains', async () => {
		const summary = await call(emulator.url, 'GET', '/_emulator/chains');
		const mainnet = summary.body.chains.find((chain: { chainId: string }) => chain.chainId === '43114');
		expect(mainnet.transactions).toBeGreaterThanOrEqual(10_000);
		expect(mainnet.busiestAddresses[0].transactions).toBeGreaterThan(100);
	});

	it('answers 404 for an unknown control route', async () => {
		const answer = await call(emulator.url, 'GET', '/_emulator/nothing');
		expect(answer.status).toBe(404);
		expect(answer.body.error).toBe('Not Found');
	});
});
