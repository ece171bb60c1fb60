// Address > Add and Remove over many input items: items for one webhook share one read of its
// list and batched writes, so the requests do not grow with the number of items.
import type { INodeParameters } from 'n8n-workflow';

import { byId, createWebhook, monitoredAddresses, randomAddress, serviceCall, useTestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

const service = useTestService();

const requestLines = async () => (await service.control.requests()).map((request) => `${request.method} ${request.path.split('?')[0]}`);

describe('Address > Add over many items', () => {
	it('adds one address per item for 300 items with one read and one write, each item reporting its own address', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const existing = Array.from({ length: 1000 }, randomAddress);
		const webhook = await createWebhook(credentials, { metadata: { addresses: existing.slice(0, 500) } });
		await serviceCall(credentials, 'PATCH', `/v1/webhooks/${webhook.id}/addresses`, { addresses: existing.slice(500) });
		const wallets = Array.from({ length: 300 }, randomAddress);
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			items: wallets.map((address) => ({ address })),
			parameters: { resource: 'address', operation: 'add', webhookId: byId(webhook.id), addresses: '={{ $json.address }}' },
		});
		expect(result.error).toBeUndefined();
		expect(await requestLines()).toEqual([`GET /v1/webhooks/${webhook.id}`, `PATCH /v1/webhooks/${webhook.id}/addresses`]);
		expect(result.items).toHaveLength(300);
		expect(result.items.map((item) => item.pairedItem)).toEqual(wallets.map((_, index) => ({ item: index })));
		expect(result.items[7].json).toEqual({
			webhookId: webhook.id,
			added: 1,
			alreadyPresent: 0,
			totalAddresses: 1300,
			addedAddresses: [wallets[7]],
			alreadyPresentAddresses: [],
		});
		expect((await monitoredAddresses(credentials, webhook.id)).length).toBe(1300);
	});

	it('applies items in order (an address two items add counts as added once), matches case-insensitively, and a second run changes nothing', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const present = randomAddress();
		const webhook = await createWebhook(credentials, { metadata: { addresses: [present.toUpperCase().replace('0X', '0x')] } });
		const shared = randomAddress();
		const items = [{ addresses: [shared, present] }, { addresses: [shared.toUpperCase().replace('0X', '0x')] }, { addresses: [randomAddress()] }];
		const parameters = { resource: 'address', operation: 'add', webhookId: byId(webhook.id), addresses: '={{ $json.addresses }}' };
		const first = await runNode({ credentials, items, parameters });
		expect(first.items.map((item) => [item.json.added, item.json.alreadyPresent])).toEqual([
			[1, 1],
			[0, 1],
			[1, 0],
		]);
		// As when n8n or the user retries the execution: one read, nothing sent twice.
		await service.control.clearRequests();
		const again = await runNode({ credentials, items, parameters });
		expect(again.items.map((item) => [item.json.added, item.json.alreadyPresent])).toEqual([
			[0, 2],
			[0, 1],
			[0, 1],
		]);
		expect(await requestLines()).toEqual([`GET /v1/webhooks/${webhook.id}`]);
		expect((await monitoredAddresses(credentials, webhook.id)).sort()).toEqual([present, shared, items[2].addresses[0]].map((a) => a.toLowerCase()).sort());
	});

	it('groups items per webhook: one read and one write each', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const [one, two] = [await createWebhook(credentials), await createWebhook(credentials)];
		const items = Array.from({ length: 20 }, (_, index) => ({ webhook: index % 2 ? two.id : one.id, address: randomAddress() }));
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			items,
			parameters: { resource: 'address', operation: 'add', webhookId: byId('={{ $json.webhook }}'), addresses: '={{ $json.address }}' },
		});
		expect(result.error).toBeUndefined();
		expect((await requestLines()).sort()).toEqual(
			[`GET /v1/webhooks/${one.id}`, `PATCH /v1/webhooks/${one.id}/addresses`, `GET /v1/webhooks/${two.id}`, `PATCH /v1/webhooks/${two.id}/addresses`].sort(),
		);
		expect(result.items.map((item) => item.json.webhookId)).toEqual(items.map((item) => item.webhook));
		expect((await monitoredAddresses(credentials, one.id)).length).toBe(11);
	});

	it('when a later batch fails, the items sent before it succeed and the others say how far it got (Continue On Fail)', async () => {
		// The free plan allows 5 addresses per webhook: 1 there, then batches of 2.
		const credentials = await service.newAccount();
		const webhook = await createWebhook(credentials);
		const items = [{ addresses: [randomAddress(), randomAddress()] }, { addresses: [randomAddress(), randomAddress()] }, { addresses: [randomAddress(), randomAddress()] }];
		const result = await runNode({
			credentials,
			items,
			continueOnFail: true,
			parameters: { resource: 'address', operation: 'add', webhookId: byId(webhook.id), addresses: '={{ $json.addresses }}', options: { batchSize: 2 } },
		});
		expect(result.items.map((item) => item.json.added ?? 'error')).toEqual([2, 2, 'error']);
		expect(result.items[2].json.error).toMatch(/^4 of 6 addresses were added before batch 3 failed: .*free plan allows at most 5 addresses.* \(item 3 was not fully added\)$/);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect((await monitoredAddresses(credentials, webhook.id)).length).toBe(5);
	});
});

describe('Address > Remove over many items', () => {
	it('removes one address per item with one read and one write, reporting those not monitored', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const addresses = Array.from({ length: 50 }, randomAddress);
		const webhook = await createWebhook(credentials, { metadata: { addresses } });
		const stranger = randomAddress();
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			items: [...addresses.slice(0, 40), stranger].map((address) => ({ address: address.toUpperCase().replace('0X', '0x') })),
			parameters: { resource: 'address', operation: 'remove', webhookId: byId(webhook.id), addresses: '={{ $json.address }}' },
		});
		expect(result.error).toBeUndefined();
		expect(await requestLines()).toEqual([`GET /v1/webhooks/${webhook.id}`, `DELETE /v1/webhooks/${webhook.id}/addresses`]);
		expect(result.items.map((item) => item.json.removed)).toEqual([...Array(40).fill(1), 0]);
		expect(result.items[40].json).toMatchObject({ notFound: 1, totalAddresses: 10 });
		expect((await monitoredAddresses(credentials, webhook.id)).sort()).toEqual(addresses.slice(40).sort());
	});
});

// A webhook at the plan's allowance, at a scale that keeps the test quick on a busy machine: the
// emulator's allowance is lowered to 2,500 (paid accounts allow 100,000 by default; the figures for
// 100,000 are printed by `npm run bench:addresses`). The batching is the same: 500 per request.
describe('a webhook with as many addresses as the plan allows', () => {
	const ALLOWANCE = 2_500;
	const full = useTestService({ paidAddressLimit: ALLOWANCE });
	const lines = async () => (await full.control.requests()).map((request) => `${request.method} ${request.path.split('?')[0]}`);

	it('is created with the first batch in the body and the rest in batches, and Get Many reads it back in one request', async () => {
		const credentials = await full.newAccount({ plan: 'paid' });
		const addresses = Array.from({ length: ALLOWANCE }, randomAddress);
		await full.control.clearRequests();
		const created = await runNode({
			credentials,
			items: [{ addresses }],
			parameters: { resource: 'webhook', operation: 'create', url: 'https://receiver.example.com/activity', chainId: byId('43114'), addresses: '={{ $json.addresses }}' },
		});
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		// 500 in the body of the POST, then four PATCHes of 500.
		expect(await lines()).toEqual(['POST /v1/webhooks', ...Array(4).fill(`PATCH /v1/webhooks/${id}/addresses`)]);
		const bodies = (await full.control.requests()).map((request) => request.body as { addresses?: string[]; metadata?: { addresses: string[] } });
		expect(bodies.map((body) => (body.metadata?.addresses ?? body.addresses)?.length)).toEqual([500, 500, 500, 500, 500]);

		await full.control.clearRequests();
		const getMany = (extra: INodeParameters) =>
			runNode({ credentials, parameters: { resource: 'address', operation: 'getMany', webhookId: byId(id), ...extra } });
		expect((await getMany({ returnAll: true })).items.map((item) => item.json.address)).toEqual(addresses);
		expect(await lines()).toEqual([`GET /v1/webhooks/${id}`]);

		await full.control.clearRequests();
		expect((await getMany({ limit: 150 })).items.map((item) => item.json.address)).toEqual(addresses.slice(0, 150));
		expect(await lines()).toEqual(Array(2).fill(`GET /v1/webhooks/${id}/addresses`));
		await full.control.clearRequests();
		expect((await getMany({ limit: 1000 })).items.map((item) => item.json.address)).toEqual(addresses.slice(0, 1000));
		expect(await lines()).toEqual([`GET /v1/webhooks/${id}`]);
	});

	it('one address over the allowance: the create fails at the last batch, saying so, and leaves no webhook behind', async () => {
		const credentials = await full.newAccount({ plan: 'paid' });
		const addresses = Array.from({ length: ALLOWANCE + 1 }, randomAddress);
		await full.control.clearRequests();
		const result = await runNode({
			credentials,
			items: [{ addresses }],
			parameters: { resource: 'webhook', operation: 'create', url: 'https://receiver.example.com/over', chainId: byId('43114'), addresses: '={{ $json.addresses }}' },
		});
		expect(result.error?.message).toBe(
			"The webhook was created with the first 500 of 2501 addresses; 2500 of 2501 addresses were added before batch 5 failed: Too many addresses: 2501 were given, but the account's plan allows at most 2500 addresses per webhook",
		);
		expect(result.error?.description).toContain('It was deleted again, so nothing is left half set up');
		expect((await lines()).map((line) => line.replace(/[0-9a-f-]{36}/, '{id}'))).toEqual([
			'POST /v1/webhooks',
			// The fifth PATCH holds the one address too many.
			...Array(5).fill('PATCH /v1/webhooks/{id}/addresses'),
			'DELETE /v1/webhooks/{id}',
		]);
		const listed = await serviceCall<{ webhooks: unknown[] }>(credentials, 'GET', '/v1/webhooks');
		expect(listed.webhooks).toEqual([]);
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
		expect(await monitoredAddresses(credentials, webhook.id)).toEqual(expect.arrayContaining([input[0].address, input[1].address]));
	});
});
