import { byId, createWebhook, fromList, randomAddress, serviceCall, startTestService } from '../../../harness/fixtures';
import type { TestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});

async function monitored(credentials: { apiKey: string; baseUrl: string }, id: string): Promise<string[]> {
	const webhook = await serviceCall<{ metadata: { addresses: string[] } }>(credentials, 'GET', `/v1/webhooks/${id}`);
	return webhook.metadata.addresses.map((address) => address.toLowerCase()).sort();
}

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
		expect(await monitored(credentials, webhook.id)).toEqual([existing, a, b].sort());
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
		expect(await monitored(credentials, webhook.id)).toEqual([b]);
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

describe('several items, one with a bad address', () => {
	const items = (bad: string) => [{ address: randomAddress() }, { address: randomAddress() }, { address: bad }];

	it.each(['add', 'remove'])('%s: fails naming the item before any request is sent', async (operation) => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials);
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			items: items('0x12ab'),
			parameters: { resource: 'address', operation, webhookId: byId(webhook.id), addresses: '={{ $json.address }}' },
		});
		expect(result.error?.message).toBe('Invalid Addresses in item 3: "0x12ab" is not a valid address (expected 0x followed by 40 hexadecimal characters)');
		expect(await service.control.requests()).toEqual([]);
	});

	it('with Continue On Fail: the good items are added, the bad one is an error item, each paired to its input', async () => {
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials);
		const input = items('not-an-address');
		const result = await runNode({
			credentials,
			items: input,
			continueOnFail: true,
			parameters: { resource: 'address', operation: 'add', webhookId: byId(webhook.id), addresses: '={{ $json.address }}' },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items.map((item) => item.json.added ?? item.json.error)).toEqual([
			1,
			1,
			'Invalid Addresses in item 3: "not-an-address" is not a valid address (expected 0x followed by 40 hexadecimal characters)',
		]);
		expect(await monitored(credentials, webhook.id)).toEqual(expect.arrayContaining([input[0].address, input[1].address]));
	});
});
