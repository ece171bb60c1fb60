// Webhook > Create, Get, Update and Get Many with P-Chain and validator webhooks, against the
// emulator over HTTP: the bodies it received, and what the node puts out.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { P_CHAIN_ID } from '../../../../nodes/shared/model/primaryNetwork';
import { nodeId, pChainAddress, subnetId } from '../../../emulator/primary/ids';
import type { AddressActivityCredentialData } from '../../../harness/credentials';
import { byId, createWebhook, fromList, serviceCall, startTestService, type TestService } from '../../../harness/fixtures';
import { runListSearch } from '../../../harness/loadOptions';
import { runNode } from '../../../harness/runNode';

const URL = 'https://receiver.example.com/primary';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});

/** The bodies of the requests the service received with this method and path, in order. */
async function bodiesSent(method: string, path: string): Promise<unknown[]> {
	return (await service.control.requests()).filter((request) => request.method === method && request.path === path).map((request) => request.body);
}

async function createThroughNode(credentials: AddressActivityCredentialData, parameters: INodeParameters): Promise<{ webhook: IDataObject; body: unknown }> {
	await service.control.clearRequests();
	// Version 1.1, as a node added today: Name and Description under Options.
	const result = await runNode({ credentials, typeVersion: 1.1, parameters: { resource: 'webhook', operation: 'create', url: URL, ...parameters } });
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(1);
	const bodies = await bodiesSent('POST', '/v1/webhooks');
	expect(bodies).toHaveLength(1);
	return { webhook: result.items[0].json, body: bodies[0] };
}

/** A P-Chain webhook made on the service directly. */
async function pChainWebhook(credentials: AddressActivityCredentialData, keys: string[], name = 'Treasury'): Promise<IDataObject & { id: string }> {
	return await serviceCall(credentials, 'POST', '/v1/webhooks', {
		eventType: 'primary_network_address_activity',
		url: URL,
		name,
		network: 'mainnet',
		chainId: P_CHAIN_ID,
		metadata: { keyType: 'addresses', keys, subEvents: { addressActivitySubEvents: ['balance_change'] } },
	});
}

/** A validator webhook made on the service directly. */
async function validatorWebhook(credentials: AddressActivityCredentialData, name = 'Our validator'): Promise<IDataObject & { id: string }> {
	return await serviceCall(credentials, 'POST', '/v1/webhooks', {
		eventType: 'validator_activity',
		url: URL,
		name,
		network: 'mainnet',
		metadata: { keyType: 'nodeId', keys: [nodeId(name)], subEvents: { validatorActivitySubEvents: ['validator_stake'] } },
	});
}

describe('Webhook > Create, P-Chain Address Activity', () => {
	it('sends the network, the P-Chain ID, the addresses as keys (duplicates dropped) and the sub-events', async () => {
		const credentials = await service.newAccount();
		const [a, b] = [pChainAddress('fuji', 'a'), pChainAddress('fuji', 'b')];
		const { webhook, body } = await createThroughNode(credentials, {
			eventType: 'primary_network_address_activity',
			network: 'fuji',
			pChainAddresses: `${a}\n${b}, ${a.toUpperCase().replace('P-FUJI', 'P-fuji')}`,
			addressSubEvents: ['balance_change', 'reward_distribution'],
			options: { name: 'Treasury', description: 'P-Chain treasury' },
		});
		expect(body).toEqual({
			eventType: 'primary_network_address_activity',
			url: URL,
			name: 'Treasury',
			description: 'P-Chain treasury',
			network: 'fuji',
			chainId: P_CHAIN_ID,
			metadata: { keyType: 'addresses', keys: [a, b], subEvents: { addressActivitySubEvents: ['balance_change', 'reward_distribution'] } },
		});
		expect(webhook).toMatchObject({ eventType: 'primary_network_address_activity', chainId: P_CHAIN_ID, status: 'active', name: 'Treasury', metadata: { keys: [a, b] } });
		expect(webhook.createdAtIso).toBe(new Date(webhook.createdAt as number).toISOString());
	});

	// The field is a number field; workflows saved when it was text ('25000.5') keep working.
	it.each([
		['a number, as the number field gives it', 25000.5],
		['text, as workflows saved before it was a number field hold it', '25000.5'],
	])('sends the balance threshold in nAVAX and puts it out in nAVAX and AVAX (%s)', async (_case, balanceThreshold) => {
		const credentials = await service.newAccount();
		const { webhook, body } = await createThroughNode(credentials, {
			eventType: 'primary_network_address_activity',
			network: 'mainnet',
			pChainAddresses: pChainAddress('mainnet', 'treasury'),
			addressSubEvents: ['balance_threshold'],
			balanceType: 'lockedStaked',
			balanceThreshold,
		});
		expect((body as IDataObject).metadata).toMatchObject({ balanceThresholdFilter: { balanceType: 'lockedStaked', balanceThreshold: '25000500000000' } });
		expect((webhook.metadata as IDataObject).balanceThresholdFilter).toEqual({
			balanceType: 'lockedStaked',
			balanceThreshold: '25000500000000',
			balanceThresholdAvax: '25000.5',
		});
	});
});

describe('Webhook > Create, Validator Activity', () => {
	it('sends the network, one node ID as the key, the sub-events and a subnet filter, and no chain', async () => {
		const credentials = await service.newAccount();
		const [node, subnet] = [nodeId('ours'), subnetId('our-l1')];
		const { webhook, body } = await createThroughNode(credentials, {
			eventType: 'validator_activity',
			network: 'mainnet',
			validatorKeyType: 'nodeId',
			validatorKey: ` ${node} `,
			validatorSubEvents: ['validator_stake', 'reward_distribution'],
			validatorFilters: { subnetIds: subnet },
		});
		expect(body).toEqual({
			eventType: 'validator_activity',
			url: URL,
			network: 'mainnet',
			metadata: { keyType: 'nodeId', keys: [node], subEvents: { validatorActivitySubEvents: ['validator_stake', 'reward_distribution'] }, subnetIds: [subnet] },
		});
		expect(webhook).toMatchObject({ eventType: 'validator_activity', status: 'active', metadata: { keyType: 'nodeId', keys: [node] } });
	});

	it('watches a subnet with an L1 fee balance threshold given in AVAX, sent in nAVAX', async () => {
		const credentials = await service.newAccount();
		const [subnet, n1, n2] = [subnetId('l1'), nodeId('one'), nodeId('two')];
		const { webhook, body } = await createThroughNode(credentials, {
			eventType: 'validator_activity',
			network: 'fuji',
			validatorKeyType: 'subnetId',
			validatorKey: subnet,
			validatorSubEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'],
			feeBalanceThreshold: '1.5',
			validatorFilters: { nodeIds: `${n1}, ${n2}` },
			options: { name: 'L1 fees' },
		});
		expect((body as IDataObject).metadata).toEqual({
			keyType: 'subnetId',
			keys: [subnet],
			subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'] },
			nodeIds: [n1, n2],
			l1ValidatorFeeBalanceThreshold: '1500000000',
		});
		expect(webhook.metadata).toMatchObject({ l1ValidatorFeeBalanceThreshold: '1500000000', l1ValidatorFeeBalanceThresholdAvax: '1.5' });
	});
});

describe('Webhook > Get and Update with every type', () => {
	it('gets a P-Chain webhook and a validator webhook with every field the service sends', async () => {
		const credentials = await service.newAccount();
		for (const made of [await pChainWebhook(credentials, [pChainAddress('mainnet', 'get')]), await validatorWebhook(credentials)]) {
			const result = await runNode({ credentials, parameters: { resource: 'webhook', operation: 'get', webhookId: fromList(made.id) } });
			expect(result.items.map((item) => item.json)).toEqual([{ ...made, createdAtIso: new Date(made.createdAt as number).toISOString() }]);
		}
	});

	it('updates name, description, URL and status of a validator webhook: the body holds only those', async () => {
		const credentials = await service.newAccount();
		const made = await validatorWebhook(credentials);
		await service.control.clearRequests();
		const changes = { name: 'Renamed', description: 'New text', url: 'https://other.example.com/hook', status: 'inactive' };
		const result = await runNode({ credentials, parameters: { resource: 'webhook', operation: 'update', webhookId: byId(made.id), updateFields: changes } });
		expect(result.error).toBeUndefined();
		expect(await bodiesSent('PATCH', `/v1/webhooks/${made.id}`)).toEqual([changes]);
		expect(result.items[0].json).toMatchObject({ ...changes, eventType: 'validator_activity', metadata: made.metadata });
	});

	it('refuses Include Logs for a P-Chain webhook after reading its type, changing nothing', async () => {
		const credentials = await service.newAccount();
		const made = await pChainWebhook(credentials, [pChainAddress('mainnet', 'flags')]);
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			parameters: { resource: 'webhook', operation: 'update', webhookId: byId(made.id), updateFields: { name: 'Renamed', includeLogs: true } },
		});
		expect(result.error?.message).toBe(
			`Include Internal Transactions and Include Logs apply to EVM address activity webhooks only; webhook ${made.id} is a primary_network_address_activity webhook (item 1)`,
		);
		expect((await service.control.requests()).map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v1/webhooks/${made.id}`]);
	});

	it('updates Include Logs of an EVM webhook as before, after reading its type', async () => {
		const credentials = await service.newAccount();
		const made = await createWebhook(credentials);
		const result = await runNode({ credentials, parameters: { resource: 'webhook', operation: 'update', webhookId: byId(made.id), updateFields: { includeLogs: true } } });
		expect(result.items[0].json).toMatchObject({ id: made.id, includeLogs: true });
	});
});

describe('Webhook > Get Many filtered by Event Type', () => {
	let credentials: AddressActivityCredentialData;
	let pChainIds: string[];
	let validatorIds: string[];
	beforeAll(async () => {
		credentials = await service.newAccount();
		// 101 EVM webhooks first: the P-Chain and validator ones are on the second page of 100.
		for (let i = 0; i < 101; i++) await createWebhook(credentials, { name: `evm ${i}` });
		pChainIds = [];
		validatorIds = [];
		for (let i = 0; i < 3; i++) {
			pChainIds.push((await pChainWebhook(credentials, [pChainAddress('mainnet', `list ${i}`)], `p ${i}`)).id);
			validatorIds.push((await validatorWebhook(credentials, `v ${i}`)).id);
		}
	});

	const list = async (parameters: INodeParameters) => {
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: { resource: 'webhook', operation: 'getMany', ...parameters } });
		expect(result.error).toBeUndefined();
		const pages = (await service.control.requests()).filter((request) => request.path === '/v1/webhooks').length;
		return { ids: result.items.map((item) => item.json.id), types: new Set(result.items.map((item) => item.json.eventType)), pages };
	};

	it('Limit counts webhooks of the type: 2 P-Chain webhooks, read from the second page', async () => {
		const { ids, pages } = await list({ limit: 2, filters: { eventType: 'primary_network_address_activity' } });
		expect(ids).toEqual(pChainIds.slice(0, 2));
		expect(pages).toBe(2);
	});

	it('Return All gives every webhook of the type', async () => {
		const { ids } = await list({ returnAll: true, filters: { eventType: 'validator_activity' } });
		expect(ids).toEqual(validatorIds);
	});

	it('a Limit met on the first page reads no further', async () => {
		const { ids, types, pages } = await list({ limit: 5, filters: { eventType: 'address_activity' } });
		expect(ids).toHaveLength(5);
		expect([...types]).toEqual(['address_activity']);
		expect(pages).toBe(1);
	});

	it('without the filter, every type comes back', async () => {
		const { ids, types } = await list({ returnAll: true });
		expect(ids).toHaveLength(107);
		expect([...types].sort()).toEqual(['address_activity', 'primary_network_address_activity', 'validator_activity']);
	});

	it('the type filter goes with the status filter, which the service applies', async () => {
		await serviceCall(credentials, 'PATCH', `/v1/webhooks/${pChainIds[1]}`, { status: 'inactive' });
		const { ids } = await list({ returnAll: true, filters: { eventType: 'primary_network_address_activity', status: 'active' } });
		expect(ids).toEqual([pChainIds[0], pChainIds[2]]);
		const sent = (await service.control.requests()).filter((request) => request.path === '/v1/webhooks');
		expect(sent.every((request) => request.query.status === 'active' && request.query.eventType === undefined)).toBe(true);
	});
});

describe('choosing a webhook from the list', () => {
	it('names the type of each webhook', async () => {
		const credentials = await service.newAccount();
		const evm = await createWebhook(credentials, { name: 'Hot wallet' });
		const pChain = await pChainWebhook(credentials, [pChainAddress('mainnet', 'search')]);
		const validator = await validatorWebhook(credentials);
		const { results } = await runListSearch({ method: 'searchWebhooks', credentials });
		expect(results).toEqual([
			{ name: 'Hot wallet (EVM address activity, chain 43114, active)', value: evm.id },
			{ name: 'Treasury (P-Chain address activity, active)', value: pChain.id },
			{ name: 'Our validator (validator activity, active)', value: validator.id },
		]);
	});
});
