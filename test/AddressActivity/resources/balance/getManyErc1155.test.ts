// Balance > Get Many ERC-1155 Balances through n8n-core against the emulator.
import { byId } from '../../../harness/fixtures';
import { FUJI, ITEMS, useBalanceHistory } from './support';

const { owner, blocks, run } = useBalanceHistory();

describe('Balance > Get Many ERC-1155 Balances', () => {
	it('lists each token ID\'s balance, now and at an earlier block', async () => {
		const [now] = await run({ operation: 'getManyErc1155', chainId: byId(FUJI), addresses: owner, returnAll: true });
		const [before] = await run({ operation: 'getManyErc1155', chainId: byId(FUJI), addresses: owner, returnAll: true, options: { blockNumber: String(blocks[7]), contract: ITEMS.address } });
		expect(now.json).toMatchObject({ address: owner, assetType: 'erc1155', contract: ITEMS.address, tokenId: '3', balance: '6', balanceRaw: '6', decimals: 0, blockNumber: null });
		expect(before.json).toMatchObject({ tokenId: '3', balance: '10', blockNumber: String(blocks[7]) });
	});
});
