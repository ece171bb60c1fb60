// Transaction > Get Many for Address against the emulator through n8n-core's execution engine.
import { byId } from '../../../harness/fixtures';
import { useOperationRunner } from '../../support';

const { run, attempt, service } = useOperationRunner();

describe('Transaction > Get Many for Address', () => {
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

	it('refuses a Start Block after the End Block, naming both and the item, before any request', async () => {
		const [busiest] = (await service.control.chains()).find((chain) => chain.chainId === '43113')!.busiestAddresses;
		await service.control.clearRequests();
		const result = await attempt({
			resource: 'transaction',
			operation: 'getManyForAddress',
			chainId: byId('43113'),
			address: busiest.address,
			returnAll: true,
			filters: { startBlock: 200, endBlock: 100 },
		});
		expect(result.error?.message).toBe('Invalid Start Block in item 1: 200 is after the End Block 100');
		expect(await service.control.requests()).toEqual([]);
	});
});
