// Webhook > Update against the emulator through n8n-core's execution engine: the fields changed,
// what is sent for the fields given, and the one read the EVM-only fields need.
import { byId, createWebhook, serviceCall, startTestService, type TestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});

const update = (webhookId: string, updateFields: Record<string, unknown>) => ({ resource: 'webhook', operation: 'update', webhookId: byId(webhookId), updateFields }) as never;

describe('Webhook > Update', () => {
	it('updates name, description, URL, status and what deliveries include', async () => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials);
		const result = await runNode({
			credentials,
			parameters: {
				resource: 'webhook',
				operation: 'update',
				webhookId: byId(webhook.id),
				updateFields: {
					name: 'Renamed',
					description: 'New text',
					url: 'https://other.example.com/hook',
					status: 'inactive',
					includeInternalTxs: true,
					includeLogs: true,
				},
			},
		});
		expect(result.items[0].json).toMatchObject({
			id: webhook.id,
			name: 'Renamed',
			description: 'New text',
			url: 'https://other.example.com/hook',
			status: 'inactive',
			includeInternalTxs: true,
			includeLogs: true,
		});
	});

	it('sends only the fields given, in one request; a name left empty clears it', async () => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials, { name: 'Treasury', description: 'Kept' });
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: update(webhook.id, { name: '' }) });
		expect(result.error).toBeUndefined();
		const requests = await service.control.requests();
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`PATCH /v1/webhooks/${webhook.id}`]);
		expect(requests[0].body).toEqual({ name: '' });
		expect(result.items[0].json).toMatchObject({ id: webhook.id, name: '', description: 'Kept' });
		expect(await serviceCall(credentials, 'GET', `/v1/webhooks/${webhook.id}`)).toMatchObject({ name: '', description: 'Kept' });
	});

	it('reads the webhook first only when Include Internal Transactions or Include Logs is given', async () => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials);
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: update(webhook.id, { includeLogs: true, status: 'inactive' }) });
		expect(result.items[0].json).toMatchObject({ includeLogs: true, status: 'inactive' });
		expect((await service.control.requests()).map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v1/webhooks/${webhook.id}`, `PATCH /v1/webhooks/${webhook.id}`]);
	});

	it('refuses a field of the wrong kind before any request, naming it', async () => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials);
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: update(webhook.id, { url: 'not a url' }) });
		expect(result.error?.message).toMatch(/^Invalid Callback URL in item 1: "not a url" /);
		expect(await service.control.requests()).toEqual([]);
	});
});
