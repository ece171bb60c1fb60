// The Batch Size option of the operations that send address lists (Address > Add, Remove, Sync,
// Webhook > Create), through n8n-core against the emulator: its default and a bad value.
import type { INodeParameters } from 'n8n-workflow';

import { byId, createWebhook, randomAddress, useTestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

const service = useTestService();

/** Address > Add of `count` new addresses with `options`: the result and the sizes of the address changes the emulator saw. */
async function add(count: number, options: INodeParameters) {
	const credentials = await service.newAccount({ plan: 'paid' });
	const webhook = await createWebhook(credentials);
	const addresses = Array.from({ length: count }, randomAddress);
	await service.control.clearRequests();
	const result = await runNode({
		credentials,
		items: [{ addresses }],
		parameters: { resource: 'address', operation: 'add', webhookId: byId(webhook.id), addresses: '={{ $json.addresses }}', options },
	});
	const changes = (await service.control.requests()).filter((request) => request.method === 'PATCH');
	return { result, changes };
}

describe('Batch Size', () => {
	it('is 500 addresses a request unless chosen', async () => {
		const { result, changes } = await add(1200, {});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ added: 1200 });
		expect(changes).toHaveLength(3);
	});

	it('a value that is not a whole number of 1 or more is refused naming the field and the item, before any address is sent', async () => {
		for (const batchSize of [0, 2.5]) {
			const { result, changes } = await add(3, { batchSize });
			expect(result.error?.message).toBe(`Invalid Batch Size in item 1: "${batchSize}" is not a whole number of 1 or more`);
			expect(changes).toEqual([]);
		}
	});
});
