// Balance > Get Many ERC-20 Balances through n8n-core against the emulator: what the node reports is
// what the emulator's own transfers add up to.
import { tokenSum, units } from '../../../harness/chainHistory';
import { byId, randomAddress } from '../../../harness/fixtures';
import { FUJI, USDC, WAVAX, useBalanceHistory } from './support';

const { service, owner, funder, blocks, inject, history, run } = useBalanceHistory();

describe('Balance > Get Many ERC-20 Balances', () => {
	it('lists every token the address holds, each what its transfers add up to, exact with decimals and raw kept', async () => {
		const items = await run({ operation: 'getManyErc20', chainId: byId(FUJI), addresses: owner, returnAll: true });
		const transactions = await history(owner);
		const usdc = tokenSum(transactions, owner, USDC.address);
		const wavax = tokenSum(transactions, owner, WAVAX.address);
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ address: owner, assetType: 'erc20', contract: USDC.address, symbol: 'USDC', tokenName: 'USD Coin', decimals: 6, balanceRaw: usdc.toString(), balance: '749.5', blockNumber: null }),
			expect.objectContaining({ address: owner, assetType: 'erc20', contract: WAVAX.address, symbol: 'WAVAX', decimals: 18, balanceRaw: wavax.toString(), balance: '1.500000000000000001' }),
		]);
		expect(usdc).toBe(749_500_000n);
	});

	it('reads only the contracts given, at a block; a contract not held gives balance 0', async () => {
		const notHeld = randomAddress();
		const items = await run({
			operation: 'getManyErc20',
			chainId: byId(FUJI),
			addresses: owner,
			returnAll: true,
			options: { contracts: `${USDC.address}\n${notHeld}`, blockNumber: String(blocks[1]) },
		});
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ contract: USDC.address, balance: '1000', balanceRaw: '1000000000', blockNumber: String(blocks[1]) }),
			expect.objectContaining({ contract: notHeld, balance: '0', balanceRaw: '0', symbol: null, decimals: null, blockNumber: String(blocks[1]) }),
		]);
		const [request] = (await service.control.requests()).filter((entry) => entry.path.includes('balances:listErc20')).slice(-1);
		expect(request.query).toMatchObject({ contractAddresses: `${USDC.address},${notHeld}`, blockNumber: String(blocks[1]) });
	});

	describe('an address holding 130 tokens', () => {
		const whale = randomAddress();
		beforeAll(async () => {
			const erc20Transfers = Array.from({ length: 130 }, (_, index) => ({
				token: { address: `0x${(index + 1).toString(16).padStart(40, 'c')}`, name: `Token ${index}`, symbol: `T${index}`, decimals: index % 19 },
				from: funder,
				to: whale,
				value: String(index + 1),
			}));
			await inject({ from: funder, to: whale, erc20Transfers });
		});

		it('Return All reads every page at the largest page size: 130 balances in 2 requests', async () => {
			await service.control.clearRequests();
			const items = await run({ operation: 'getManyErc20', chainId: byId(FUJI), addresses: whale, returnAll: true });
			expect(items).toHaveLength(130);
			expect(items[129].json).toMatchObject({ symbol: 'T129', decimals: 129 % 19, balanceRaw: '130', balance: units(130n, 129 % 19) });
			const requests = (await service.control.requests()).filter((entry) => entry.path.includes('balances:listErc20'));
			expect(requests.map((entry) => entry.query.pageSize)).toEqual(['100', '100']);
		});

		it('a Limit counts each address\'s balances and reads no more than it needs', async () => {
			await service.control.clearRequests();
			const items = await run({ operation: 'getManyErc20', chainId: byId(FUJI), addresses: `${whale}, ${owner}`, returnAll: false, limit: 5 });
			expect(items.map((item) => item.json.address)).toEqual([whale, whale, whale, whale, whale, owner, owner]);
			const requests = (await service.control.requests()).filter((entry) => entry.path.includes('balances:listErc20'));
			expect(requests.map((entry) => entry.query.pageSize)).toEqual(['5', '5']);
		});
	});
});
