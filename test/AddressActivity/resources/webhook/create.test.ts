// Webhook > Create (EVM address activity) against the emulator through n8n-core's execution engine;
// P-Chain and validator webhooks: primaryNetworkCreate.test.ts.
import { byId, fromList, randomAddress, startTestService } from '../../../harness/fixtures';
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
