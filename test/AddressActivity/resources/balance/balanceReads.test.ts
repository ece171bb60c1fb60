// What every Balance operation reads before its requests (nodes/AddressActivity/resources/balance/balanceReads.ts),
// through n8n-core against the emulator: bad addresses, blocks and contracts refused naming the
// field, the value and the item, before any request; with Continue On Fail a failed read fails its item only.
import { byId } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';
import { FUJI, PUNKS, ITEMS, useBalanceHistory } from './support';

const balances = useBalanceHistory();
const { service, owner, friend, blocks } = balances;

describe('Balance: bad input', () => {
	it('names every bad address of a list with its position, and the item, before any request', async () => {
		await service.control.clearRequests();
		const result = await runNode({
			credentials: balances.credentials,
			parameters: { resource: 'balance', operation: 'getNative', chainId: byId(FUJI), addresses: '={{ $json.wallets }}' } as never,
			items: [{ wallets: owner }, { wallets: [owner, '0x12ab', friend, 'vitalik.eth'] }],
		});
		expect(result.error?.message).toBe(
			'Invalid Addresses in item 2: 2 of 4 are not valid addresses (expected 0x followed by 40 hexadecimal characters): #2 "0x12ab", #4 "vitalik.eth"',
		);
		expect(await service.control.requests()).toEqual([]);
	});

	it('refuses a block that is not a number, and several contracts where the list takes one', async () => {
		const block = await runNode({ credentials: balances.credentials, parameters: { resource: 'balance', operation: 'getNative', chainId: byId(FUJI), addresses: owner, options: { blockNumber: 'latest' } } as never });
		expect(block.error?.message).toBe('Invalid At Block in item 1: "latest" is not a block number (a whole number of 0 or more)');
		const contracts = await runNode({
			credentials: balances.credentials,
			parameters: { resource: 'balance', operation: 'getManyErc1155', chainId: byId(FUJI), addresses: owner, returnAll: true, options: { contract: `${ITEMS.address}, ${PUNKS.address}` } } as never,
		});
		expect(contracts.error?.message).toMatch(/^Invalid Token Contract in item 1: ".*" holds 2 contracts, but this list is filtered by one/);
	});

	it('with Continue On Fail, a failed read fails its item only, naming the address', async () => {
		const result = await runNode({
			credentials: balances.credentials,
			continueOnFail: true,
			parameters: { resource: 'balance', operation: 'getNative', chainId: byId(FUJI), addresses: '={{ $json.wallets }}', options: { blockNumber: '={{ $json.block }}' } } as never,
			items: [{ wallets: owner, block: blocks[0] }, { wallets: [friend, owner], block: 10 ** 12 }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ address: owner, balance: '5' });
		expect(result.items[1]).toMatchObject({ pairedItem: { item: 1 } });
		expect(result.items[1].json.error).toMatch(/after the newest block.*\(reading the balances of 0x[0-9a-f]{40}\) \[item 2\]$/);
		expect(result.items[1].json.error).toContain(friend);
		expect(result.items).toHaveLength(2);
	});

	it('with Continue On Fail, the items after a failed one are still read', async () => {
		const result = await runNode({
			credentials: balances.credentials,
			continueOnFail: true,
			parameters: { resource: 'balance', operation: 'getNative', chainId: byId(FUJI), addresses: '={{ $json.wallets }}', options: { blockNumber: '={{ $json.block }}' } } as never,
			items: [{ wallets: friend, block: 10 ** 12 }, { wallets: owner, block: blocks[0] }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.pairedItem, typeof item.json.error])).toEqual([
			[{ item: 0 }, 'string'],
			[{ item: 1 }, 'undefined'],
		]);
		expect(result.items[1].json).toMatchObject({ address: owner, balance: '5' });
	});
});
