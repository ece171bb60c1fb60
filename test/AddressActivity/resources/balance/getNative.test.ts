// Balance > Get Native Balance through n8n-core against the emulator: what the node reports is what
// the emulator's own transfers add up to.
import { nativeSum, units } from '../../../harness/chainHistory';
import { byId, randomAddress } from '../../../harness/fixtures';
import { FUJI, ETHER, useBalanceHistory } from './support';

const { service, owner, friend, blocks, history, run } = useBalanceHistory();

describe('Balance > Get Native Balance', () => {
	it('reports what the emulator\'s transfers add up to (gas included), exact in AVAX with the raw amount kept', async () => {
		const [item] = await run({ operation: 'getNative', chainId: byId(FUJI), addresses: owner });
		const expected = nativeSum(await history(owner), owner);
		expect(expected).toBeLessThan(3n * ETHER);
		expect(item.json).toMatchObject({
			address: owner,
			assetType: 'native',
			symbol: 'AVAX',
			decimals: 18,
			balanceRaw: expected.toString(),
			balance: units(expected, 18),
			contract: null,
			tokenId: null,
			chainId: FUJI,
			blockNumber: null,
		});
	});

	it('at an earlier block, reports the sum of the transfers up to that block', async () => {
		const [afterFirst, afterPayment] = [blocks[0], blocks[2]];
		const [atFirst] = await run({ operation: 'getNative', chainId: byId(FUJI), addresses: owner, options: { blockNumber: String(afterFirst) } });
		const [atPayment] = await run({ operation: 'getNative', chainId: byId(FUJI), addresses: owner, options: { blockNumber: `${afterPayment}` } });
		expect(atFirst.json).toMatchObject({ balance: '5', balanceRaw: String(5n * ETHER), blockNumber: String(afterFirst) });
		const expected = nativeSum(await history(owner, afterPayment), owner);
		expect(atPayment.json).toMatchObject({ balanceRaw: expected.toString(), balance: units(expected, 18), blockNumber: String(afterPayment) });
		expect(expected).toBeLessThan(3n * ETHER);
	});

	it('gives one item per address, in the order given, each paired to its item, one request per address', async () => {
		const stranger = randomAddress();
		await service.control.clearRequests();
		const items = await run(
			{ operation: 'getNative', chainId: byId(FUJI), addresses: '={{ $json.wallets }}' },
			[{ wallets: [owner, friend] }, { wallets: `${stranger}, ${owner.toUpperCase().replace('0X', '0x')}` }],
		);
		expect(items.map((item) => [item.json.address, item.pairedItem])).toEqual([
			[owner, { item: 0 }],
			[friend, { item: 0 }],
			[stranger, { item: 1 }],
			[owner.toUpperCase().replace('0X', '0x'), { item: 1 }],
		]);
		expect(items[3].json.balanceRaw).toBe(items[0].json.balanceRaw);
		expect(items[2].json).toMatchObject({ balance: '0', balanceRaw: '0' });
		expect(items[1].json.balanceRaw).toBe(nativeSum(await history(friend), friend).toString());
		// the owner's balance is read once for both items
		const requests = (await service.control.requests()).filter((request) => request.path.includes('balances:getNative'));
		expect(requests).toHaveLength(3);
	});

	it('100 items naming the same 5 wallets cost 5 requests, and each item gets all 5 balances', async () => {
		const wallets = [owner, friend, randomAddress(), randomAddress(), randomAddress()];
		await service.control.clearRequests();
		const items = await run({ operation: 'getNative', chainId: byId(FUJI), addresses: '={{ $json.wallets }}' }, Array.from({ length: 100 }, () => ({ wallets })));
		expect(items).toHaveLength(500);
		expect(items.filter((item) => (item.pairedItem as { item: number }).item === 99).map((item) => item.json.address)).toEqual(wallets);
		expect((await service.control.requests()).filter((request) => request.path.includes('balances:'))).toHaveLength(5);
	});
});
