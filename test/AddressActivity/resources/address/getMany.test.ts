// Address > Get Many against the emulator through n8n-core's execution engine.
import { byId, createWebhook, randomAddress, useTestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

const service = useTestService();

describe('Address > Get Many', () => {
	it('lists monitored addresses, one item each, with Return All and with a Limit', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const addresses = Array.from({ length: 230 }, randomAddress);
		const webhook = await createWebhook(credentials, { metadata: { addresses } });
		const all = await runNode({
			credentials,
			parameters: { resource: 'address', operation: 'getMany', webhookId: byId(webhook.id), returnAll: true },
		});
		expect(all.items.map((item) => item.json.address)).toEqual(addresses);
		expect(all.items[0].json.webhookId).toBe(webhook.id);

		const limited = await runNode({
			credentials,
			parameters: { resource: 'address', operation: 'getMany', webhookId: byId(webhook.id), limit: 7 },
		});
		expect(limited.items.map((item) => item.json.address)).toEqual(addresses.slice(0, 7));
	});
});
