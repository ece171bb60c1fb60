import { AddressActivityPollTrigger } from '../../../nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node';
import { AddressActivityTrigger } from '../../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';
import { testCredential } from '../../harness/credentialTest';
import { startTestService } from '../../harness/fixtures';
import type { TestService } from '../../harness/fixtures';
import { failInvalidNames, refusingUrl, startForeignServer } from '../../harness/foreignServers';
import type { ForeignServer } from '../../harness/foreignServers';

let service: TestService;
let webPage: ForeignServer;
beforeAll(async () => {
	service = await startTestService();
	webPage = await startForeignServer();
});
afterAll(async () => {
	await service.close();
	await webPage.close();
});

describe('Address Activity API credential test', () => {
	it('passes with a valid key that has the webhook privilege, after reading the shared secret', async () => {
		const credentials = await service.newAccount();
		await service.control.clearRequests();
		expect(await testCredential(credentials)).toEqual({
			status: 'OK',
			message: `Connected to the Address Activity service at ${credentials.baseUrl}; the key has the webhook privilege`,
		});
		expect(await service.control.requests()).toMatchObject([{ method: 'GET', path: '/v1/webhooks:getSharedSecret', statusCode: 200 }]);
	});

	it('is the same test in all three nodes', async () => {
		const credentials = await service.newAccount();
		expect((await testCredential(credentials, new AddressActivityTrigger())).status).toBe('OK');
		expect((await testCredential(credentials, new AddressActivityPollTrigger())).status).toBe('OK');
		expect((await testCredential(service.credentials('no-such-key'), new AddressActivityTrigger())).status).toBe('Error');
	});

	it('accepts a Base URL copied with /v1, a trailing slash or both', async () => {
		const credentials = await service.newAccount();
		for (const baseUrl of [`${credentials.baseUrl}/`, `${credentials.baseUrl}/v1`, `${credentials.baseUrl}/v1/`, ` ${credentials.baseUrl}/V1// `]) {
			expect(await testCredential({ ...credentials, baseUrl })).toMatchObject({ status: 'OK' });
		}
	});

	it('fails with "not recognised" for an unknown key such as wrong-key-123', async () => {
		expect(await testCredential(service.credentials('wrong-key-123'))).toEqual({
			status: 'Error',
			message:
				'The API key is not recognised by the service at this Base URL. Check the key, and that the Base URL is the deployment (production or development) it was created for.',
		});
	});

	it('fails with "lacks the webhook privilege" for a read-only key', async () => {
		const reader = await service.newAccount({ privileges: ['read'] });
		const result = await testCredential(reader);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The API key is valid but lacks the webhook privilege/);
	});

	it('fails for a web page that answers 200, saying the Base URL is not the service, without the page', async () => {
		webPage.paths.length = 0;
		const result = await testCredential({ apiKey: 'wrong-key-123', baseUrl: webPage.url });
		expect(result).toEqual({
			status: 'Error',
			message: `${webPage.url} is not the Address Activity service: GET /v1/webhooks:getSharedSecret answered 200 with a web page. Set the Base URL to the API address shown in the service's dashboard beside the API key.`,
		});
		expect(webPage.paths).toEqual(['/v1/webhooks:getSharedSecret']);
	});

	it('fails for JSON that is not the service\'s (another API answering 200 or 404)', async () => {
		const otherApi = await startForeignServer(200, '{"ok":true}', 'application/json');
		const missing = await startForeignServer(404, '{"detail":"Not Found"}', 'application/json');
		try {
			expect((await testCredential({ apiKey: 'k', baseUrl: otherApi.url })).message).toBe(
				`${otherApi.url} is not the Address Activity service: GET /v1/webhooks:getSharedSecret answered 200 with an answer that is not the service's JSON. Set the Base URL to the API address shown in the service's dashboard beside the API key.`,
			);
			expect((await testCredential({ apiKey: 'k', baseUrl: missing.url })).message).toMatch(
				/^http:\/\/127\.0\.0\.1:\d+ is not the Address Activity service: GET \/v1\/webhooks:getSharedSecret answered 404 /,
			);
		} finally {
			await otherApi.close();
			await missing.close();
		}
	});

	it('says a refused connection is refused, and what to check', async () => {
		const baseUrl = await refusingUrl();
		expect(await testCredential({ apiKey: 'k', baseUrl })).toEqual({
			status: 'Error',
			message: `Could not reach ${baseUrl} (connection refused). Nothing accepts connections at that host and port. Check the port in the Base URL, and that the service runs at that address.`,
		});
	});

	it('says a host name that does not resolve is not found, and what to check', async () => {
		const dns = failInvalidNames();
		try {
			expect(await testCredential({ apiKey: 'k', baseUrl: 'https://api.address-activity.invalid' })).toEqual({
				status: 'Error',
				message:
					'Could not reach https://api.address-activity.invalid (host not found). The host name in the Base URL does not resolve. Check its spelling, and the DNS of the machine n8n runs on.',
			});
			expect(dns.names).toContain('api.address-activity.invalid');
		} finally {
			dns.restore();
		}
	});

	it('says an https Base URL to a plain-http port fails the TLS handshake, and what to check', async () => {
		const baseUrl = webPage.url.replace('http://', 'https://');
		const result = await testCredential({ apiKey: 'k', baseUrl });
		expect(result.status).toBe('Error');
		expect(result.message).toBe(
			`Could not reach ${baseUrl} (TLS handshake failed: the server does not answer https on that port). The Base URL starts with https: check whether the server speaks http:// instead, and the port. A certificate this machine does not trust needs its CA given to n8n (NODE_EXTRA_CA_CERTS).`,
		);
	});

	it('says a Base URL that is not an http(s) address is not one, before any request', async () => {
		expect(await testCredential({ apiKey: 'k', baseUrl: 'api.example.com' })).toEqual({
			status: 'Error',
			message:
				'The Base URL "api.example.com" is not an http(s) address. Enter the API address shown in the service\'s dashboard beside the API key (an address starting with https://).',
		});
	});
});
