// Address > Sync: the webhook made to monitor exactly the addresses of all input items, one read of
// its list and only the difference sent, against the emulator through n8n-core's execution engine.
import type { INodeParameters } from 'n8n-workflow';

import { byId, createWebhook, monitoredAddresses, randomAddress, useTestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

const service = useTestService();
afterEach(async () => {
	await service.control.clearFaults();
});

const requestLines = async () => (await service.control.requests()).map((request) => `${request.method} ${request.path.split('?')[0]}`);

describe('Address > Sync', () => {
	const sync = (webhookId: string, options: INodeParameters = {}): INodeParameters => ({
		resource: 'address',
		operation: 'sync',
		webhookId: byId(webhookId),
		addresses: '={{ $json.address }}',
		options,
	});

	it('makes the webhook monitor exactly the addresses of all items, sending only the difference, in one output item paired with every input', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const keep = Array.from({ length: 300 }, randomAddress);
		const drop = Array.from({ length: 200 }, randomAddress);
		const webhook = await createWebhook(credentials, { metadata: { addresses: [...keep, ...drop] } });
		const fresh = Array.from({ length: 150 }, randomAddress);
		// Kept addresses in upper case: still the same addresses.
		const items = [...keep.map((address) => address.toUpperCase().replace('0X', '0x')), ...fresh].map((address) => ({ address }));
		await service.control.clearRequests();
		const result = await runNode({ credentials, items, parameters: sync(webhook.id) });
		expect(result.error).toBeUndefined();
		expect(await requestLines()).toEqual([`GET /v1/webhooks/${webhook.id}`, `PATCH /v1/webhooks/${webhook.id}/addresses`, `DELETE /v1/webhooks/${webhook.id}/addresses`]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ webhookId: webhook.id, dryRun: false, added: 150, removed: 200, kept: 300, totalAddresses: 450, listsCut: true });
		expect(result.items[0].json.addedAddresses).toEqual(fresh.slice(0, 100));
		expect(result.items[0].pairedItem).toEqual(items.map((_, item) => ({ item })));
		expect((await monitoredAddresses(credentials, webhook.id)).sort()).toEqual([...keep, ...fresh].sort());
	});

	it('with Dry Run reports the difference and changes nothing', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const [a, b, c] = [randomAddress(), randomAddress(), randomAddress()];
		const webhook = await createWebhook(credentials, { metadata: { addresses: [a, b] } });
		await service.control.clearRequests();
		const result = await runNode({ credentials, items: [{ address: b }, { address: c }], parameters: sync(webhook.id, { dryRun: true, fullLists: true }) });
		expect(result.items[0].json).toEqual({
			webhookId: webhook.id,
			dryRun: true,
			added: 1,
			removed: 1,
			kept: 1,
			totalAddresses: 2,
			addedAddresses: [c],
			removedAddresses: [a],
			keptAddresses: [b],
			listsCut: false,
		});
		expect(await requestLines()).toEqual([`GET /v1/webhooks/${webhook.id}`]);
		expect((await monitoredAddresses(credentials, webhook.id)).sort()).toEqual([a, b].sort());
	});

	it('refuses to empty a webhook from an empty list unless Allow Removing All is on', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const webhook = await createWebhook(credentials, { metadata: { addresses: [randomAddress(), randomAddress()] } });
		const refused = await runNode({ credentials, items: [{ address: '' }], parameters: sync(webhook.id) });
		expect(refused.error?.message).toBe(`Sync was given no addresses for webhook ${webhook.id}: it would stop monitoring all 2 addresses`);
		expect(await monitoredAddresses(credentials, webhook.id)).toHaveLength(2);

		const emptied = await runNode({ credentials, items: [{ address: '' }], parameters: sync(webhook.id, { allowEmpty: true }) });
		expect(emptied.items[0].json).toMatchObject({ added: 0, removed: 2, totalAddresses: 0 });
		expect(await monitoredAddresses(credentials, webhook.id)).toEqual([]);
	});

	it('fails one bad item before any request, naming it', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const webhook = await createWebhook(credentials);
		await service.control.clearRequests();
		const result = await runNode({ credentials, items: [{ address: randomAddress() }, { address: 'nope' }], parameters: sync(webhook.id) });
		expect(result.error?.message).toBe('Invalid Addresses in item 2: "nope" is not a valid address (expected 0x followed by 40 hexadecimal characters)');
		expect(await service.control.requests()).toEqual([]);
	});

	it('items for two webhooks: one output item per webhook, each paired with its own items', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const [a, b, c] = [randomAddress(), randomAddress(), randomAddress()];
		const first = await createWebhook(credentials, { metadata: { addresses: [a] } });
		const second = await createWebhook(credentials, { metadata: { addresses: [b] } });
		const result = await runNode({
			credentials,
			items: [{ id: first.id, address: c }, { id: second.id, address: b }, { id: first.id, address: a }],
			parameters: { resource: 'address', operation: 'sync', webhookId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, addresses: '={{ $json.address }}' },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.webhookId, item.json.added, item.json.kept, item.pairedItem])).toEqual([
			[first.id, 1, 1, [{ item: 0 }, { item: 2 }]],
			[second.id, 0, 1, { item: 1 }],
		]);
		expect((await monitoredAddresses(credentials, first.id)).sort()).toEqual([a, c].sort());
	});

	it('says how far it got when removing fails after the additions went through', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const [a, b, c] = [randomAddress(), randomAddress(), randomAddress()];
		const webhook = await createWebhook(credentials, { metadata: { addresses: [a] } });
		await service.control.addFault({ method: 'DELETE', path: `/v1/webhooks/${webhook.id}/addresses`, count: 1, status: 400 });
		const result = await runNode({ credentials, items: [{ address: b }, { address: c }], parameters: sync(webhook.id) });
		expect(result.error?.message).toMatch(/^Sync stopped while removing, after adding all 2 new addresses: /);
		expect((await monitoredAddresses(credentials, webhook.id)).sort()).toEqual([a, b, c].sort());
	});
});
