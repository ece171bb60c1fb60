// Webhook > Delete against the emulator through n8n-core's execution engine.
import { byId, createWebhook, startTestService } from '../../../harness/fixtures';
import type { TestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});

describe('Webhook > Delete', () => {
	it('deletes a webhook; getting it afterwards is a 404 with a hint', async () => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials);
		const deleted = await runNode({
			credentials,
			parameters: { resource: 'webhook', operation: 'delete', webhookId: byId(webhook.id) },
		});
		expect(deleted.items[0].json).toMatchObject({ id: webhook.id, deleted: true });
		expect((await service.control.webhooks()).some((entry) => entry.id === webhook.id)).toBe(false);

		const again = await runNode({
			credentials,
			parameters: { resource: 'webhook', operation: 'get', webhookId: byId(webhook.id) },
		});
		expect(again.error?.message).toBe(`Webhook '${webhook.id}' was not found [item 1]`);
		expect(again.error?.description).toContain('Check the ID');
		expect((again.error as { httpCode?: string }).httpCode).toBe('404');
	});
});
