// Every operation reads and checks all items before its first request: a bad last item sends
// nothing, and with Continue On Fail a bad middle item becomes an error item while the others run.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { nodeId, pChainAddress } from '../emulator/primary/ids';
import { byId, createWebhook, randomAddress, serviceCall, startTestService } from '../harness/fixtures';
import type { TestService } from '../harness/fixtures';
import type { AddressActivityCredentialData } from '../harness/credentials';
import { runNode } from '../harness/runNode';

let service: TestService;
let credentials: AddressActivityCredentialData;
let blocks: string[];
let txHashes: string[];
let busiest: string[];
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
	const listed = await serviceCall<{ blocks: IDataObject[] }>(credentials, 'GET', '/v1/chains/43113/blocks?pageSize=2');
	blocks = listed.blocks.map((block) => String(block.blockNumber));
	const latest = await serviceCall<{ transactions: IDataObject[] }>(credentials, 'GET', '/v1/chains/43114/transactions?pageSize=2');
	txHashes = latest.transactions.map((tx) => String(tx.txHash));
	const chain = (await service.control.chains()).find((entry) => entry.chainId === '43113')!;
	busiest = chain.busiestAddresses.slice(0, 2).map((entry) => entry.address);
});
afterAll(async () => {
	await service.close();
});

type Value = string | number;

/** The value each item gives the checked parameter (`={{ $json.value }}`), fresh for each run. */
interface Run {
	parameters: INodeParameters;
	good: [Value, Value];
	/** The requests (method and path, ids as :id) the two good items send, in order. */
	sends: string[];
}

interface Case {
	operation: string;
	field: string;
	bad: Value;
	setup: () => Promise<Run> | Run;
}

const value = '={{ $json.value }}';
const webhookIdFromItem = byId(value);
const twice = (line: string) => [line, line];

const cases: Case[] = [
	{
		operation: 'Webhook > Create',
		field: 'Callback URL',
		bad: 'ftp://receiver.example.com/hook',
		setup: () => ({
			parameters: { resource: 'webhook', operation: 'create', url: value, chainId: byId('43114'), addresses: randomAddress() },
			good: ['https://receiver.example.com/one', 'https://receiver.example.com/two'],
			sends: twice('POST /v1/webhooks'),
		}),
	},
	{
		operation: 'Webhook > Create (P-Chain Address Activity)',
		field: 'Balance Threshold (AVAX)',
		bad: 'lots',
		setup: () => ({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				url: 'https://receiver.example.com/treasury',
				eventType: 'primary_network_address_activity',
				network: 'mainnet',
				pChainAddresses: pChainAddress('mainnet', 'treasury'),
				addressSubEvents: ['balance_threshold'],
				balanceType: 'unlocked',
				balanceThreshold: value,
			},
			good: ['25000', '0.5'],
			sends: twice('POST /v1/webhooks'),
		}),
	},
	{
		operation: 'Webhook > Create (Validator Activity)',
		field: 'Key',
		bad: 'NodeID-abc',
		setup: () => ({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				url: 'https://receiver.example.com/validator',
				eventType: 'validator_activity',
				network: 'fuji',
				validatorKeyType: 'nodeId',
				validatorKey: value,
				validatorSubEvents: ['validator_stake'],
			},
			good: [nodeId('first'), nodeId('second')],
			sends: twice('POST /v1/webhooks'),
		}),
	},
	{
		operation: 'Webhook > Get',
		field: 'Webhook',
		bad: 'my-webhook',
		setup: async () => ({
			parameters: { resource: 'webhook', operation: 'get', webhookId: webhookIdFromItem },
			good: [(await createWebhook(credentials)).id, (await createWebhook(credentials)).id],
			sends: twice('GET /v1/webhooks/:id'),
		}),
	},
	{
		operation: 'Webhook > Get Many',
		field: 'Limit',
		bad: 0,
		setup: () => ({
			parameters: { resource: 'webhook', operation: 'getMany', returnAll: false, limit: value },
			good: [1, 2],
			sends: twice('GET /v1/webhooks'),
		}),
	},
	{
		operation: 'Webhook > Update',
		field: 'Status',
		bad: 'paused',
		setup: async () => ({
			parameters: { resource: 'webhook', operation: 'update', webhookId: byId((await createWebhook(credentials)).id), updateFields: { status: value } },
			good: ['inactive', 'active'],
			sends: twice('PATCH /v1/webhooks/:id'),
		}),
	},
	{
		operation: 'Webhook > Delete',
		field: 'Webhook',
		bad: 'oops',
		setup: async () => ({
			parameters: { resource: 'webhook', operation: 'delete', webhookId: webhookIdFromItem },
			good: [(await createWebhook(credentials)).id, (await createWebhook(credentials)).id],
			sends: twice('DELETE /v1/webhooks/:id'),
		}),
	},
	{
		operation: 'Address > Add',
		field: 'Addresses',
		bad: '0x12ab',
		setup: async () => ({
			parameters: { resource: 'address', operation: 'add', webhookId: byId((await createWebhook(credentials)).id), addresses: value },
			good: [randomAddress(), randomAddress()],
			sends: ['GET /v1/webhooks/:id', 'PATCH /v1/webhooks/:id/addresses'],
		}),
	},
	{
		operation: 'Address > Remove',
		field: 'Addresses',
		bad: 'not-an-address',
		setup: async () => {
			const good: [string, string] = [randomAddress(), randomAddress()];
			const webhook = await createWebhook(credentials, { metadata: { addresses: [...good, randomAddress()] } });
			return {
				parameters: { resource: 'address', operation: 'remove', webhookId: byId(webhook.id), addresses: value },
				good,
				sends: ['GET /v1/webhooks/:id', 'DELETE /v1/webhooks/:id/addresses'],
			};
		},
	},
	{
		operation: 'Address > Sync',
		field: 'Addresses',
		bad: '0xBAD',
		setup: async () => ({
			parameters: { resource: 'address', operation: 'sync', webhookId: byId((await createWebhook(credentials)).id), addresses: value },
			good: [randomAddress(), randomAddress()],
			sends: ['GET /v1/webhooks/:id', 'PATCH /v1/webhooks/:id/addresses', 'DELETE /v1/webhooks/:id/addresses'],
		}),
	},
	{
		operation: 'Address > Get Many',
		field: 'Webhook',
		bad: 'nope',
		setup: async () => ({
			parameters: { resource: 'address', operation: 'getMany', webhookId: webhookIdFromItem, returnAll: false, limit: 5 },
			good: [(await createWebhook(credentials)).id, (await createWebhook(credentials)).id],
			sends: twice('GET /v1/webhooks/:id/addresses'),
		}),
	},
	{
		operation: 'Shared Secret > Get',
		field: 'Max Server Error Retries',
		bad: -1,
		setup: () => ({
			parameters: { resource: 'sharedSecret', operation: 'get', requestOptions: { maxServerErrorRetries: value } },
			good: [0, 2],
			sends: twice('GET /v1/webhooks:getSharedSecret'),
		}),
	},
	{
		operation: 'Shared Secret > Rotate',
		field: 'Max Rate-Limit Retries',
		bad: 1.5,
		setup: () => ({
			parameters: { resource: 'sharedSecret', operation: 'rotate', requestOptions: { maxRateLimitRetries: value } },
			good: [0, 3],
			sends: twice('POST /v1/webhooks:generateOrRotateSharedSecret'),
		}),
	},
	{
		operation: 'Chain > Get',
		field: 'Chain',
		bad: 'c-chain',
		setup: () => ({
			parameters: { resource: 'chain', operation: 'get', chainId: byId(value) },
			good: ['43114', '43113'],
			sends: ['GET /v1/chains/43114', 'GET /v1/chains/43113'],
		}),
	},
	{
		operation: 'Chain > Get Many',
		field: 'Network',
		bad: 'moon',
		setup: () => ({
			parameters: { resource: 'chain', operation: 'getMany', returnAll: true, filters: { network: value } },
			good: ['mainnet', 'fuji'],
			sends: twice('GET /v1/chains'),
		}),
	},
	{
		operation: 'Block > Get',
		field: 'Block',
		bad: 'latest',
		setup: () => ({
			parameters: { resource: 'block', operation: 'get', chainId: byId('43113'), blockId: value },
			good: [blocks[0], blocks[1]],
			sends: blocks.map((block) => `GET /v1/chains/43113/blocks/${block}`),
		}),
	},
	{
		operation: 'Block > Get Many',
		field: 'Chain',
		bad: '43114a',
		setup: () => ({
			parameters: { resource: 'block', operation: 'getMany', chainId: byId(value), limit: 2 },
			good: ['43114', '43113'],
			sends: ['GET /v1/chains/43114/blocks', 'GET /v1/chains/43113/blocks'],
		}),
	},
	{
		operation: 'Transaction > Get',
		field: 'Transaction Hash',
		bad: '0xabc',
		setup: () => ({
			parameters: { resource: 'transaction', operation: 'get', chainId: byId('43114'), txHash: value },
			good: [txHashes[0], txHashes[1]],
			sends: txHashes.map((txHash) => `GET /v1/chains/43114/transactions/${txHash}`),
		}),
	},
	{
		operation: 'Transaction > Get Many',
		field: 'Status',
		bad: 'pending',
		setup: () => ({
			parameters: { resource: 'transaction', operation: 'getMany', chainId: byId('43114'), limit: 2, filters: { status: value } },
			good: ['success', 'failed'],
			sends: twice('GET /v1/chains/43114/transactions'),
		}),
	},
	{
		operation: 'Transaction > Get Many for Address',
		field: 'Address',
		bad: 'vitalik.eth',
		setup: () => ({
			parameters: { resource: 'transaction', operation: 'getManyForAddress', chainId: byId('43113'), address: value, limit: 2 },
			good: [busiest[0], busiest[1]],
			sends: busiest.map((address) => `GET /v1/chains/43113/addresses/${address}/transactions`),
		}),
	},
	{
		operation: 'UTXO > Get Many',
		field: 'Sort Order',
		bad: 'newest',
		setup: () => ({
			parameters: {
				resource: 'utxo',
				operation: 'getMany',
				network: 'mainnet',
				blockchainId: 'p-chain',
				addresses: `P-avax1${'q'.repeat(38)}`,
				options: { includeSpent: true, sortOrder: value },
			},
			good: ['asc', 'desc'],
			sends: twice('GET /v1/networks/mainnet/blockchains/p-chain/utxos'),
		}),
	},
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const requestLines = async () => (await service.control.requests()).map((request) => `${request.method} ${request.path.replace(UUID, ':id')}`);
const quoted = (bad: Value) => `"${String(bad)}"`;

describe.each(cases)('$operation', ({ field, bad, setup }) => {
	it(`a bad last item (${field} ${quoted(bad)}) fails the node before any request, naming field, value and item`, async () => {
		const { parameters, good } = await setup();
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters, items: [...good, bad].map((entry) => ({ value: entry })) });
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid ${escape(field)} in item 3: ${escape(quoted(bad))}`));
		expect(result.error?.context.itemIndex).toBe(2);
		expect(await requestLines()).toEqual([]);
	});

	it('with Continue On Fail, a bad middle item is an error item paired to it, and the other two run', async () => {
		const { parameters, good, sends } = await setup();
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters, continueOnFail: true, items: [good[0], bad, good[1]].map((entry) => ({ value: entry })) });
		expect(result.error).toBeUndefined();
		const failed = result.items.filter((item) => item.json.error !== undefined);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
		expect(failed[0].json.error).toMatch(new RegExp(`^Invalid ${escape(field)} in item 2: ${escape(quoted(bad))}`));
		const pairedTo = result.items
			.filter((item) => item.json.error === undefined)
			.flatMap((item) => [item.pairedItem].flat())
			.map((paired) => (paired as { item: number }).item);
		expect(pairedTo.every((item) => item === 0 || item === 2)).toBe(true);
		expect(await requestLines()).toEqual(sends);
	});
});

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
