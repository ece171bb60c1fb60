/* eslint-disable @typescript-eslint/no-explicit-any */
// Tests read JSON answers field by field; typing every response shape here would add nothing.
// EVM balances against the emulator's own history: what an address holds is the sum of the
// transfers the chain routes show for it (and the literal amounts the test injected).
import { startEmulator, type RunningEmulator } from '../index';
import { address, call } from './harness';

const ETHER = 10n ** 18n;
const USDC = { address: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const WAVAX = { address: '0xd00ae08403b9bbb9124bb305c09058e32c39a48c', name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 };
const PUNKS = { address: '0x7a9fe22691c811ea339d9b73150e6911a5343dca', name: 'Punks', symbol: 'PUNK' };
const ITEMS = { address: '0x1111111111111111111111111111111111111aaa', name: 'Game Items', symbol: 'ITEM' };
const CONTRACT = '0x2222222222222222222222222222222222222bbb';

/**
 * The native change a transaction made to `owner`, summed here from what the address transactions
 * route shows (value of a successful transaction, its value-moving internal calls but the one
 * that repeats the transaction's own call, and the gas the sender paid).
 */
function nativeChangeOf(item: any, owner: string): bigint {
	const tx = item.nativeTransaction;
	const is = (party: { address: string }) => party.address.toLowerCase() === owner;
	let change = is(tx.from) ? -BigInt(tx.gasUsed) * BigInt(tx.gasPrice) : 0n;
	if (tx.txStatus !== '1') return change;
	const move = (from: any, to: any, value: bigint) => (is(to) ? value : 0n) - (is(from) ? value : 0n);
	change += move(tx.from, tx.to, BigInt(tx.value));
	(item.internalTransactions ?? []).forEach((call: any, index: number) => {
		const own = index === 0 && call.from.address.toLowerCase() === tx.from.address.toLowerCase() && call.to.address.toLowerCase() === tx.to.address.toLowerCase() && call.value === tx.value;
		if (!own && !call.isReverted && !['DELEGATECALL', 'STATICCALL'].includes(call.internalTxType)) change += move(call.from, call.to, BigInt(call.value));
	});
	return change;
}

/** The ERC-20 changes a transaction made to `owner`, by contract. */
function tokenChangesOf(item: any, owner: string): Map<string, bigint> {
	const changes = new Map<string, bigint>();
	if (item.nativeTransaction.txStatus !== '1') return changes;
	for (const transfer of item.erc20Transfers ?? []) {
		const contract = transfer.erc20Token.address.toLowerCase();
		const value = BigInt(transfer.value);
		if (transfer.to.address.toLowerCase() === owner) changes.set(contract, (changes.get(contract) ?? 0n) + value);
		if (transfer.from.address.toLowerCase() === owner) changes.set(contract, (changes.get(contract) ?? 0n) - value);
	}
	return changes;
}

describe('EVM balances from the chain history', () => {
	let emulator: RunningEmulator;
	const key = 'balances';

	const get = (path: string, query: Record<string, string | number | undefined> = {}) => call(emulator.url, 'GET', path, { key, query });
	const inject = async (body: Record<string, unknown>) => {
		const answer = await call(emulator.url, 'POST', '/_emulator/activity', { body: { chainId: '43113', ...body } });
		expect(answer.status).toBe(201);
		return answer.body as { txHash: string; blockNumber: string };
	};
	const native = async (owner: string, query: Record<string, string | number | undefined> = {}, chainId = '43113') => {
		const answer = await get(`/v1/chains/${chainId}/addresses/${owner}/balances:getNative`, query);
		expect(answer.status).toBe(200);
		return BigInt(answer.body.nativeTokenBalance.balance);
	};
	/** Every item of an address's transactions, oldest first, within blocks. */
	const history = async (owner: string, query: Record<string, string | number | undefined> = {}, chainId = '43113') => {
		const items: any[] = [];
		let pageToken: string | undefined;
		do {
			const answer = await get(`/v1/chains/${chainId}/addresses/${owner}/transactions`, { ...query, sortOrder: 'asc', pageSize: 100, pageToken });
			expect(answer.status).toBe(200);
			items.push(...answer.body.transactions);
			pageToken = answer.body.nextPageToken;
		} while (pageToken);
		return items;
	};

	beforeAll(async () => {
		emulator = await startEmulator({ apiKeys: [{ key }] });
	});
	afterAll(() => emulator.close());

	describe('an address with only injected activity', () => {
		const [owner, funder, friend] = [address(0xa1), address(0xa2), address(0xa3)];
		const blocks: number[] = [];

		beforeAll(async () => {
			const steps: Record<string, unknown>[] = [
				{ from: funder, to: owner, value: String(5n * ETHER) },
				{ from: funder, to: USDC.address, input: '0xa9059cbb', erc20Transfers: [{ token: USDC, from: funder, to: owner, value: '1000000000' }] },
				{ from: owner, to: friend, value: String(2n * ETHER) },
				{ from: owner, to: USDC.address, input: '0xa9059cbb', erc20Transfers: [{ token: USDC, from: owner, to: friend, value: '250000000' }] },
				{ from: owner, to: friend, value: String(ETHER), status: 'failed' },
				{
					from: funder,
					to: CONTRACT,
					input: '0x12345678',
					internalTransactions: [
						{ from: CONTRACT, to: owner, value: String(ETHER / 2n), internalTxType: 'CALL' },
						{ from: CONTRACT, to: owner, value: String(7n * ETHER), internalTxType: 'DELEGATECALL' },
					],
					erc20Transfers: [{ token: WAVAX, from: CONTRACT, to: owner, value: String(3n * ETHER) }],
				},
				{
					from: owner,
					to: CONTRACT,
					value: String(ETHER),
					input: '0x12345678',
					internalTransactions: [{ from: owner, to: CONTRACT, value: String(ETHER), internalTxType: 'CALL' }],
				},
				{ from: funder, to: PUNKS.address, input: '0x23b872dd', erc721Transfers: [{ token: PUNKS, from: funder, to: owner, tokenId: '7' }] },
				{ from: owner, to: PUNKS.address, input: '0x23b872dd', erc721Transfers: [{ token: PUNKS, from: owner, to: friend, tokenId: '7' }] },
				{ from: funder, to: PUNKS.address, input: '0x23b872dd', erc721Transfers: [{ token: PUNKS, from: funder, to: owner, tokenId: '8' }], block: 'head' },
				{ from: funder, to: ITEMS.address, input: '0xf242432a', erc1155Transfers: [{ token: ITEMS, from: funder, to: owner, tokenId: '3', value: '10' }] },
				{ from: owner, to: ITEMS.address, input: '0xf242432a', erc1155Transfers: [{ token: ITEMS, from: owner, to: friend, tokenId: '3', value: '4' }] },
			];
			for (const step of steps) blocks.push(Number((await inject(step)).blockNumber));
		});

		it('holds the sum of the native transfers the history shows, gas included, and the literal amounts add up', async () => {
			const items = await history(owner);
			expect(items).toHaveLength(12);
			const fromHistory = items.reduce((sum, item) => sum + nativeChangeOf(item, owner), 0n);
			expect(await native(owner)).toBe(fromHistory);
			const gasPaid = items.filter((item) => item.nativeTransaction.from.address === owner).reduce((sum, item) => sum + BigInt(item.nativeTransaction.gasUsed) * BigInt(item.nativeTransaction.gasPrice), 0n);
			expect(gasPaid).toBeGreaterThan(0n);
			// 5 in, 2 out, the failed 1 not sent, 0.5 from an internal call (the DELEGATECALL moves nothing),
			// 1 into a contract (its first internal transaction is that same call, not a second one)
			expect(await native(owner)).toBe(5n * ETHER - 2n * ETHER + ETHER / 2n - ETHER - gasPaid);
		});

		it('at each earlier block, holds the sum up to that block', async () => {
			const items = await history(owner);
			let running = 0n;
			for (const item of items) {
				running += nativeChangeOf(item, owner);
				expect({ block: item.nativeTransaction.blockNumber, balance: await native(owner, { blockNumber: item.nativeTransaction.blockNumber }) }).toEqual({
					block: item.nativeTransaction.blockNumber,
					balance: running,
				});
			}
			expect(await native(owner, { blockNumber: blocks[0] - 1 })).toBe(0n);
		});

		it('lists ERC-20 balances, now and at a block, and the contracts asked for', async () => {
			const now = await get(`/v1/chains/43113/addresses/${owner}/balances:listErc20`);
			expect(now.status).toBe(200);
			expect(now.body.erc20TokenBalances).toEqual([
				{ address: USDC.address, name: 'USD Coin', symbol: 'USDC', decimals: 6, ercType: 'ERC-20', chainId: '43113', balance: '750000000', tokenReputation: null },
				{ address: WAVAX.address, name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18, ercType: 'ERC-20', chainId: '43113', balance: String(3n * ETHER), tokenReputation: null },
			]);
			const sums = new Map<string, bigint>();
			for (const item of await history(owner)) for (const [contract, change] of tokenChangesOf(item, owner)) sums.set(contract, (sums.get(contract) ?? 0n) + change);
			expect(now.body.erc20TokenBalances.map((token: any) => [token.address, BigInt(token.balance)])).toEqual([...sums.entries()]);
			expect(now.body.nativeTokenBalance).toEqual({ name: 'Avalanche', symbol: 'AVAX', decimals: 18, logoUri: expect.any(String), chainId: '43113', balance: String(await native(owner)) });
			const earlier = await get(`/v1/chains/43113/addresses/${owner}/balances:listErc20`, { blockNumber: blocks[1] });
			expect(earlier.body.erc20TokenBalances.map((token: any) => [token.symbol, token.balance])).toEqual([['USDC', '1000000000']]);
			const only = await get(`/v1/chains/43113/addresses/${owner}/balances:listErc20`, { contractAddresses: `${WAVAX.address.toUpperCase().replace('0X', '0x')}, ${address(0xff)}` });
			expect(only.body.erc20TokenBalances.map((token: any) => token.symbol)).toEqual(['WAVAX']);
			const first = await get(`/v1/chains/43113/addresses/${owner}/balances:listErc20`, { pageSize: 1 });
			const second = await get(`/v1/chains/43113/addresses/${owner}/balances:listErc20`, { pageSize: 1, pageToken: first.body.nextPageToken });
			expect([...first.body.erc20TokenBalances, ...second.body.erc20TokenBalances].map((token: any) => token.symbol)).toEqual(['USDC', 'WAVAX']);
			expect(second.body.nextPageToken).toBeUndefined();
		});

		it('lists the ERC-721 tokens it holds: the ones whose latest transfer brought them in', async () => {
			const answer = await get(`/v1/chains/43113/addresses/${owner}/balances:listErc721`);
			expect(answer.body.erc721TokenBalances).toEqual([
				{
					address: PUNKS.address,
					name: 'Punks',
					symbol: 'PUNK',
					ercType: 'ERC-721',
					tokenId: '8',
					tokenUri: `ipfs://emulator/${PUNKS.address}/8`,
					metadata: { indexStatus: 'UNINDEXED', name: 'Punks', symbol: 'PUNK' },
					ownerAddress: owner,
					chainId: '43113',
				},
			]);
			expect((await get(`/v1/chains/43113/addresses/${friend}/balances:listErc721`, { contractAddress: PUNKS.address })).body.erc721TokenBalances.map((token: any) => token.tokenId)).toEqual(['7']);
			expect((await get(`/v1/chains/43113/addresses/${owner}/balances:listErc721`, { contractAddress: ITEMS.address })).body.erc721TokenBalances).toEqual([]);
		});

		it('lists ERC-1155 balances, now and at a block', async () => {
			const answer = await get(`/v1/chains/43113/addresses/${owner}/balances:listErc1155`);
			expect(answer.body.erc1155TokenBalances).toEqual([
				{
					address: ITEMS.address,
					ercType: 'ERC-1155',
					tokenId: '3',
					tokenUri: `ipfs://emulator/${ITEMS.address}/3`,
					metadata: { indexStatus: 'UNINDEXED', name: 'Game Items', symbol: 'ITEM' },
					chainId: '43113',
					balance: '6',
				},
			]);
			const earlier = await get(`/v1/chains/43113/addresses/${owner}/balances:listErc1155`, { blockNumber: blocks[10], contractAddress: ITEMS.address });
			expect(earlier.body.erc1155TokenBalances.map((token: any) => token.balance)).toEqual(['10']);
			expect((await get(`/v1/chains/43113/addresses/${friend}/balances:listErc1155`)).body.erc1155TokenBalances.map((token: any) => token.balance)).toEqual(['4']);
		});
	});

	it('answers zero and empty lists for an address with no history', async () => {
		const stranger = address(0xdead);
		expect(await native(stranger)).toBe(0n);
		for (const [path, field] of [['listErc20', 'erc20TokenBalances'], ['listErc721', 'erc721TokenBalances'], ['listErc1155', 'erc1155TokenBalances']]) {
			const answer = await get(`/v1/chains/43113/addresses/${stranger}/balances:${path}`);
			expect(answer.status).toBe(200);
			expect(answer.body[field]).toEqual([]);
			expect(answer.body.nativeTokenBalance.balance).toBe('0');
		}
	});

	it('in the generated history, each of the busiest addresses starts from an opening balance that covers its spending, and holds it plus its transfers', async () => {
		const chains = (await call(emulator.url, 'GET', '/_emulator/chains')).body.chains;
		const busiest = chains.find((chain: any) => chain.chainId === '43114').busiestAddresses.map((entry: any) => entry.address as string);
		expect(busiest).toHaveLength(5);
		let swaps = 0;
		for (const owner of busiest) {
			const items = await history(owner, {}, '43114');
			swaps += items.filter((item) => item.internalTransactions?.[0]?.from.address === owner).length;
			const first = Number(items[0].nativeTransaction.blockNumber);
			let running = await native(owner, { blockNumber: first - 1 }, '43114');
			const tokens = new Map<string, bigint>();
			const openingTokens = (await get(`/v1/chains/43114/addresses/${owner}/balances:listErc20`, { blockNumber: first - 1, pageSize: 100 })).body.erc20TokenBalances;
			for (const token of openingTokens) tokens.set(token.address.toLowerCase(), BigInt(token.balance));
			let lowest = { native: running, token: 0n };
			for (const item of items) {
				running += nativeChangeOf(item, owner);
				for (const [contract, change] of tokenChangesOf(item, owner)) tokens.set(contract, (tokens.get(contract) ?? 0n) + change);
				lowest = { native: running < lowest.native ? running : lowest.native, token: [...tokens.values()].reduce((low, balance) => (balance < low ? balance : low), lowest.token) };
			}
			expect({ owner, nativeNeverBelowZero: lowest.native >= 0n, tokensNeverBelowZero: lowest.token >= 0n }).toEqual({ owner, nativeNeverBelowZero: true, tokensNeverBelowZero: true });
			expect({ owner, balance: await native(owner, {}, '43114') }).toEqual({ owner, balance: running });
			const held = (await get(`/v1/chains/43114/addresses/${owner}/balances:listErc20`, { pageSize: 100 })).body.erc20TokenBalances;
			expect(new Map(held.map((token: any) => [token.address.toLowerCase(), BigInt(token.balance)]))).toEqual(new Map([...tokens].filter(([, balance]) => balance !== 0n)));
			// and between two blocks, the difference is the transfers in between
			const middle = items[Math.floor(items.length / 2)].nativeTransaction.blockNumber;
			const after = items.filter((item) => Number(item.nativeTransaction.blockNumber) > Number(middle));
			expect((await native(owner, {}, '43114')) - (await native(owner, { blockNumber: middle }, '43114'))).toBe(after.reduce((sum, item) => sum + nativeChangeOf(item, owner), 0n));
		}
		// the swaps' first internal transaction repeats the transaction's own call: counted once
		expect(swaps).toBeGreaterThan(0);
	});

	it.each([
		['/v1/chains/43113/addresses/0x12/balances:getNative', {}, 400, "invalid address format: '0x12' must be 0x followed by 40 hexadecimal characters"],
		[`/v1/chains/1/addresses/${address(1)}/balances:getNative`, {}, 400, 'chainId 1 is not a supported chain'],
		[`/v1/chains/11111/addresses/${address(1)}/balances:listErc20`, {}, 503, 'is unavailable'],
		[`/v1/chains/43113/addresses/${address(1)}/balances:getNative`, { blockNumber: '999999999999' }, 400, 'is after the newest block of chain 43113'],
		[`/v1/chains/43113/addresses/${address(1)}/balances:getNative`, { blockNumber: 'latest' }, 400, "blockNumber must be a block number, a non-negative integer (got 'latest')"],
		[`/v1/chains/43113/addresses/${address(1)}/balances:getNative`, { currency: 'btc' }, 400, "currency must be one of the following values: usd, eur"],
		[`/v1/chains/43113/addresses/${address(1)}/balances:listErc20`, { contractAddresses: 'usdc' }, 400, "contractAddresses must hold contract addresses, 0x followed by 40 hexadecimal characters (got 'usdc')"],
		[`/v1/chains/43113/addresses/${address(1)}/balances:listErc721`, { blockNumber: '1' }, 400, 'property blockNumber should not exist'],
		[`/v1/chains/43113/addresses/${address(1)}/balances:listErc1155`, { contractAddresses: USDC.address }, 400, 'property contractAddresses should not exist: this list takes one contractAddress'],
		[`/v1/chains/43113/addresses/${address(1)}/balances:listErc1155`, { pageSize: '0' }, 400, 'pageSize must not be less than 1 (got 0)'],
	])('answers %s %j with %i', async (path, query, status, message) => {
		const answer = await get(path, query);
		expect(answer.status).toBe(status);
		expect(answer.body.message.join(' | ')).toContain(message);
	});

	it('needs a key', async () => {
		expect((await call(emulator.url, 'GET', `/v1/chains/43113/addresses/${address(1)}/balances:getNative`)).status).toBe(401);
	});
});
