import type { INodeParameters } from 'n8n-workflow';

import { byId, createWebhook, startTestService } from '../harness/fixtures';
import type { TestService } from '../harness/fixtures';
import type { AddressActivityCredentialData } from '../harness/credentials';
import { runNode } from '../harness/runNode';

let service: TestService;
let credentials: AddressActivityCredentialData;
let webhookId: string;
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
	webhookId = (await createWebhook(credentials)).id;
});
afterAll(async () => {
	await service.close();
});

const GOOD = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const create = (overrides: INodeParameters): INodeParameters => ({
	resource: 'webhook',
	operation: 'create',
	url: 'https://receiver.example.com/hook',
	chainId: byId('43114'),
	addresses: GOOD,
	...overrides,
});

// Each case: parameters, then what the message must say (field, value, item).
const cases: Array<[string, () => INodeParameters, RegExp]> = [
	['a callback URL that is not http(s)', () => create({ url: 'ftp://example.com' }), /^Invalid Callback URL in item 1: "ftp:\/\/example.com" is not an http\(s\) URL/],
	// IDs and required text come from expressions here: typed in, n8n's own parameter checks stop them (below).
	['a chain ID that is not a number', () => create({ chainId: byId('={{ "c-chain" }}') }), /^Invalid Chain in item 1: "c-chain" is not a chain ID/],
	['a malformed address among good ones', () => create({ addresses: `${GOOD}, 0xBAD` }), /^Invalid Addresses in item 1: 1 of 2 is not a valid address \(expected 0x followed by 40 hexadecimal characters\): #2 "0xBAD"$/],
	['four malformed addresses among good ones, each with its position', () => create({ addresses: `0x12, ${GOOD}\n${GOOD.slice(0, -1)}x; not-an-address ${GOOD} 0xBAD` }), new RegExp(`^Invalid Addresses in item 1: 4 of 6 are not valid addresses \\(expected 0x followed by 40 hexadecimal characters\\): #1 "0x12", #3 "${GOOD.slice(0, -1)}x", #4 "not-an-address", #6 "0xBAD"$`)],
	['two malformed event signatures', () => create({ additionalFields: { eventSignatures: 'Transfer(address,address,uint256); Approve(addr); 0x12' } }), /^Invalid Event Signatures in item 1: 2 of 3 are not event signatures \(expected a 0x-prefixed 32-byte hash, or a canonical signature of argument types without names such as Transfer\(address,address,uint256\)\): #2 "Approve\(addr\)", #3 "0x12"$/],
	['no address at all', () => create({ addresses: ' , ' }), /^Invalid Addresses in item 1: no address given/],
	['an event signature with argument names', () => create({ additionalFields: { eventSignatures: 'Transfer(address from,address to,uint256 value)' } }), /^Invalid Event Signatures in item 1: "Transfer\(address from,address to,uint256 value\)" is not an event signature/],
	['a batch size of 0', () => create({ options: { batchSize: 0 } }), /^Invalid Batch Size in item 1: "0" is not a whole number of 1 or more/],
	['a webhook ID that is not a UUID', () => ({ resource: 'webhook', operation: 'get', webhookId: byId('={{ "my-webhook" }}') }), /^Invalid Webhook in item 1: "my-webhook" is not a webhook ID \(expected a UUID\)/],
	['an update without fields', () => ({ resource: 'webhook', operation: 'update', webhookId: byId(webhookId), updateFields: {} }), /^Nothing to update in item 1: add at least one field under "Update Fields"/],
	['an update to a URL that is not http(s)', () => ({ resource: 'webhook', operation: 'update', webhookId: byId(webhookId), updateFields: { url: 'receiver' } }), /^Invalid Callback URL in item 1: "receiver" is not an http\(s\) URL/],
	['adding a malformed address', () => ({ resource: 'address', operation: 'add', webhookId: byId(webhookId), addresses: '0x12345' }), /^Invalid Addresses in item 1: "0x12345" is not a valid address/],
	['removing no address', () => ({ resource: 'address', operation: 'remove', webhookId: byId(webhookId), addresses: '={{ [] }}' }), /^Invalid Addresses in item 1: no address given/],
	['a block that is neither number nor hash', () => ({ resource: 'block', operation: 'get', chainId: byId('43114'), blockId: 'latest' }), /^Invalid Block in item 1: "latest" is not a block number or a block hash/],
	['a malformed transaction hash', () => ({ resource: 'transaction', operation: 'get', chainId: byId('43114'), txHash: '0xabc' }), /^Invalid Transaction Hash in item 1: "0xabc" is not a transaction hash/],
	['a malformed address for its transactions', () => ({ resource: 'transaction', operation: 'getManyForAddress', chainId: byId('43114'), address: 'vitalik.eth' }), /^Invalid Address in item 1: "vitalik.eth" is not a valid address/],
	['a start block after the end block', () => ({ resource: 'transaction', operation: 'getManyForAddress', chainId: byId('43114'), address: GOOD, filters: { startBlock: 200, endBlock: 100 } }), /^Invalid Start Block in item 1: 200 is after the End Block 100/],
	['a negative start block from an expression', () => ({ resource: 'transaction', operation: 'getManyForAddress', chainId: byId('43114'), address: GOOD, filters: { startBlock: '={{ -5 }}' } }), /^Invalid Start Block in item 1: "-5" is not a block number/],
	['a UTXO address that is not a primary-network address', () => ({ resource: 'utxo', operation: 'getMany', network: 'mainnet', blockchainId: 'p-chain', addresses: GOOD }), /^Invalid Addresses in item 1: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F" is not a primary-network address/],
	['a callback URL with a user name and password (never echoed)', () => create({ url: 'https://alice:hunter2@receiver.example.com/hook' }), /^Invalid Callback URL in item 1: "https:\/\/…@receiver\.example\.com\/hook" carries a user name or password/],
	['a name longer than the service allows', () => create({ additionalFields: { name: 'n'.repeat(257) } }), /^Invalid Name in item 1: "n{77}\.\.\." has 257 characters; the service allows at most 256/],
	['a description longer than the service allows', () => ({ resource: 'webhook', operation: 'update', webhookId: byId(webhookId), updateFields: { description: 'd'.repeat(300) } }), /^Invalid Description in item 1: "d{77}\.\.\." has 300 characters; the service allows at most 256/],
	['a status from an expression that is no status', () => ({ resource: 'webhook', operation: 'update', webhookId: byId(webhookId), updateFields: { status: '={{ "paused" }}' } }), /^Invalid Status in item 1: "paused" is not a status \(use "active" or "inactive"\)/],
	['a limit of 0 from an expression', () => ({ resource: 'chain', operation: 'getMany', returnAll: false, limit: '={{ 0 }}' }), /^Invalid Limit in item 1: "0" is not a whole number of 1 or more/],
	// Booleans and options from expressions: what the editor's controls cannot give.
	['Include Logs from an expression that is no boolean', () => create({ includeLogs: '={{ "yes" }}' }), /^Invalid Include Logs in item 1: "yes" is not true or false/],
	['an update of Include Internal Transactions to no boolean', () => ({ resource: 'webhook', operation: 'update', webhookId: byId(webhookId), updateFields: { includeInternalTxs: '={{ 1 }}' } }), /^Invalid Include Internal Transactions in item 1: "1" is not true or false/],
	['Return All from an expression that is no boolean', () => ({ resource: 'webhook', operation: 'getMany', returnAll: '={{ "all" }}' }), /^Invalid Return All in item 1: "all" is not true or false/],
	['a webhook status filter that is no status', () => ({ resource: 'webhook', operation: 'getMany', filters: { status: '={{ "paused" }}' } }), /^Invalid Status in item 1: "paused" is not a status/],
	['a Sync Dry Run that is no boolean', () => ({ resource: 'address', operation: 'sync', webhookId: byId(webhookId), addresses: GOOD, options: { dryRun: '={{ "maybe" }}' } }), /^Invalid Dry Run in item 1: "maybe" is not true or false/],
	['a UTXO network that is neither mainnet nor fuji (it goes into the path)', () => ({ resource: 'utxo', operation: 'getMany', network: '={{ "../webhooks" }}', blockchainId: 'p-chain', addresses: `P-avax1${'q'.repeat(38)}` }), /^Invalid Network in item 1: "..\/webhooks" is not one of "mainnet", "fuji"/],
	['a sort order that is neither asc nor desc', () => ({ resource: 'transaction', operation: 'getManyForAddress', chainId: byId('43114'), address: GOOD, filters: { sortOrder: '={{ "newest" }}' } }), /^Invalid Sort Order in item 1: "newest" is not one of "asc", "desc"/],
	['a negative Max Rate-Limit Wait (once quietly the default)', () => ({ resource: 'chain', operation: 'get', chainId: byId('43114'), requestOptions: { maxRateLimitWaitSeconds: '={{ -1 }}' } }), /^Invalid Max Rate-Limit Wait \(Seconds\) in item 1: "-1" is not a number of 0 or more/],
];

describe('invalid input fails the item before any request, naming field, value and item', () => {
	it.each(cases)('%s', async (_name, parameters, message) => {
		await service.control.clearRequests();
		const result = await runNode({ credentials, parameters: parameters() });
		expect(result.items).toEqual([]);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(message);
		expect(result.error?.context.itemIndex).toBe(0);
		expect(await service.control.requests()).toEqual([]);
	});

	it('typed-in IDs that cannot be valid are stopped by n8n\'s parameter checks before the run', async () => {
		await service.control.clearRequests();
		await expect(
			runNode({ credentials, parameters: { resource: 'webhook', operation: 'get', webhookId: byId('my-webhook') } }),
		).rejects.toThrow('A webhook ID is a UUID such as');
		await expect(runNode({ credentials, parameters: create({ chainId: byId('c-chain') }) })).rejects.toThrow(
			'A chain ID is a decimal number, e.g. 43114',
		);
		expect(await service.control.requests()).toEqual([]);
	});

	it('never shows the password of a callback URL that carries one', async () => {
		const result = await runNode({ credentials, parameters: create({ url: 'https://alice:hunter2@receiver.example.com/hook' }) });
		expect(result.error?.message).toContain('carries a user name or password');
		expect(JSON.stringify({ message: result.error?.message, description: result.error?.description })).not.toMatch(/hunter2|alice/);
	});
});
