// The Address operations on P-Chain webhooks (their keys are P-Chain addresses) and on validator
// webhooks (one key that cannot change), against the emulator over HTTP.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { P_CHAIN_ID } from '../../../../nodes/shared/model/primaryNetwork';
import { nodeId, pChainAddress } from '../../../emulator/primary/ids';
import type { AddressActivityCredentialData } from '../../../harness/credentials';
import { byId, createWebhook, serviceCall, startTestService, type TestService } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';

let service: TestService;
let credentials: AddressActivityCredentialData;
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount({ plan: 'paid' });
});
afterAll(async () => {
	await service.close();
});

const mainnet = (seed: string) => pChainAddress('mainnet', seed);

async function pChainWebhook(keys: string[]): Promise<IDataObject & { id: string }> {
	return await serviceCall(credentials, 'POST', '/v1/webhooks', {
		eventType: 'primary_network_address_activity',
		url: 'https://receiver.example.com/treasury',
		network: 'mainnet',
		chainId: P_CHAIN_ID,
		metadata: { keyType: 'addresses', keys, subEvents: { addressActivitySubEvents: ['balance_change'] } },
	});
}

async function validatorWebhook(): Promise<IDataObject & { id: string }> {
	return await serviceCall(credentials, 'POST', '/v1/webhooks', {
		eventType: 'validator_activity',
		url: 'https://receiver.example.com/validator',
		network: 'mainnet',
		metadata: { keyType: 'nodeId', keys: [nodeId('validator')], subEvents: { validatorActivitySubEvents: ['validator_stake'] } },
	});
}

async function keysOf(webhookId: string): Promise<string[]> {
	return ((await serviceCall<IDataObject>(credentials, 'GET', `/v1/webhooks/${webhookId}`)).metadata as { keys: string[] }).keys;
}

/** Runs an Address operation; returns the result and the requests it sent ("METHOD path"). */
async function address(operation: string, parameters: INodeParameters, items?: IDataObject[]) {
	await service.control.clearRequests();
	const result = await runNode({ credentials, items, parameters: { resource: 'address', operation, ...parameters } });
	const sent = (await service.control.requests()).map((request) => `${request.method} ${request.path}`);
	return { result, sent };
}

describe('Address operations on a P-Chain webhook', () => {
	it('adds P-Chain addresses to its keys', async () => {
		const webhook = await pChainWebhook([mainnet('a')]);
		const { result, sent } = await address('add', { webhookId: byId(webhook.id), addresses: `${mainnet('a')}, ${mainnet('b')}` });
		expect(result.items[0].json).toMatchObject({ added: 1, alreadyPresent: 1, totalAddresses: 2, addedAddresses: [mainnet('b')] });
		expect(sent).toEqual([`GET /v1/webhooks/${webhook.id}`, `PATCH /v1/webhooks/${webhook.id}/addresses`]);
		expect(await keysOf(webhook.id)).toEqual([mainnet('a'), mainnet('b')]);
	});

	it('removes P-Chain addresses from its keys', async () => {
		const webhook = await pChainWebhook([mainnet('a'), mainnet('b')]);
		const { result } = await address('remove', { webhookId: byId(webhook.id), addresses: mainnet('a') });
		expect(result.items[0].json).toMatchObject({ removed: 1, totalAddresses: 1 });
		expect(await keysOf(webhook.id)).toEqual([mainnet('b')]);
	});

	it('syncs its keys to a list of P-Chain addresses', async () => {
		const webhook = await pChainWebhook([mainnet('a'), mainnet('b')]);
		const { result } = await address('sync', { webhookId: byId(webhook.id), addresses: `${mainnet('b')}\n${mainnet('c')}` });
		expect(result.items[0].json).toMatchObject({ added: 1, removed: 1, kept: 1, addedAddresses: [mainnet('c')], removedAddresses: [mainnet('a')] });
		expect(await keysOf(webhook.id)).toEqual([mainnet('b'), mainnet('c')]);
	});

	it('lists its keys, with Return All and with a Limit', async () => {
		const webhook = await pChainWebhook([mainnet('a'), mainnet('b'), mainnet('c')]);
		const all = await address('getMany', { webhookId: byId(webhook.id), returnAll: true });
		expect(all.result.items.map((item) => item.json)).toEqual([mainnet('a'), mainnet('b'), mainnet('c')].map((key) => ({ address: key, webhookId: webhook.id })));
		const two = await address('getMany', { webhookId: byId(webhook.id), limit: 2 });
		expect(two.result.items.map((item) => item.json.address)).toEqual([mainnet('a'), mainnet('b')]);
	});

	it('refuses a fuji address after the one read it makes anyway, sending no change', async () => {
		const webhook = await pChainWebhook([mainnet('a')]);
		const fuji = pChainAddress('fuji', 'x');
		const { result, sent } = await address('add', { webhookId: byId(webhook.id), addresses: fuji });
		expect(result.error?.message).toBe(`Invalid Addresses in item 1: "${fuji}" is not a mainnet address, but webhook ${webhook.id} watches mainnet P-Chain addresses`);
		expect(sent).toEqual([`GET /v1/webhooks/${webhook.id}`]);
	});

	it('refuses 0x addresses, sending no change', async () => {
		const webhook = await pChainWebhook([mainnet('a')]);
		const evm = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
		const { result, sent } = await address('sync', { webhookId: byId(webhook.id), addresses: evm });
		expect(result.error?.message).toBe(`Invalid Addresses in item 1: "${evm}" is a 0x address, but webhook ${webhook.id} watches P-Chain addresses`);
		expect(sent).toEqual([`GET /v1/webhooks/${webhook.id}`]);
		expect(await keysOf(webhook.id)).toEqual([mainnet('a')]);
	});
});

describe('Address operations: the kinds of address', () => {
	it('a P-Chain address for an EVM webhook is refused, sending no change', async () => {
		const webhook = await createWebhook(credentials);
		const { result, sent } = await address('add', { webhookId: byId(webhook.id), addresses: mainnet('a') });
		expect(result.error?.message).toBe(`Invalid Addresses in item 1: "${mainnet('a')}" is a P-Chain address, but webhook ${webhook.id} watches 0x addresses (EVM address activity)`);
		expect(sent).toEqual([`GET /v1/webhooks/${webhook.id}`]);
	});

	it('a list that mixes 0x and P-Chain addresses is refused before any request', async () => {
		const webhook = await pChainWebhook([mainnet('a')]);
		const evm = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
		const { result, sent } = await address('add', { webhookId: byId(webhook.id), addresses: `${mainnet('b')} ${evm}` });
		expect(result.error?.message).toBe(`Invalid Addresses in item 1: the list mixes 0x addresses ("${evm}") and P-Chain addresses ("${mainnet('b')}"); a webhook watches one kind`);
		expect(sent).toEqual([]);
	});

	it('a P-Chain address with a bad checksum is refused before any request', async () => {
		const bad = `${mainnet('a').slice(0, -1)}${mainnet('a').endsWith('q') ? 'p' : 'q'}`;
		const { result, sent } = await address('add', { webhookId: byId('5c3f4a5e-8d1b-4c2a-9e7f-1a2b3c4d5e6f'), addresses: bad });
		expect(result.error?.message).toBe(`Invalid Addresses in item 1: "${bad}" is not a P-Chain address (P-avax1... on mainnet, P-fuji1... on fuji)`);
		expect(sent).toEqual([]);
	});
});

describe('Address operations on a validator webhook', () => {
	const refusal = (id: string, item: number) =>
		`Webhook ${id} is a validator activity webhook: it watches one key (${nodeId('validator')}), and that key cannot be added to, removed or changed (item ${item})`;

	it('Add says plainly that its one key cannot change, sending no change', async () => {
		const webhook = await validatorWebhook();
		const { result, sent } = await address('add', { webhookId: byId(webhook.id), addresses: mainnet('z') });
		expect(result.error?.message).toBe(refusal(webhook.id, 1));
		expect(result.error?.description).toBe('Nothing was sent. To watch another node ID or subnet ID, create a new validator webhook (Webhook > Create).');
		expect(sent).toEqual([`GET /v1/webhooks/${webhook.id}`]);
	});

	it('Sync is refused the same way', async () => {
		const webhook = await validatorWebhook();
		const { result, sent } = await address('sync', { webhookId: byId(webhook.id), addresses: '', options: { allowEmpty: true } });
		expect(result.error?.message).toBe(refusal(webhook.id, 1));
		expect(sent).toEqual([`GET /v1/webhooks/${webhook.id}`]);
		expect(await keysOf(webhook.id)).toEqual([nodeId('validator')]);
	});

	it('three items naming it cost one read, and each item fails with its own number', async () => {
		const webhook = await validatorWebhook();
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			continueOnFail: true,
			items: [{}, {}, {}],
			parameters: { resource: 'address', operation: 'remove', webhookId: byId(webhook.id), addresses: mainnet('a') },
		});
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([1, 2, 3].map((item) => [refusal(webhook.id, item), { item: item - 1 }]));
		expect((await service.control.requests()).map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v1/webhooks/${webhook.id}`]);
	});

	it('Get Many lists its one key', async () => {
		const webhook = await validatorWebhook();
		const { result } = await address('getMany', { webhookId: byId(webhook.id), returnAll: true });
		expect(result.items.map((item) => item.json)).toEqual([{ address: nodeId('validator'), webhookId: webhook.id }]);
	});
});
