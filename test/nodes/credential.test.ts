import { testCredential } from '../harness/credentialTest';
import { startTestService } from '../harness/fixtures';
import type { TestService } from '../harness/fixtures';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});

describe('Address Activity API credential test', () => {
	it('passes with a valid key that has the webhook privilege', async () => {
		const credentials = await service.newAccount();
		await service.control.clearRequests();
		expect(await testCredential(credentials)).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(await service.control.requests()).toMatchObject([
			{ method: 'GET', path: '/v1/webhooks:getSharedSecret', statusCode: 200 },
		]);
	});

	it('accepts a Base URL copied with a trailing slash or the /v1 version', async () => {
		const credentials = await service.newAccount();
		expect((await testCredential({ ...credentials, baseUrl: `${credentials.baseUrl}/` })).status).toBe('OK');
		expect((await testCredential({ ...credentials, baseUrl: `${credentials.baseUrl}/v1/` })).status).toBe('OK');
	});

	it('fails with "not recognised" for an unknown key', async () => {
		const result = await testCredential(service.credentials('no-such-key'));
		expect(result).toEqual({
			status: 'Error',
			message:
				'The API key is not recognised by the service at this Base URL. Check the key, and that the Base URL is the deployment it was created for.',
		});
	});

	it('fails with "lacks the webhook privilege" for a read-only key', async () => {
		const reader = await service.newAccount({ privileges: ['read'] });
		const result = await testCredential(reader);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The API key is valid but lacks the webhook privilege/);
	});
});
