import { fromList, startTestService, visibleText } from '../../harness/fixtures';
import type { TestService } from '../../harness/fixtures';
import { failInvalidNames, refusingUrl, startForeignServer } from '../../harness/foreignServers';
import type { ForeignServer } from '../../harness/foreignServers';
import { runListSearch } from '../../harness/loadOptions';
import { runNode } from '../../harness/runNode';

// Errors in words: what a person sees when the Base URL leads elsewhere or nowhere.
let service: TestService;
let webPage: ForeignServer;
let textPage: ForeignServer;
beforeAll(async () => {
	service = await startTestService();
	webPage = await startForeignServer(404);
	textPage = await startForeignServer(200, 'SECRET-TEXT-CONTENT: hello', 'text/plain');
});
afterAll(async () => {
	await service.close();
	await webPage.close();
	await textPage.close();
});

const listChains = { resource: 'chain', operation: 'getMany', returnAll: true };
const NOT_THE_SERVICE = /^The Base URL does not lead to the Address Activity service: GET http:\/\/127\.0\.0\.1:\d+\/v1\/chains answered /;
// Fewer retries keep the test short; the wording is the same after any number of attempts.
const noRetry = { requestOptions: { maxServerErrorRetries: 0 } };
const attempts = '( after \\d+ attempts)?';

function escaped(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function listError(baseUrl: string, method: 'searchWebhooks' | 'searchChains' = 'searchWebhooks') {
	return await runListSearch({ method, credentials: { apiKey: 'wrong-key-123', baseUrl } }).then(
		() => undefined,
		(error: Error & { description?: string }) => error,
	);
}

describe('an answer that is not the service\'s JSON', () => {
	it('an HTML page: "not the service" with the status and the URL path, never the page', async () => {
		const result = await runNode({ credentials: { apiKey: 'wrong-key-123', baseUrl: webPage.url }, parameters: listChains });
		expect(result.error?.message).toMatch(NOT_THE_SERVICE);
		expect(result.error?.message).toMatch(/answered 404 Not Found with an HTML page, not the service's JSON \[item 1\]$/);
		expect(result.error?.description).toMatch(/^The answer is not the service's JSON, so the Base URL leads to another web server/);
		expect(visibleText(result)).not.toMatch(/SECRET-PAGE-CONTENT|DOCTYPE/);
		expect(visibleText(result)).not.toContain('wrong-key-123');
	});

	it('a text answer with 200: "not the service", not an empty or garbled result', async () => {
		const result = await runNode({ credentials: { apiKey: 'k', baseUrl: textPage.url }, parameters: listChains });
		expect(result.error?.message).toMatch(NOT_THE_SERVICE);
		expect(result.error?.message).toMatch(/answered 200 OK with text, not the service's JSON \[item 1\]$/);
		expect(visibleText(result)).not.toContain('SECRET-TEXT-CONTENT');
	});

	it('a proxy\'s 502 page: "not the service" after the retries, without the page', async () => {
		const proxy = await startForeignServer(502, '<html><body>SECRET-PROXY bad gateway</body></html>');
		try {
			const result = await runNode({ credentials: { apiKey: 'k', baseUrl: proxy.url }, parameters: { ...listChains, ...noRetry } });
			expect(result.error?.message).toMatch(/answered 502 Bad Gateway with an HTML page, not the service's JSON \[item 1\]$/);
			expect(visibleText(result)).not.toContain('SECRET-PROXY');
		} finally {
			await proxy.close();
		}
	});
});

describe('connection failures say which, and what to check', () => {
	it('connection refused', async () => {
		const baseUrl = await refusingUrl();
		const result = await runNode({ credentials: { apiKey: 'k', baseUrl }, parameters: { ...listChains, ...noRetry } });
		expect(result.error?.message).toMatch(new RegExp(`^Could not reach the service at ${escaped(baseUrl)} \\(connection refused\\)${attempts} \\[item 1\\]$`));
		expect(result.error?.description).toMatch(/^Nothing accepts connections at that host and port\. Check the port in the Base URL/);
	});

	it('a host name that does not resolve', async () => {
		const dns = failInvalidNames();
		try {
			const result = await runNode({ credentials: { apiKey: 'k', baseUrl: 'http://api.address-activity.invalid' }, parameters: { ...listChains, ...noRetry } });
			expect(result.error?.message).toMatch(
				new RegExp(`^Could not reach the service at http://api\\.address-activity\\.invalid \\(host not found\\)${attempts} \\[item 1\\]$`),
			);
			expect(result.error?.description).toMatch(/^The host name in the Base URL does not resolve\. Check its spelling/);
			expect(dns.names).toContain('api.address-activity.invalid');
		} finally {
			dns.restore();
		}
	});

	it('https to a plain-http server: the TLS handshake', async () => {
		const baseUrl = webPage.url.replace('http://', 'https://');
		const result = await runNode({ credentials: { apiKey: 'k', baseUrl }, parameters: listChains });
		expect(result.error?.message).toBe(`Could not reach the service at ${baseUrl} (TLS handshake failed: the server does not answer https on that port) [item 1]`);
		expect(result.error?.description).toMatch(/^The Base URL starts with https: check whether the server speaks http:\/\/ instead/);
	});
});

describe('list searches ("From list") get list words', () => {
	it('an HTML page: "not the service", not "Check the ID"', async () => {
		const error = await listError(webPage.url);
		expect(error?.message).toMatch(/^The Base URL does not lead to the Address Activity service: GET http:\/\/127\.0\.0\.1:\d+\/v1\/webhooks answered 404 Not Found with an HTML page/);
		expect(error?.description).not.toMatch(/Check the ID|deleted/);
		expect(`${error?.message} ${error?.description}`).not.toMatch(/SECRET-PAGE-CONTENT|DOCTYPE/);
	});

	it('the service\'s 404 for a list: no such list at this Base URL', async () => {
		const credentials = await service.newAccount();
		await service.control.addFault({ method: 'GET', path: '/v1/chains', count: 1, status: 404 });
		try {
			const error = await listError(credentials.baseUrl, 'searchChains');
			expect(error?.description).toMatch(/^The service has no such list at this Base URL\. Check the Base URL in the credential/);
		} finally {
			await service.control.clearFaults();
		}
	});

	it('connection refused in a list search says so', async () => {
		const baseUrl = await refusingUrl();
		const error = await runListSearch({ method: 'searchChains', credentials: { apiKey: 'k', baseUrl }, parameters: {} }).then(
			() => undefined,
			(failure: Error) => failure,
		);
		expect(error?.message).toMatch(new RegExp(`^Could not reach the service at ${escaped(baseUrl)} \\(connection refused\\)`));
	});
});

describe('no message says the same thing twice', () => {
	it('an unknown webhook: the service\'s sentence alone', async () => {
		const credentials = await service.newAccount();
		const missing = '00000000-0000-4000-8000-000000000000';
		const result = await runNode({ credentials, parameters: { resource: 'webhook', operation: 'get', webhookId: fromList(missing) } });
		expect(result.error?.message).toBe(`Webhook '${missing}' was not found [item 1]`);
	});

	it('an unknown key: the lead alone, not "not recognised: invalid API key"', async () => {
		const result = await runNode({ credentials: service.credentials('wrong-key-123'), parameters: listChains });
		expect(result.error?.message).toBe('The API key was not recognised by the service [item 1]');
	});
});
