import { MalformedBalanceError, nativeBalance, noBalance, tokenBalance } from '../../../nodes/shared/model/balances';

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const USDC = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
const at = { address: ADDRESS, chainId: '43114' };

describe('nativeBalance', () => {
	it('gives the balance exact in the token\'s units and raw, in the column order of the Transfers items', () => {
		const item = nativeBalance(at, { chainId: '43114', name: 'Avalanche', symbol: 'AVAX', decimals: 18, balance: '1500000000000000000', price: { value: 30 } });
		expect(item).toEqual({
			address: ADDRESS,
			balance: '1.5',
			symbol: 'AVAX',
			assetType: 'native',
			tokenName: 'Avalanche',
			contract: null,
			tokenId: null,
			decimals: 18,
			balanceRaw: '1500000000000000000',
			chainId: '43114',
			blockNumber: null,
			price: { value: 30 },
		});
		expect(Object.keys(item).slice(0, 11)).toEqual(['address', 'balance', 'symbol', 'assetType', 'tokenName', 'contract', 'tokenId', 'decimals', 'balanceRaw', 'chainId', 'blockNumber']);
	});

	it('says the block it was read at, and takes the chain from where it was read when the answer has none', () => {
		const item = nativeBalance({ ...at, chainId: '43113', blockNumber: 120 }, { symbol: 'AVAX', decimals: 18, balance: '0' });
		expect(item).toMatchObject({ balance: '0', chainId: '43113', blockNumber: '120' });
	});

	it('reads a balance sent as a number, and no decimals as whole units', () => {
		expect(nativeBalance(at, { balance: 42, decimals: 'eighteen', symbol: '' })).toMatchObject({ balance: '42', balanceRaw: '42', decimals: null, symbol: null });
	});

	it.each([['-1'], ['1.5'], [''], [null], [undefined], [{ value: '1' }], ['0x10']])('refuses a balance of %p, naming the address', (balance) => {
		expect(() => nativeBalance(at, { decimals: 18, balance })).toThrow(MalformedBalanceError);
		expect(() => nativeBalance(at, { decimals: 18, balance })).toThrow(
			`the service sent a balance of ${ADDRESS} that is not a whole number of 0 or more: ${JSON.stringify(balance)}`,
		);
	});
});

describe('tokenBalance', () => {
	it('ERC-20: the contract, decimals from the entry, no token ID', () => {
		const item = tokenBalance(at, 'erc20', { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6, balance: '2500000', ercType: 'ERC-20', chainId: '43114' });
		expect(item).toEqual({
			address: ADDRESS,
			balance: '2.5',
			symbol: 'USDC',
			assetType: 'erc20',
			tokenName: 'USD Coin',
			contract: USDC,
			tokenId: null,
			decimals: 6,
			balanceRaw: '2500000',
			chainId: '43114',
			blockNumber: null,
		});
	});

	it('ERC-721: each entry is one token held, its name and symbol from the metadata when the entry has none', () => {
		const item = tokenBalance(at, 'erc721', { address: USDC, tokenId: '77', metadata: { name: 'Kitty', symbol: 'KIT' }, tokenUri: 'ipfs://x' });
		expect(item).toMatchObject({ balance: '1', balanceRaw: '1', decimals: 0, tokenId: '77', tokenName: 'Kitty', symbol: 'KIT', assetType: 'erc721', tokenUri: 'ipfs://x' });
	});

	it('ERC-1155: decimals from the metadata, whole units when it gives none', () => {
		expect(tokenBalance(at, 'erc1155', { address: USDC, tokenId: '5', balance: '1234', metadata: { decimals: 2 } })).toMatchObject({ balance: '12.34', decimals: 2, tokenId: '5' });
		expect(tokenBalance(at, 'erc1155', { address: USDC, tokenId: '5', balance: '1234', metadata: 'none' })).toMatchObject({ balance: '1234', decimals: 0 });
	});

	it('keeps every field the service sent that the item does not rename', () => {
		const item = tokenBalance(at, 'erc20', { address: USDC, decimals: 6, balance: '1', logoUri: 'https://x', ownerAddress: ADDRESS, price: null });
		expect(item.logoUri).toBe('https://x');
		expect(item.price).toBeNull();
		expect('ownerAddress' in item).toBe(false);
	});
});

describe('noBalance', () => {
	it('a contract asked for and not listed: a balance of 0, nothing known of the token', () => {
		expect(noBalance({ ...at, blockNumber: 7 }, 'erc20', USDC)).toEqual({
			address: ADDRESS,
			balance: '0',
			symbol: null,
			assetType: 'erc20',
			tokenName: null,
			contract: USDC,
			tokenId: null,
			decimals: null,
			balanceRaw: '0',
			chainId: '43114',
			blockNumber: '7',
		});
	});
});
