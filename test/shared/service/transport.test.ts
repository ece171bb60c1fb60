import { byId, createWebhook, randomAddress, startTestService, visibleText } from '../../harness/fixtures';
import type { TestService } from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});
afterEach(async () => {
	await service.control.clearFaults();
});

const listChains = { resource: 'chain', operation: 'getMany', returnAll: true };

describe('authentication failures', () => {
	it('an unknown key: 401 says the key is not recognised, and never shows the key', async () => {
		const credentials = service.credentials('sk-live-UNKNOWN-4f1c2e9a7b');
		const result = await runNode({ credentials, parameters: listChains });
		expect(result.error?.message).toMatch(/^The API key was not recognised by the service/);
		expect(result.error?.description).toContain('Check the API key in the Address Activity API credential');
		expect((result.error as { httpCode?: string }).httpCode).toBe('401');
		expect(visibleText(result)).not.toContain('sk-live-UNKNOWN-4f1c2e9a7b');
	});

	it('a read-only key changing a webhook: 403 says the webhook privilege is missing', async () => {
		const reader = await service.newAccount({ privileges: ['read'] });
		const result = await runNode({
			credentials: reader,
			parameters: {
				resource: 'webhook',
				operation: 'create',
				url: 'https://receiver.example.com/hook',
				chainId: byId('43114'),
				addresses: randomAddress(),
			},
		});
		expect(result.error?.message).toMatch(/^The API key lacks the privilege for this action/);
		expect(result.error?.description).toContain('needs an API key with the webhook privilege');
		expect(visibleText(result)).not.toContain(reader.apiKey);
		// Reads still work with the same key.
		expect((await runNode({ credentials: reader, parameters: listChains })).error).toBeUndefined();
	});

	it('the key stays out of errors when the service cannot be reached at all', async () => {
		// An emulator that was started and closed again: nothing listens on its port any more.
		const gone = await startTestService();
		await gone.close();
		const closedPort = gone.emulator.port;
		const result = await runNode({
			credentials: gone.credentials('sk-live-SECRET-connection-99'),
			parameters: { ...listChains, requestOptions: { maxServerErrorRetries: 1 } },
		});
		expect(result.error?.message).toBe(
			`Could not reach the service at http://127.0.0.1:${closedPort} (connection refused) after 2 attempts [item 1]`,
		);
		expect(result.error?.description).toContain('Check the port in the Base URL');
		expect(visibleText(result)).not.toContain('sk-live-SECRET-connection-99');
	});

	it('a Base URL without http(s) fails before any request', async () => {
		const result = await runNode({
			credentials: { ...service.credentials('any-key'), baseUrl: 'api.example.com' },
			parameters: listChains,
		});
		expect(result.error?.message).toBe(
			'The Base URL in the Address Activity API credential is not an http(s) address: "api.example.com"',
		);
	});
});

describe('rate limits (429)', () => {
	it('waits for retry-after and carries on under a tight rate-limit policy', async () => {
		const credentials = await service.newAccount();
		for (let i = 0; i < 450; i++) await createWebhook(credentials);
		await service.control.setRateLimit({ limit: 2, windowSeconds: 1, key: credentials.apiKey });
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			parameters: { resource: 'webhook', operation: 'getMany', returnAll: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(450);
		const requests = await service.control.requests();
		const served = requests.filter((request) => request.statusCode === 200);
		const limited = requests.filter((request) => request.statusCode === 429);
		expect(served).toHaveLength(5);
		expect(limited.length).toBeGreaterThanOrEqual(1);
		// Every retry came after the wait the service asked for (retry-after is at least 1 s).
		for (const rejected of limited) {
			const next = requests.find((request) => request.seq === rejected.seq + 1);
			expect(next!.at - rejected.at).toBeGreaterThanOrEqual(950);
		}
	});

	it('fails with a 429 error and a hint once Max Rate-Limit Retries are used up', async () => {
		const credentials = await service.newAccount();
		await service.control.setRateLimit({ limit: 1, windowSeconds: 60, key: credentials.apiKey });
		await runNode({ credentials, parameters: listChains });
		await service.control.clearRequests();
		const started = Date.now();
		const result = await runNode({
			credentials,
			parameters: { ...listChains, requestOptions: { maxRateLimitRetries: 0 } },
		});
		// The service asks to wait up to 60 s (its window); the node did not wait for it.
		expect(Date.now() - started).toBeLessThan(30_000);
		expect(result.error?.message).toMatch(/^The service's rate limit was reached and 0 retries did not get through/);
		expect(result.error?.description).toContain('Max Rate-Limit Retries');
		expect((result.error as { httpCode?: string }).httpCode).toBe('429');
		expect((await service.control.requests()).map((request) => request.statusCode)).toEqual([429]);
	});

	it('does not wait longer than Max Rate-Limit Wait', async () => {
		const credentials = await service.newAccount();
		await service.control.setRateLimit({ limit: 1, windowSeconds: 60, key: credentials.apiKey });
		await runNode({ credentials, parameters: listChains });
		const result = await runNode({
			credentials,
			parameters: { ...listChains, requestOptions: { maxRateLimitWaitSeconds: 5 } },
		});
		expect(result.error?.message).toMatch(/asks to wait (59|60) s, longer than the node's Max Rate-Limit Wait of 5 s/);
	});
});

describe('server errors and dropped connections', () => {
	it('retries 5xx with back-off and succeeds when the service recovers', async () => {
		const credentials = await service.newAccount();
		await service.control.addFault({ path: '/v1/chains', count: 2, status: 503 });
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: listChains });
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		const requests = await service.control.requests();
		expect(requests.map((request) => request.statusCode)).toEqual([503, 503, 200]);
		// Back-off: 0.5 s, then 1 s.
		expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(450);
		expect(requests[2].at - requests[1].at).toBeGreaterThanOrEqual(950);
	});

	it('gives up after Max Server Error Retries with the status and a hint', async () => {
		const credentials = await service.newAccount();
		await service.control.addFault({ path: '/v1/chains', count: 5, status: 500 });
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			parameters: { ...listChains, requestOptions: { maxServerErrorRetries: 1 } },
		});
		expect(result.error?.message).toBe(
			'The service failed with 500 Internal Server Error on 2 attempts: injected fault: GET /v1/chains answered 500 [item 1]',
		);
		expect(result.error?.description).toContain('temporary problem');
		expect(await service.control.requests()).toHaveLength(2);
	});

	it('resends a read whose connection dropped', async () => {
		const credentials = await service.newAccount();
		await service.control.addFault({ path: '/v1/chains', count: 1, drop: true });
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: listChains });
		expect(result.error).toBeUndefined();
		expect((await service.control.requests()).map((request) => request.statusCode)).toEqual([null, 200]);
	});

	const createParameters = {
		resource: 'webhook',
		operation: 'create',
		url: 'https://receiver.example.com/hook',
		chainId: byId('43114'),
		addresses: randomAddress(),
	};
	const requestLines = async () =>
		(await service.control.requests()).map((request) => `${request.method} ${request.path} ${request.statusCode}`);

	it('does not resend a create whose connection dropped; it looks the webhook up by URL instead', async () => {
		const credentials = await service.newAccount();
		await service.control.addFault({ method: 'POST', path: '/v1/webhooks', count: 1, drop: true });
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: createParameters });
		expect(result.error?.message).toMatch(/^Could not reach the service at http:\/\/127\.0\.0\.1:\d+ \(connection closed by the service\) \[item 1\]$/);
		expect(await requestLines()).toEqual(['POST /v1/webhooks null', 'GET /v1/webhooks 200']);
	});

	it('does not resend a create answered 502, and returns the webhook the service created anyway', async () => {
		const credentials = await service.newAccount();
		await service.control.addFault({ method: 'POST', path: '/v1/webhooks', count: 1, status: 502, afterHandling: true });
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: createParameters });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([expect.objectContaining({ url: createParameters.url, chainId: '43114' })]);
		expect(await requestLines()).toEqual(['POST /v1/webhooks 502', 'GET /v1/webhooks 200']);
		const listed = await service.control.webhooks();
		expect(listed.filter((webhook) => webhook.id === result.items[0].json.id)).toHaveLength(1);
	});

	it('reports a create answered 502 that the service did not carry out, without sending it again', async () => {
		const credentials = await service.newAccount();
		await service.control.addFault({ method: 'POST', path: '/v1/webhooks', count: 1, status: 502 });
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: createParameters });
		expect(result.error?.message).toBe('The service answered 502 Bad Gateway: injected fault: POST /v1/webhooks answered 502 [item 1]');
		expect(await requestLines()).toEqual(['POST /v1/webhooks 502', 'GET /v1/webhooks 200']);
	});
});

describe('messages that say what went wrong', () => {
	it('says a block was not found, not a webhook', async () => {
		const credentials = await service.newAccount();
		const result = await runNode({ credentials, parameters: { resource: 'block', operation: 'get', chainId: byId('43114'), blockId: '999999999' } });
		expect(result.error?.message).toBe('Block 999999999 was not found on chain 43114 [item 1]');
		expect(result.error?.description).toContain('Check the block number or hash');
		expect(result.error?.description).not.toContain('webhook');
	});

	it('says a transaction was not found', async () => {
		const credentials = await service.newAccount();
		const result = await runNode({
			credentials,
			parameters: { resource: 'transaction', operation: 'get', chainId: byId('43114'), txHash: `0x${'ab'.repeat(32)}` },
		});
		expect(result.error?.description).toContain('Check the transaction hash and the chain');
	});

	it('explains an https Base URL pointing at an http port in words, without retrying', async () => {
		const credentials = await service.newAccount();
		await service.control.clearRequests();
		const result = await runNode({ credentials: { ...credentials, baseUrl: credentials.baseUrl.replace('http://', 'https://') }, parameters: listChains });
		expect(result.error?.message).toMatch(/^Could not reach the service at https:\/\/127\.0\.0\.1:\d+ \(TLS handshake failed: the server does not answer https on that port\) \[item 1\]$/);
		expect(result.error?.description).toMatch(/^The Base URL starts with https: check whether the server speaks http:\/\/ instead, and the port/);
		expect(result.error?.message).not.toMatch(/SSL|ssl3|routines/);
	});
});

describe('Continue On Fail', () => {
	it('turns a failed item into an error item paired to its input, and goes on', async () => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials);
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			continueOnFail: true,
			items: [{ id: webhook.id }, { id: '00000000-0000-4000-8000-000000000000' }, { id: 'oops' }, { id: webhook.id }],
			parameters: { resource: 'webhook', operation: 'get', webhookId: byId('={{ $json.id }}') },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(result.items[0].json.id).toBe(webhook.id);
		expect(result.items[1].json).toMatchObject({ httpCode: '404' });
		expect(result.items[1].json.error).toBe("Webhook '00000000-0000-4000-8000-000000000000' was not found [item 2]");
		expect(result.items[2].json.error).toBe('Invalid Webhook in item 3: "oops" is not a webhook ID (expected a UUID)');
		expect(result.items[3].json.id).toBe(webhook.id);
		// The invalid item sent nothing.
		expect(await service.control.requests()).toHaveLength(3);
	});

	it('without Continue On Fail, the first failing item stops the node with its item index', async () => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials);
		const result = await runNode({
			credentials,
			items: [{ id: webhook.id }, { id: '00000000-0000-4000-8000-000000000000' }],
			parameters: { resource: 'webhook', operation: 'get', webhookId: byId('={{ $json.id }}') },
		});
		expect(result.items).toEqual([]);
		expect(result.error?.context.itemIndex).toBe(1);
	});

	it('reports how far a batched add got when a later batch fails', async () => {
		const credentials = await service.newAccount({ plan: 'free' });
		const webhook = await createWebhook(credentials, {
			metadata: { addresses: Array.from({ length: 3 }, randomAddress) },
		});
		const result = await runNode({
			credentials,
			parameters: {
				resource: 'address',
				operation: 'add',
				webhookId: byId(webhook.id),
				addresses: Array.from({ length: 4 }, randomAddress).join(' '),
				options: { batchSize: 2 },
			},
		});
		expect(result.error?.message).toBe(
			'2 of 4 addresses were added before batch 2 failed: The service rejected the request: the free plan allows at most 5 addresses per webhook; this request would give the webhook 7 addresses [item 1]',
		);
	});
});
