// Address > Add against the emulator through n8n-core's execution engine; many items: addressChanges.test.ts.
import { byId, createWebhook, fromList, monitoredAddresses, randomAddress, useTestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

const service = useTestService();

describe('Address > Add', () => {
	it('adds new addresses and reports those already present', async () => {
		const credentials = await service.newAccount();
		const existing = randomAddress();
		const webhook = await createWebhook(credentials, { metadata: { addresses: [existing] } });
		const [a, b] = [randomAddress(), randomAddress()];
		const result = await runNode({
			credentials,
			parameters: {
				resource: 'address',
				operation: 'add',
				webhookId: fromList(webhook.id),
				// The existing address in upper case: still recognised as present.
				addresses: `${a}\n${existing.toUpperCase().replace('0X', '0x')}, ${b} ${a}`,
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({
			webhookId: webhook.id,
			added: 2,
			alreadyPresent: 1,
			totalAddresses: 3,
			addedAddresses: [a, b],
			alreadyPresentAddresses: [existing.toUpperCase().replace('0X', '0x')],
		});
		expect(await monitoredAddresses(credentials, webhook.id)).toEqual([existing, a, b].sort());
	});

	it('sends large lists in batches of the chosen size, and only what is missing', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const webhook = await createWebhook(credentials);
		const addresses = Array.from({ length: 2500 }, randomAddress);
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			items: [{ addresses }],
			parameters: {
				resource: 'address',
				operation: 'add',
				webhookId: byId(webhook.id),
				addresses: '={{ $json.addresses }}',
				options: { batchSize: 1000 },
			},
		});
		expect(result.items[0].json).toMatchObject({ added: 2500, alreadyPresent: 0, totalAddresses: 2501 });
		const requests = (await service.control.requests()).map((request) => request.method);
		expect(requests).toEqual(['GET', 'PATCH', 'PATCH', 'PATCH']);

		// Adding the same list again sends nothing but the read.
		await service.control.clearRequests();
		const again = await runNode({
			credentials,
			items: [{ addresses }],
			parameters: {
				resource: 'address',
				operation: 'add',
				webhookId: byId(webhook.id),
				addresses: '={{ $json.addresses }}',
			},
		});
		expect(again.items[0].json).toMatchObject({ added: 0, alreadyPresent: 2500, totalAddresses: 2501 });
		expect((await service.control.requests()).map((request) => request.method)).toEqual(['GET']);
	});

	it('fails with the service\'s message when the plan\'s address allowance is exceeded', async () => {
		const credentials = await service.newAccount({ plan: 'free' });
		const webhook = await createWebhook(credentials);
		const result = await runNode({
			credentials,
			parameters: {
				resource: 'address',
				operation: 'add',
				webhookId: byId(webhook.id),
				addresses: Array.from({ length: 5 }, randomAddress).join(','),
			},
		});
		expect(result.error?.message).toContain('the free plan allows at most 5 addresses per webhook');
		expect(result.error?.message).toMatch(/^The service rejected the request: /);
		expect(result.error?.description).toContain('Check the parameters');
	});
});
