// Balance > Get Native Balance, Get Many ERC-20 / ERC-721 / ERC-1155 through n8n-core against the
// emulator: what the node reports is what the emulator's own transfers add up to.
import type { IDataObject } from 'n8n-workflow';

import { byId, randomAddress, startTestService, type TestService } from '../../../harness/fixtures';
import type { AddressActivityCredentialData } from '../../../harness/credentials';
import { addressHistory, nativeSum, tokenSum, units } from '../../../harness/chainHistory';
import { runNode } from '../../../harness/runNode';

const FUJI = '43113';
const ETHER = 10n ** 18n;
const USDC = { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const WAVAX = { address: '0xd00ae08403B9bbb9124bB305C09058E32C39A48c', name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 };
const PUNKS = { address: '0x7a9fe22691c811ea339d9b73150e6911a5343dca', name: 'Punks', symbol: 'PUNK' };
const ITEMS = { address: '0x1111111111111111111111111111111111111aaa', name: 'Game Items', symbol: 'ITEM' };

let service: TestService;
let credentials: AddressActivityCredentialData;
const [owner, funder, friend] = [randomAddress(), randomAddress(), randomAddress()];
/** The block of each injected transaction, in order. */
const blocks: number[] = [];

async function inject(activity: Record<string, unknown>): Promise<number> {
	const { blockNumber } = await service.control.activity({ chainId: FUJI, ...activity });
	return Number(blockNumber);
}

beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
	const steps: Array<Record<string, unknown>> = [
		{ from: funder, to: owner, value: String(5n * ETHER) },
		{ from: funder, to: USDC.address, erc20Transfers: [{ token: USDC, from: funder, to: owner, value: '1000000000' }] },
		{ from: owner, to: friend, value: String(2n * ETHER) },
		{ from: owner, to: USDC.address, erc20Transfers: [{ token: USDC, from: owner, to: friend, value: '250500000' }] },
		{ from: funder, to: WAVAX.address, erc20Transfers: [{ token: WAVAX, from: funder, to: owner, value: '1500000000000000001' }] },
		{ from: funder, to: PUNKS.address, erc721Transfers: [{ token: PUNKS, from: funder, to: owner, tokenId: '7' }, { token: PUNKS, from: funder, to: owner, tokenId: '8' }] },
		{ from: owner, to: PUNKS.address, erc721Transfers: [{ token: PUNKS, from: owner, to: friend, tokenId: '7' }] },
		{ from: funder, to: ITEMS.address, erc1155Transfers: [{ token: ITEMS, from: funder, to: owner, tokenId: '3', value: '10' }] },
		{ from: owner, to: ITEMS.address, erc1155Transfers: [{ token: ITEMS, from: owner, to: friend, tokenId: '3', value: '4' }] },
	];
	for (const step of steps) blocks.push(await inject(step));
});
afterAll(async () => {
	await service.close();
});

const history = async (address: string, endBlock?: number) => await addressHistory(credentials, FUJI, address, endBlock);

async function run(parameters: Record<string, unknown>, items?: IDataObject[]) {
	const result = await runNode({ credentials, parameters: { resource: 'balance', ...parameters } as never, items });
	expect(result.error).toBeUndefined();
	return result.items;
}

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

describe('Balance > Get Many ERC-1155 Balances', () => {
	it('lists each token ID\'s balance, now and at an earlier block', async () => {
		const [now] = await run({ operation: 'getManyErc1155', chainId: byId(FUJI), addresses: owner, returnAll: true });
		const [before] = await run({ operation: 'getManyErc1155', chainId: byId(FUJI), addresses: owner, returnAll: true, options: { blockNumber: String(blocks[7]), contract: ITEMS.address } });
		expect(now.json).toMatchObject({ address: owner, assetType: 'erc1155', contract: ITEMS.address, tokenId: '3', balance: '6', balanceRaw: '6', decimals: 0, blockNumber: null });
		expect(before.json).toMatchObject({ tokenId: '3', balance: '10', blockNumber: String(blocks[7]) });
	});
});

describe('Balance: bad input', () => {
	it('names every bad address of a list with its position, and the item, before any request', async () => {
		await service.control.clearRequests();
		const result = await runNode({
			credentials,
			parameters: { resource: 'balance', operation: 'getNative', chainId: byId(FUJI), addresses: '={{ $json.wallets }}' } as never,
			items: [{ wallets: owner }, { wallets: [owner, '0x12ab', friend, 'vitalik.eth'] }],
		});
		expect(result.error?.message).toBe(
			'Invalid Addresses in item 2: 2 of 4 are not valid addresses (expected 0x followed by 40 hexadecimal characters): #2 "0x12ab", #4 "vitalik.eth"',
		);
		expect(await service.control.requests()).toEqual([]);
	});

	it('refuses a block that is not a number, and several contracts where the list takes one', async () => {
		const block = await runNode({ credentials, parameters: { resource: 'balance', operation: 'getNative', chainId: byId(FUJI), addresses: owner, options: { blockNumber: 'latest' } } as never });
		expect(block.error?.message).toBe('Invalid At Block in item 1: "latest" is not a block number (a whole number of 0 or more)');
		const contracts = await runNode({
			credentials,
			parameters: { resource: 'balance', operation: 'getManyErc1155', chainId: byId(FUJI), addresses: owner, returnAll: true, options: { contract: `${ITEMS.address}, ${PUNKS.address}` } } as never,
		});
		expect(contracts.error?.message).toMatch(/^Invalid Token Contract in item 1: ".*" holds 2 contracts, but this list is filtered by one/);
	});

	it('with Continue On Fail, a failed read fails its item only, naming the address', async () => {
		const result = await runNode({
			credentials,
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
});
