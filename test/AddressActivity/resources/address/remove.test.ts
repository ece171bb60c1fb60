// Address > Remove against the emulator through n8n-core's execution engine; many items: addressChanges.test.ts.
import { byId, createWebhook, monitoredAddresses, randomAddress, useTestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

const service = useTestService();

describe('Address > Remove', () => {
	it('removes monitored addresses and reports those that were not monitored', async () => {
		const credentials = await service.newAccount();
		const [a, b, c] = [randomAddress(), randomAddress(), randomAddress()];
		const webhook = await createWebhook(credentials, { metadata: { addresses: [a, b, c] } });
		const stranger = randomAddress();
		const result = await runNode({
			credentials,
			parameters: {
				resource: 'address',
				operation: 'remove',
				webhookId: byId(webhook.id),
				addresses: `${a.toUpperCase().replace('0X', '0x')} ${stranger} ${c}`,
			},
		});
		expect(result.items[0].json).toEqual({
			webhookId: webhook.id,
			removed: 2,
			notFound: 1,
			totalAddresses: 1,
			removedAddresses: [a, c],
			notFoundAddresses: [stranger],
		});
		expect(await monitoredAddresses(credentials, webhook.id)).toEqual([b]);
	});

	it('removes in batches', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const addresses = Array.from({ length: 300 }, randomAddress);
		const webhook = await createWebhook(credentials, { metadata: { addresses } });
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			items: [{ addresses: addresses.slice(0, 250) }],
			parameters: {
				resource: 'address',
				operation: 'remove',
				webhookId: byId(webhook.id),
				addresses: '={{ $json.addresses }}',
				options: { batchSize: 100 },
			},
		});
		expect(result.items[0].json).toMatchObject({ removed: 250, notFound: 0, totalAddresses: 50 });
		expect((await service.control.requests()).map((request) => request.method)).toEqual([
			'GET',
			'DELETE',
			'DELETE',
			'DELETE',
		]);
	});
});
