// Balance > Get Many ERC-721 Tokens through n8n-core against the emulator.
import { byId, randomAddress } from '../../../harness/fixtures';
import { FUJI, PUNKS, useBalanceHistory } from './support';

const { service, owner, friend, run } = useBalanceHistory();

describe('Balance > Get Many ERC-721 Tokens', () => {
	it('lists the NFTs the address holds now, one item per token', async () => {
		const items = await run({ operation: 'getManyErc721', chainId: byId(FUJI), addresses: `${owner}\n${friend}`, returnAll: true });
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ address: owner, assetType: 'erc721', contract: PUNKS.address, symbol: 'PUNK', tokenId: '8', balance: '1', balanceRaw: '1', decimals: 0 }),
			expect.objectContaining({ address: friend, assetType: 'erc721', contract: PUNKS.address, tokenId: '7', balance: '1' }),
		]);
		expect(items[0].json.tokenUri).toEqual(expect.any(String));
	});

	it('filters by one contract', async () => {
		const other = randomAddress();
		expect(await run({ operation: 'getManyErc721', chainId: byId(FUJI), addresses: owner, returnAll: true, options: { contract: other } })).toEqual([]);
		const [request] = (await service.control.requests()).filter((entry) => entry.path.includes('balances:listErc721')).slice(-1);
		expect(request.query).toMatchObject({ contractAddress: other });
		expect(request.query.blockNumber).toBeUndefined();
	});
});
