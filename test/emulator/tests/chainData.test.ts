import { startEmulator, type RunningEmulator } from '../index';
import { call, UUID } from './harness';

const HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;
const DECIMAL = /^\d+$/;

describe('chain data routes', () => {
	let emulator: RunningEmulator;
	const key = 'reader';
	const get = (path: string, query: Record<string, string | number | undefined> = {}) => call(emulator.url, 'GET', path, { key, query });

	beforeAll(async () => {
		emulator = await startEmulator({ apiKeys: [{ key, privileges: ['read'] }], rateLimit: { limit: 100_000, windowSeconds: 60 } });
	});
	afterAll(() => emulator.close());

	describe('chains', () => {
		it('lists the chains with their shape, filtered by network and feature', async () => {
			const all = await get('/v1/chains');
			expect(all.status).toBe(200);
			const ids = all.body.chains.map((chain: { chainId: string }) => chain.chainId);
			expect(ids).toEqual(expect.arrayContaining(['43114', '43113']));
			expect(all.body.nextPageToken).toBeUndefined();
			expect(all.body.chains[0]).toMatchObject({
				chainId: '43114',
				status: 'OK',
				chainName: expect.any(String),
				description: expect.any(String),
				vmName: 'EVM',
				rpcUrl: expect.stringMatching(/^https:/),
				isTestnet: false,
				networkToken: { name: 'Avalanche', symbol: 'AVAX', decimals: 18, logoUri: expect.any(String) },
				enabledFeatures: expect.arrayContaining(['webhooks']),
			});
			const webhooks = await get('/v1/chains', { feature: 'webhooks' });
			expect(webhooks.body.chains.map((chain: { chainId: string }) => chain.chainId).sort()).toEqual(['43113', '43114']);
			const fuji = await get('/v1/chains', { network: 'fuji' });
			expect(fuji.body.chains.every((chain: { isTestnet: boolean }) => chain.isTestnet)).toBe(true);
			expect(fuji.body.chains.map((chain: { chainId: string }) => chain.chainId)).toContain('43113');
			const mainnet = await get('/v1/chains', { network: 'mainnet', feature: 'webhooks' });
			expect(mainnet.body.chains.map((chain: { chainId: string }) => chain.chainId)).toEqual(['43114']);
		});

		it('answers 400 for an unknown network or feature filter', async () => {
			const network = await get('/v1/chains', { network: 'moon' });
			expect(network.status).toBe(400);
			expect(network.body.message[0]).toContain('network must be one of the following values: mainnet, fuji, testnet');
			expect((await get('/v1/chains', { feature: 'teleportation' })).status).toBe(400);
		});

		it('gets one chain, 404 for an unknown one, 400 for a malformed id', async () => {
			const chain = await get('/v1/chains/43113');
			expect(chain.body).toMatchObject({ chainId: '43113', isTestnet: true });
			const unknown = await get('/v1/chains/999999');
			expect(unknown.status).toBe(404);
			expect(unknown.body).toEqual({ message: ['chain 999999 was not found'], error: 'Not Found', statusCode: 404 });
			expect((await get('/v1/chains/avalanche')).status).toBe(400);
		});

		it('answers 503 on the data routes of a chain whose node is unavailable, and 400 for an unsupported chain', async () => {
			const down = await get('/v1/chains/11111/blocks');
			expect(down.status).toBe(503);
			expect(down.body.error).toBe('Service Unavailable');
			const unsupported = await get('/v1/chains/1/transactions');
			expect(unsupported.status).toBe(400);
			expect(unsupported.body.message).toEqual(['chainId 1 is not a supported chain']);
		});
	});

	describe('blocks', () => {
		it('lists blocks newest first with the block shape, and gets one by number and by hash', async () => {
			const list = await get('/v1/chains/43114/blocks', { pageSize: 3 });
			const [newest, older] = list.body.blocks;
			expect(newest).toEqual({
				chainId: '43114',
				blockNumber: expect.stringMatching(DECIMAL),
				blockTimestamp: expect.any(Number),
				blockHash: expect.stringMatching(HASH),
				txCount: expect.any(Number),
				baseFee: expect.stringMatching(DECIMAL),
				gasUsed: expect.stringMatching(DECIMAL),
				gasLimit: expect.stringMatching(DECIMAL),
				gasCost: expect.stringMatching(DECIMAL),
				parentHash: expect.stringMatching(HASH),
				feesSpent: expect.stringMatching(DECIMAL),
				cumulativeTransactions: expect.stringMatching(DECIMAL),
			});
			expect(Number(older.blockNumber)).toBe(Number(newest.blockNumber) - 1);
			expect(newest.parentHash).toBe(older.blockHash);
			expect(newest.blockTimestamp).toBeGreaterThanOrEqual(older.blockTimestamp);

			expect((await get(`/v1/chains/43114/blocks/${older.blockNumber}`)).body).toEqual(older);
			expect((await get(`/v1/chains/43114/blocks/${older.blockHash}`)).body).toEqual(older);
		});

		it('answers 404 for a missing block and 400 for a malformed block id', async () => {
			const missing = await get('/v1/chains/43114/blocks/1');
			expect(missing.status).toBe(404);
			expect(missing.body.message).toEqual(['block 1 was not found on chain 43114']);
			expect((await get('/v1/chains/43114/blocks/latest')).status).toBe(400);
		});
	});

	describe('transactions', () => {
		it('lists the latest transactions, filtered by status', async () => {
			const failed = await get('/v1/chains/43114/transactions', { status: 'failed', pageSize: 50 });
			expect(failed.body.transactions).toHaveLength(50);
			expect(failed.body.transactions.every((tx: { txStatus: string }) => tx.txStatus === '0')).toBe(true);
			const success = await get('/v1/chains/43114/transactions', { status: 'success', pageSize: 50 });
			expect(success.body.transactions.every((tx: { txStatus: string }) => tx.txStatus === '1')).toBe(true);
			expect((await get('/v1/chains/43114/transactions', { status: 'pending' })).status).toBe(400);
			const tx = success.body.transactions[0];
			expect(tx).toMatchObject({
				blockNumber: expect.stringMatching(DECIMAL),
				blockTimestamp: expect.any(Number),
				blockHash: expect.stringMatching(HASH),
				chainId: '43114',
				blockIndex: expect.any(Number),
				txHash: expect.stringMatching(HASH),
				txType: 2,
				gasLimit: expect.stringMatching(DECIMAL),
				gasUsed: expect.stringMatching(DECIMAL),
				gasPrice: expect.stringMatching(DECIMAL),
				nonce: expect.stringMatching(DECIMAL),
				from: { address: expect.stringMatching(ADDRESS) },
				to: { address: expect.stringMatching(ADDRESS) },
				method: { callType: expect.any(String), methodHash: expect.any(String) },
				value: expect.stringMatching(DECIMAL),
			});
		});

		it('has native transfers, ERC-20 transfers, internal transactions and NFT transfers in its history', async () => {
			const kinds = new Set<string>();
			let pageToken: string | undefined;
			const samples: Record<string, string> = {};
			for (let page = 0; page < 3; page++) {
				const answer = await get('/v1/chains/43114/transactions', { pageSize: 100, pageToken });
				for (const tx of answer.body.transactions) {
					kinds.add(tx.method.callType);
					samples[tx.method.methodHash] ??= tx.txHash;
				}
				pageToken = answer.body.nextPageToken;
			}
			expect(kinds).toEqual(new Set(['NATIVE_TRANSFER', 'CONTRACT_CALL']));

			const erc20 = await get(`/v1/chains/43114/transactions/${samples['0xa9059cbb']}`);
			expect(erc20.status).toBe(200);
			expect(erc20.body.nativeTransaction).toMatchObject({ txHash: samples['0xa9059cbb'], input: expect.stringMatching(/^0xa9059cbb/) });
			expect(erc20.body.networkTokenDetails.networkToken.symbol).toBe('AVAX');
			if (erc20.body.nativeTransaction.txStatus === '1') {
				expect(erc20.body.erc20Transfers[0]).toMatchObject({
					from: { address: expect.stringMatching(ADDRESS) },
					to: { address: expect.stringMatching(ADDRESS) },
					logIndex: expect.any(Number),
					value: expect.stringMatching(DECIMAL),
					erc20Token: { address: expect.stringMatching(ADDRESS), name: expect.any(String), symbol: expect.any(String), decimals: expect.any(Number), ercType: 'ERC-20' },
				});
			}
			const swap = await get(`/v1/chains/43114/transactions/${samples['0x7ff36ab5']}`);
			expect(swap.body.internalTransactions.map((itx: { internalTxType: string }) => itx.internalTxType)).toEqual(['CALL', 'CALL', 'DELEGATECALL']);
			expect(swap.body.erc20Transfers).toHaveLength(1);
			const nft = await get(`/v1/chains/43114/transactions/${samples['0x23b872dd']}`);
			expect(nft.body.erc721Transfers[0].erc721Token).toMatchObject({ ercType: 'ERC-721', tokenId: expect.stringMatching(DECIMAL) });
			const native = await get(`/v1/chains/43114/transactions/${samples['']}`);
			expect(native.body.erc20Transfers).toBeUndefined();
			expect(BigInt(native.body.nativeTransaction.value)).toBeGreaterThan(0n);
		});

		it('answers 400 for a malformed hash and 404 for an unknown one', async () => {
			expect((await get('/v1/chains/43114/transactions/0x1234')).status).toBe(400);
			const unknown = await get(`/v1/chains/43114/transactions/0x${'0'.repeat(64)}`);
			expect(unknown.status).toBe(404);
			expect(unknown.body.error).toBe('Not Found');
		});
	});

	describe('transactions of an address', () => {
		let busiest: string;
		beforeAll(async () => {
			const summary = await call(emulator.url, 'GET', '/_emulator/chains');
			busiest = summary.body.chains.find((chain: { chainId: string }) => chain.chainId === '43114').busiestAddresses[0].address;
		});

		it('lists every transaction the address takes part in, newest first, across pages', async () => {
			const blocks: number[] = [];
			let pageToken: string | undefined;
			do {
				const answer = await get(`/v1/chains/43114/addresses/${busiest.toUpperCase().replace('0X', '0x')}/transactions`, { pageSize: 100, pageToken });
				expect(answer.status).toBe(200);
				for (const item of answer.body.transactions) blocks.push(Number(item.nativeTransaction.blockNumber));
				pageToken = answer.body.nextPageToken;
			} while (pageToken);
			expect(blocks.length).toBeGreaterThan(100);
			expect([...blocks].sort((a, b) => b - a)).toEqual(blocks);
		});

		it('honours startBlock, endBlock and sortOrder', async () => {
			const newest = await get(`/v1/chains/43114/addresses/${busiest}/transactions`, { pageSize: 20 });
			const top = Number(newest.body.transactions[0].nativeTransaction.blockNumber);
			const startBlock = top - 300;
			const endBlock = top - 100;
			const ranged = await get(`/v1/chains/43114/addresses/${busiest}/transactions`, { startBlock, endBlock, sortOrder: 'asc', pageSize: 100 });
			const numbers = ranged.body.transactions.map((item: { nativeTransaction: { blockNumber: string } }) => Number(item.nativeTransaction.blockNumber));
			expect(numbers.length).toBeGreaterThan(0);
			expect(numbers.every((n: number) => n >= startBlock && n <= endBlock)).toBe(true);
			expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
		});

		it.each([
			['a malformed address', '0x12', {}, 'invalid address format'],
			['a negative startBlock', null, { startBlock: -1 }, 'startBlock must be a non-negative integer'],
			['startBlock above endBlock', null, { startBlock: 10, endBlock: 5 }, 'startBlock (10) must not be greater than endBlock (5)'],
			['an unknown sortOrder', null, { sortOrder: 'newest' }, 'sortOrder must be one of the following values: asc, desc'],
		])('answers 400 for %s', async (_label, address, query, message) => {
			const answer = await get(`/v1/chains/43114/addresses/${address ?? `0x${'1'.repeat(40)}`}/transactions`, query as Record<string, number>);
			expect(answer.status).toBe(400);
			expect(answer.body.message[0]).toContain(message);
		});

		it('returns an empty list for an address without activity', async () => {
			const answer = await get(`/v1/chains/43114/addresses/0x${'9'.repeat(40)}/transactions`);
			expect(answer.body).toEqual({ transactions: [] });
		});
	});

	describe('UTXOs', () => {
		const pAddress = 'avax1qr4kys0hxjx9sftz5mkmglpjj7mzl2yv8v5vtn';
		it('lists UTXOs of primary network addresses with pages and chainInfo, stable per address', async () => {
			const first = await get(`/v1/networks/mainnet/blockchains/p-chain/utxos`, { addresses: `P-${pAddress}`, includeSpent: 'true', pageSize: 5 });
			expect(first.status).toBe(200);
			expect(first.body.chainInfo).toEqual({ chainName: 'p-chain', network: 'mainnet' });
			expect(first.body.utxos.length).toBeGreaterThan(0);
			expect(first.body.utxos[0]).toMatchObject({
				addresses: [pAddress],
				asset: { assetId: expect.any(String), symbol: 'AVAX', denomination: 9, amount: expect.stringMatching(DECIMAL) },
				utxoId: expect.any(String),
				txHash: expect.any(String),
				outputIndex: expect.any(Number),
				blockTimestamp: expect.any(Number),
			});
			if (first.body.nextPageToken) expect(first.body.nextPageToken).toMatch(UUID);
			const again = await get(`/v1/networks/mainnet/blockchains/p-chain/utxos`, { addresses: pAddress, includeSpent: 'true', pageSize: 5 });
			expect(again.body.utxos).toEqual(first.body.utxos);
			const unspent = await get(`/v1/networks/mainnet/blockchains/p-chain/utxos`, { addresses: pAddress, pageSize: 100 });
			expect(unspent.body.utxos.every((utxo: { consumingTxHash?: string }) => utxo.consumingTxHash === undefined)).toBe(true);
		});

		it.each([
			['/v1/networks/devnet/blockchains/p-chain/utxos', { addresses: pAddress }, 'network must be one of the following values: mainnet, fuji'],
			['/v1/networks/mainnet/blockchains/q-chain/utxos', { addresses: pAddress }, 'blockchainId must be'],
			['/v1/networks/mainnet/blockchains/p-chain/utxos', {}, 'addresses is required'],
			['/v1/networks/mainnet/blockchains/p-chain/utxos', { addresses: 'avax1short' }, "invalid address format: 'avax1short'"],
			['/v1/networks/fuji/blockchains/x-chain/utxos', { addresses: pAddress }, 'is not a fuji primary network address'],
		])('answers 400 for %s %j', async (path, query, message) => {
			const answer = await get(path, query);
			expect(answer.status).toBe(400);
			expect(answer.body.message[0]).toContain(message);
		});
	});

	describe('determinism', () => {
		it('serves the same synthetic chain for the same seed and a different one for another seed', async () => {
			const same = await startEmulator({ apiKeys: [{ key }] });
			const other = await startEmulator({ apiKeys: [{ key }], seed: 2 });
			try {
				const page = async (base: string) => (await call(base, 'GET', '/v1/chains/43114/transactions', { key, query: { pageSize: 20 } })).body.transactions;
				const ours = await page(emulator.url);
				expect(await page(same.url)).toEqual(ours);
				expect((await page(other.url))[0].txHash).not.toBe(ours[0].txHash);
			} finally {
				await Promise.all([same.close(), other.close()]);
			}
		});
	});
});
