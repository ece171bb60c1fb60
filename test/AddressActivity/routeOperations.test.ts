import { byId, fromList, startTestService } from '../harness/fixtures';
import type { TestService } from '../harness/fixtures';
import type { AddressActivityCredentialData } from '../harness/credentials';
import { runNode } from '../harness/runNode';

let service: TestService;
let credentials: AddressActivityCredentialData;
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
});
afterAll(async () => {
	await service.close();
});

async function run(parameters: Record<string, unknown>) {
	const result = await runNode({ credentials, parameters: parameters as never });
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

describe('Chain', () => {
	it('gets one chain', async () => {
		const [chain] = await run({ resource: 'chain', operation: 'get', chainId: fromList('43114') });
		expect(chain).toMatchObject({ chainId: '43114', isTestnet: false, networkToken: { symbol: 'AVAX' } });
	});

	it('lists chains, filtered by network and by feature, limited on request', async () => {
		const all = await run({ resource: 'chain', operation: 'getMany', returnAll: true });
		const mainnet = await run({ resource: 'chain', operation: 'getMany', returnAll: true, filters: { network: 'mainnet' } });
		const withWebhooks = await run({
			resource: 'chain',
			operation: 'getMany',
			returnAll: true,
			filters: { feature: 'webhooks' },
		});
		const limited = await run({ resource: 'chain', operation: 'getMany', limit: 1 });
		expect(all.length).toBeGreaterThan(2);
		expect(mainnet.every((chain) => chain.isTestnet === false)).toBe(true);
		expect(mainnet.length).toBeLessThan(all.length);
		expect(withWebhooks.map((chain) => chain.chainId)).toEqual(['43114', '43113']);
		expect(limited).toEqual([all[0]]);
	});
});

describe('Block', () => {
	it('lists the latest blocks and gets one by number and by hash', async () => {
		const blocks = await run({ resource: 'block', operation: 'getMany', chainId: byId('43113'), limit: 3 });
		expect(blocks).toHaveLength(3);
		expect(Number(blocks[0].blockNumber)).toBeGreaterThan(Number(blocks[1].blockNumber));
		const [byNumber] = await run({
			resource: 'block',
			operation: 'get',
			chainId: byId('43113'),
			blockId: String(blocks[1].blockNumber),
		});
		const [byHash] = await run({ resource: 'block', operation: 'get', chainId: byId('43113'), blockId: blocks[1].blockHash });
		expect(byNumber).toMatchObject({ blockNumber: blocks[1].blockNumber, blockHash: blocks[1].blockHash });
		expect(byHash).toEqual(byNumber);
	});
});

describe('Transaction', () => {
	it('lists the latest transactions, optionally only failed ones, and gets one', async () => {
		const latest = await run({ resource: 'transaction', operation: 'getMany', chainId: byId('43114'), limit: 5 });
		expect(latest).toHaveLength(5);
		const failed = await run({
			resource: 'transaction',
			operation: 'getMany',
			chainId: byId('43114'),
			limit: 20,
			filters: { status: 'failed' },
		});
		expect(failed.length).toBeGreaterThan(0);
		expect(failed.every((tx) => tx.txStatus === '0')).toBe(true);
		const [tx] = await run({
			resource: 'transaction',
			operation: 'get',
			chainId: byId('43114'),
			txHash: latest[0].txHash,
		});
		expect((tx.nativeTransaction as { txHash: string }).txHash).toBe(latest[0].txHash);
	});

	it('lists an address\'s transactions within a block range, in the chosen order', async () => {
		const [busiest] = (await service.control.chains()).find((chain) => chain.chainId === '43113')!.busiestAddresses;
		const newestFirst = await run({
			resource: 'transaction',
			operation: 'getManyForAddress',
			chainId: byId('43113'),
			address: busiest.address,
			returnAll: true,
		});
		expect(newestFirst).toHaveLength(busiest.transactions);
		const blockNumber = (tx: Record<string, unknown>) => Number((tx.nativeTransaction as { blockNumber: string }).blockNumber);
		const blockNumbers = newestFirst.map(blockNumber);
		const [low, high] = [blockNumbers[blockNumbers.length - 1] + 20, blockNumbers[0] - 20];
		const ranged = await run({
			resource: 'transaction',
			operation: 'getManyForAddress',
			chainId: byId('43113'),
			address: busiest.address,
			returnAll: true,
			filters: { startBlock: low, endBlock: high, sortOrder: 'asc' },
		});
		const rangedNumbers = ranged.map(blockNumber);
		expect(blockNumbers).toEqual([...blockNumbers].sort((a, b) => b - a));
		expect(ranged.length).toBeGreaterThan(0);
		expect(ranged.length).toBe(blockNumbers.filter((n) => n >= low && n <= high).length);
		expect(rangedNumbers).toEqual([...rangedNumbers].sort((a, b) => a - b));
	});
});

describe('UTXO', () => {
	const UTXO_OWNERS = [`P-avax1${'q'.repeat(38)}`, `X-avax1${'p'.repeat(38)}`];

	it('lists UTXOs of primary-network addresses with the options', async () => {
		const address = 'avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq'.slice(0, 43);
		const addresses = `P-${address}`;
		const unspent = await run({
			resource: 'utxo',
			operation: 'getMany',
			network: 'mainnet',
			blockchainId: 'p-chain',
			addresses,
			returnAll: true,
		});
		const withSpent = await run({
			resource: 'utxo',
			operation: 'getMany',
			network: 'mainnet',
			blockchainId: 'p-chain',
			addresses,
			returnAll: true,
			options: { includeSpent: true, sortOrder: 'asc' },
		});
		expect(withSpent.length).toBeGreaterThanOrEqual(unspent.length);
		expect(withSpent.length).toBeGreaterThan(0);
		const requests = await service.control.requests();
		const last = requests[requests.length - 1];
		expect(last.path).toBe('/v1/networks/mainnet/blockchains/p-chain/utxos');
		expect(last.query).toMatchObject({ addresses, includeSpent: 'true', sortOrder: 'asc' });
	});

	it.each([
		['pasted text', `${UTXO_OWNERS[0]}, ${UTXO_OWNERS[0]};\n ${UTXO_OWNERS[1]}  `],
		['an array from an expression', `={{ [["${UTXO_OWNERS[0]}"], "${UTXO_OWNERS[1]} ${UTXO_OWNERS[0]}"] }}`],
	])('reads the addresses from %s as the Address parameters do: any separator, each address once', async (_name, addresses) => {
		await run({ resource: 'utxo', operation: 'getMany', network: 'mainnet', blockchainId: 'p-chain', addresses, returnAll: false, limit: 1 });
		const requests = await service.control.requests();
		expect(requests[requests.length - 1].query).toMatchObject({ addresses: UTXO_OWNERS.join(',') });
	});
});

describe('dates a person can read', () => {
	it('puts an ISO date right after each epoch field of blocks and transactions, keeping the number', async () => {
		const [block] = await run({ resource: 'block', operation: 'getMany', chainId: byId('43114'), returnAll: false, limit: 1 });
		const keys = Object.keys(block);
		expect(keys.indexOf('blockTimestampIso')).toBe(keys.indexOf('blockTimestamp') + 1);
		expect(block.blockTimestampIso).toBe(new Date((block.blockTimestamp as number) * 1000).toISOString());

		const [latest] = await run({ resource: 'transaction', operation: 'getMany', chainId: byId('43114'), returnAll: false, limit: 1 });
		const [transaction] = await run({ resource: 'transaction', operation: 'get', chainId: byId('43114'), txHash: latest.txHash });
		const native = transaction.nativeTransaction as Record<string, unknown>;
		expect(native.blockTimestampIso).toBe(new Date((native.blockTimestamp as number) * 1000).toISOString());
	});
});
