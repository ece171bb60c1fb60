import { createWebhook, byId, fromList, randomAddress, startTestService } from '../../../harness/fixtures';
import type { TestService } from '../../../harness/fixtures';
import { runListSearch } from '../../../harness/loadOptions';
import { runNode } from '../../../harness/runNode';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});

describe('Webhook > Create', () => {
	it('registers a webhook with the chain, addresses, event signatures and options', async () => {
		const credentials = await service.newAccount();
		const [a, b] = [randomAddress(), randomAddress()];
		const result = await runNode({
			credentials,
			items: [{ wallets: [a, b.toUpperCase().replace('0X', '0x'), a] }],
			parameters: {
				resource: 'webhook',
				operation: 'create',
				url: 'https://receiver.example.com/activity',
				chainId: fromList('43113'),
				addresses: '={{ $json.wallets }}',
				includeInternalTxs: true,
				includeLogs: true,
				additionalFields: {
					name: 'Treasury wallets',
					description: 'Alerts for the treasury',
					eventSignatures: 'Transfer(address, address, uint256)',
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const webhook = result.items[0].json;
		expect(webhook).toMatchObject({
			url: 'https://receiver.example.com/activity',
			chainId: '43113',
			eventType: 'address_activity',
			status: 'active',
			name: 'Treasury wallets',
			description: 'Alerts for the treasury',
			includeInternalTxs: true,
			includeLogs: true,
			metadata: { eventSignatures: [TRANSFER] },
		});
		// De-duplicated case-insensitively before sending: two addresses, not three.
		expect((webhook.metadata as { addresses: string[] }).addresses.map((x) => x.toLowerCase())).toEqual([a, b]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const stored = await service.control.webhooks();
		expect(stored.find((entry) => entry.id === webhook.id)).toBeDefined();
	});

	it('reads version 1.1: Event Signatures beside Addresses, Name and Description under Options', async () => {
		const credentials = await service.newAccount();
		const result = await runNode({
			credentials,
			typeVersion: 1.1,
			parameters: {
				resource: 'webhook',
				operation: 'create',
				url: 'https://receiver.example.com/activity',
				chainId: byId('43113'),
				addresses: randomAddress(),
				eventSignatures: 'Transfer(address,address,uint256)',
				options: { name: 'Version 1.1', description: 'One Options collection', batchSize: 100 },
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			name: 'Version 1.1',
			description: 'One Options collection',
			metadata: { eventSignatures: [TRANSFER] },
		});
		// The epoch milliseconds stay; a readable date follows them.
		const keys = Object.keys(result.items[0].json);
		expect(keys.indexOf('createdAtIso')).toBe(keys.indexOf('createdAt') + 1);
		expect(result.items[0].json.createdAtIso).toBe(new Date(result.items[0].json.createdAt as number).toISOString());
	});

	it('creates a webhook with more addresses than one batch: the rest is added in batches', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const addresses = Array.from({ length: 1234 }, randomAddress);
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			parameters: {
				resource: 'webhook',
				operation: 'create',
				url: 'https://receiver.example.com/activity',
				chainId: byId('43114'),
				addresses: addresses.join('\n'),
				options: { batchSize: 500 },
			},
		});
		expect(result.error).toBeUndefined();
		expect((result.items[0].json.metadata as { addresses: string[] }).addresses).toHaveLength(1234);
		const requests = (await service.control.requests()).map((request) => `${request.method} ${request.path}`);
		const id = String(result.items[0].json.id);
		expect(requests).toEqual([
			'POST /v1/webhooks',
			`PATCH /v1/webhooks/${id}/addresses`,
			`PATCH /v1/webhooks/${id}/addresses`,
		]);
	});
});

describe('Webhook > Get, Get Many, Update, Delete', () => {
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

// Choosing a webhook from a list: test/AddressActivity/listSearch/searchWebhooks.test.ts.
describe('choosing a chain from a list', () => {
	it('offers only chains with the webhooks feature for a new webhook, every chain elsewhere', async () => {
		const credentials = await service.newAccount();
		const webhookChains = await runListSearch({ method: 'searchWebhookChains', credentials });
		const allChains = await runListSearch({ method: 'searchChains', credentials });
		expect(webhookChains.results.map((chain) => chain.value)).toEqual(['43114', '43113']);
		expect(allChains.results.length).toBeGreaterThan(webhookChains.results.length);
		const fuji = await runListSearch({ method: 'searchChains', credentials, filter: 'fuji' });
		expect(fuji.results).toEqual([{ name: 'Avalanche (C-Chain) Fuji - 43113 - test network', value: '43113' }]);
	});
});
