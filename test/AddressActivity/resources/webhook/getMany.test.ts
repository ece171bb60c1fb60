// Webhook > Get Many against the emulator through n8n-core's execution engine.
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

describe('Webhook > Get Many', () => {
	it('lists webhooks filtered by status', async () => {
		const credentials = await service.newAccount();
		const active = await createWebhook(credentials, { name: 'one' });
		const paused = await createWebhook(credentials, { name: 'two' });
		await runNode({
			credentials,
			parameters: { resource: 'webhook', operation: 'update', webhookId: byId(paused.id), updateFields: { status: 'inactive' } },
		});
		const run = async (filters: Record<string, string>) =>
			(
				await runNode({
					credentials,
					parameters: { resource: 'webhook', operation: 'getMany', returnAll: true, filters },
				})
			).items.map((item) => item.json.id);
		expect((await run({})).sort()).toEqual([active.id, paused.id].sort());
		expect(await run({ status: 'active' })).toEqual([active.id]);
		expect(await run({ status: 'inactive' })).toEqual([paused.id]);
	});
});
