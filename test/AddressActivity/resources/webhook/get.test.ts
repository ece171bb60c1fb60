// Webhook > Get against the emulator through n8n-core's execution engine.
import { byId, createWebhook, fromList, startTestService } from '../../../harness/fixtures';
import type { TestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});

describe('Webhook > Get', () => {
	it('gets one webhook picked from the list or by ID', async () => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials, { name: 'Picked' });
		for (const locator of [fromList(webhook.id), byId(webhook.id)]) {
			const result = await runNode({
				credentials,
				parameters: { resource: 'webhook', operation: 'get', webhookId: locator },
			});
			// The service's record, with the readable creation date after createdAt.
			expect(result.items.map((item) => item.json)).toEqual([{ ...webhook, createdAtIso: new Date(webhook.createdAt as number).toISOString() }]);
		}
	});
});
