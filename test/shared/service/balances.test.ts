// The balance routes against the emulator over HTTP through n8n-core's LoadOptionsContext: what an
// address holds after injected transfers, and the requests each read sends.
import { fetchAssetBalance, fetchNativeBalance, fetchTokenBalances, nativeBalanceRoute, READS_AT_BLOCK, tokenBalancesRoute } from '../../../nodes/shared/service/balances';
import { loadOptionsContext } from '../../harness/contexts';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { randomAddress, startTestService, type TestService } from '../../harness/fixtures';

const FUJI = '43113';
const USDC = { address: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const WAVAX = { address: '0xd00ae08403b9bbb9124bb305c09058e32c39a48c', name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 };
const PUNKS = { address: '0x7a9fe22691c811ea339d9b73150e6911a5343dca', name: 'Punks', symbol: 'PUNK' };
const ITEMS = { address: '0x1111111111111111111111111111111111111aaa', name: 'Game Items', symbol: 'ITEM' };

let service: TestService;
let credentials: AddressActivityCredentialData;
const owner = randomAddress();
let firstBlock: number;
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
	const funder = randomAddress();
	const inject = async (activity: Record<string, unknown>) => Number((await service.control.activity({ chainId: FUJI, from: funder, ...activity })).blockNumber);
	firstBlock = await inject({ to: owner, value: '5000' });
	await inject({ to: USDC.address, input: '0xa9059cbb', erc20Transfers: [{ token: USDC, from: funder, to: owner, value: '2500000' }] });
	await inject({ to: WAVAX.address, input: '0xa9059cbb', erc20Transfers: [{ token: WAVAX, from: funder, to: owner, value: '1' }] });
	await inject({ to: PUNKS.address, input: '0x23b872dd', erc721Transfers: [{ token: PUNKS, from: funder, to: owner, tokenId: '7' }] });
	await inject({ to: ITEMS.address, input: '0xf242432a', erc1155Transfers: [{ token: ITEMS, from: funder, to: owner, tokenId: '3', value: '10' }] });
});
afterAll(async () => {
	await service.close();
});

const context = () => loadOptionsContext(credentials);

describe('fetchNativeBalance', () => {
	it('gives the service\'s native token balance, now and at a block', async () => {
		expect(await fetchNativeBalance(context(), { chainId: FUJI, address: owner })).toMatchObject({ symbol: 'AVAX', decimals: 18, balance: '5000' });
		expect(await fetchNativeBalance(context(), { chainId: FUJI, address: owner, blockNumber: firstBlock - 1 })).toMatchObject({ balance: '0' });
	});
});

describe('fetchTokenBalances', () => {
	it('lists the ERC-20 balances, or those of the contracts given, at a block', async () => {
		const all = await fetchTokenBalances(context(), { chainId: FUJI, address: owner, standard: 'erc20', returnAll: true });
		expect(all.map((entry) => [entry.address, entry.balance])).toEqual([
			[USDC.address, '2500000'],
			[WAVAX.address, '1'],
		]);
		await service.control.clearRequests();
		const one = await fetchTokenBalances(context(), { chainId: FUJI, address: owner, standard: 'erc20', contracts: [WAVAX.address, USDC.address], returnAll: true, blockNumber: firstBlock + 1 });
		expect(one.map((entry) => entry.address)).toEqual([USDC.address]);
		const [request] = await service.control.requests();
		expect(request.path).toBe(`/v1/chains/${FUJI}/addresses/${owner}/balances:listErc20`);
		expect(request.query).toEqual({ blockNumber: String(firstBlock + 1), contractAddresses: `${WAVAX.address},${USDC.address}`, pageSize: '100' });
	});

	it('reads no more than a Limit needs', async () => {
		await service.control.clearRequests();
		expect(await fetchTokenBalances(context(), { chainId: FUJI, address: owner, standard: 'erc20', returnAll: false, limit: 1 })).toHaveLength(1);
		expect((await service.control.requests()).map((request) => request.query.pageSize)).toEqual(['1']);
	});

	it('ERC-721 at the newest block only (its route takes no block number); ERC-1155 with one contract', async () => {
		await service.control.clearRequests();
		const nfts = await fetchTokenBalances(context(), { chainId: FUJI, address: owner, standard: 'erc721', returnAll: true, blockNumber: firstBlock });
		expect(nfts.map((entry) => [entry.address, entry.tokenId])).toEqual([[PUNKS.address, '7']]);
		const items = await fetchTokenBalances(context(), { chainId: FUJI, address: owner, standard: 'erc1155', contracts: [ITEMS.address], returnAll: true });
		expect(items.map((entry) => [entry.address, entry.tokenId, entry.balance])).toEqual([[ITEMS.address, '3', '10']]);
		expect((await service.control.requests()).map((request) => request.query)).toEqual([{ pageSize: '100' }, { contractAddress: ITEMS.address, pageSize: '100' }]);
		expect(READS_AT_BLOCK).toEqual({ erc20: true, erc721: false, erc1155: true });
	});

	it('fails with the service\'s words for a chain it does not know', async () => {
		const failure = fetchNativeBalance(context(), { chainId: '999999', address: owner }, { itemIndex: 1 });
		await expect(failure).rejects.toThrow('The service rejected the request: chainId 999999 is not a supported chain');
		await expect(failure).rejects.toMatchObject({ httpCode: '400', context: { itemIndex: 1 } });
	});
});

describe('fetchAssetBalance', () => {
	it('gives one asset\'s balance after a block, by token ID, with the decimals the service gave; a contract not held is absent (0)', async () => {
		const native = await fetchAssetBalance(context(), { chainId: FUJI, address: owner, blockNumber: firstBlock, standard: 'native' });
		expect([...native]).toEqual([['', { raw: '5000', decimals: 18 }]]);
		await service.control.clearRequests();
		const usdc = await fetchAssetBalance(context(), { chainId: FUJI, address: owner, blockNumber: firstBlock + 1, standard: 'erc20', contract: USDC.address.toUpperCase().replace('0X', '0x') });
		expect([...usdc]).toEqual([['', { raw: '2500000', decimals: 6 }]]);
		expect((await service.control.requests()).map((request) => request.query)).toEqual([{ blockNumber: String(firstBlock + 1), contractAddresses: USDC.address.toUpperCase().replace('0X', '0x'), pageSize: '100' }]);
		expect([...(await fetchAssetBalance(context(), { chainId: FUJI, address: owner, blockNumber: firstBlock, standard: 'erc20', contract: USDC.address }))]).toEqual([]);
		const items = await fetchAssetBalance(context(), { chainId: FUJI, address: owner, blockNumber: firstBlock + 4, standard: 'erc1155', contract: ITEMS.address });
		expect([...items]).toEqual([['3', { raw: '10' }]]);
	});
});

describe('the routes', () => {
	it('escape the chain and the address into the path', () => {
		expect(nativeBalanceRoute('43 14', owner).path).toBe(`/v1/chains/43%2014/addresses/${owner}/balances:getNative`);
		expect(tokenBalancesRoute('erc1155', FUJI, 'a/b')).toMatchObject({ path: `/v1/chains/${FUJI}/addresses/a%2Fb/balances:listErc1155`, listField: 'erc1155TokenBalances' });
	});
});
