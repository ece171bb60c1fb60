// The chain-data reads of the poll trigger and the catch-up, against the emulator over HTTP through
// n8n-core's LoadOptionsContext; answers the service would not give come from a server that is not it.
import type { IDataObject } from 'n8n-workflow';

import {
	byChainOrder,
	fetchAddressTransactions,
	fetchBlock,
	fetchChainTransactions,
	fetchFirstBlockSince,
	fetchHeadBlock,
	fetchNativeToken,
	fetchTransaction,
	type ListedTransaction,
} from '../../../nodes/shared/service/chainData';
import { loadOptionsContext } from '../../harness/contexts';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { randomAddress, serviceCall, startTestService, type TestService } from '../../harness/fixtures';
import { startForeignServer } from '../../harness/foreignServers';

const FUJI = '43113';
let service: TestService;
let credentials: AddressActivityCredentialData;
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
});
afterAll(async () => {
	await service.close();
});

const context = () => loadOptionsContext(credentials);

describe('blocks', () => {
	it('the head: the newest block with the chain\'s transaction count through it', async () => {
		const { txHash, blockNumber } = await service.control.activity({ chainId: FUJI, from: randomAddress(), to: randomAddress(), value: '1' });
		const [fuji] = (await service.control.chains()).filter((chain) => chain.chainId === FUJI);
		const head = await fetchHeadBlock(context(), FUJI);
		const { body } = await service.control.service<{ blockTimestamp: number }>(credentials.apiKey, 'GET', `/v1/chains/${FUJI}/blocks/${blockNumber}`);
		expect(head).toEqual({ number: Number(blockNumber), transactionsThrough: fuji.transactions, txCount: 1, timestamp: body.blockTimestamp });
		expect(Number.isInteger(head.timestamp)).toBe(true);
		expect(txHash).toMatch(/^0x/);
		expect(await fetchBlock(context(), FUJI, head.number)).toEqual(head);
	});

	it('the first block made at or after a time, among the newest page; the block after the head when the head is older', async () => {
		// Three blocks ten seconds apart on the emulator's clock.
		const made: Array<{ number: number; at: number }> = [];
		for (let i = 0; i < 3; i++) {
			await service.control.advanceClock(10_000);
			const { blockNumber } = await service.control.activity({ chainId: FUJI, from: randomAddress(), to: randomAddress(), value: '1' });
			const block = await serviceCall<{ blockTimestamp: number }>(credentials, 'GET', `/v1/chains/${FUJI}/blocks/${blockNumber}`);
			made.push({ number: Number(blockNumber), at: block.blockTimestamp * 1000 });
		}
		expect(await fetchFirstBlockSince(context(), FUJI, made[1].at)).toBe(made[1].number);
		expect(await fetchFirstBlockSince(context(), FUJI, made[1].at - 1000)).toBe(made[1].number);
		expect(await fetchFirstBlockSince(context(), FUJI, made[2].at + 1000)).toBe(made[2].number + 1);
	});

	it('refuses a block without a valid block number, naming the chain', async () => {
		const elsewhere = await startForeignServer(200, JSON.stringify({ blocks: [{ blockNumber: 'latest' }] }), 'application/json');
		try {
			const failure = fetchHeadBlock(loadOptionsContext({ apiKey: 'k', baseUrl: elsewhere.url }), FUJI);
			await expect(failure).rejects.toThrow(`The service listed a block without a valid block number on chain ${FUJI}`);
			await expect(failure).rejects.toMatchObject({ description: 'Block number received: "latest"' });
		} finally {
			await elsewhere.close();
		}
	});
});

describe('transactions', () => {
	it('an address\'s transactions in chain order between two blocks, checked for the mapping and kept as sent', async () => {
		const wallet = randomAddress();
		const blocks: number[] = [];
		for (const value of ['1', '2', '3']) blocks.push(Number((await service.control.activity({ chainId: FUJI, from: randomAddress(), to: wallet, value })).blockNumber));
		await service.control.activity({ chainId: FUJI, from: wallet, to: randomAddress(), value: '4', block: 'head' });
		await service.control.clearRequests();
		const page = await fetchAddressTransactions(context(), { chainId: FUJI, address: wallet, sortOrder: 'asc', startBlock: blocks[1] });
		expect(page.entries.map((entry) => entry.parsed.nativeTransaction.value)).toEqual(['2', '3', '4']);
		expect(page.entries[2].parsed.nativeTransaction.from).toBe(wallet);
		expect((page.entries[0].raw.nativeTransaction as IDataObject).from).toMatchObject({ address: expect.any(String) });
		expect(page.nextPageToken).toBeUndefined();
		const [request] = await service.control.requests();
		expect(request.query).toEqual({ sortOrder: 'asc', startBlock: String(blocks[1]), pageSize: '100' });
	});

	it('pages an address\'s transactions with the page size given', async () => {
		const wallet = randomAddress();
		for (const value of ['1', '2', '3']) await service.control.activity({ chainId: FUJI, from: randomAddress(), to: wallet, value });
		const first = await fetchAddressTransactions(context(), { chainId: FUJI, address: wallet, sortOrder: 'desc', pageSize: 2 });
		expect(first.entries.map((entry) => entry.parsed.nativeTransaction.value)).toEqual(['3', '2']);
		const second = await fetchAddressTransactions(context(), { chainId: FUJI, address: wallet, sortOrder: 'desc', pageSize: 2, pageToken: first.nextPageToken });
		expect(second.entries.map((entry) => entry.parsed.nativeTransaction.value)).toEqual(['1']);
	});

	it('refuses a page with a transaction it cannot read, saying nothing was put out', async () => {
		const elsewhere = await startForeignServer(200, JSON.stringify({ transactions: [{ nativeTransaction: { txHash: '' } }] }), 'application/json');
		try {
			const failure = fetchAddressTransactions(loadOptionsContext({ apiKey: 'k', baseUrl: elsewhere.url }), { chainId: FUJI, address: '0xabc', sortOrder: 'asc' });
			await expect(failure).rejects.toThrow(/^The service listed a transaction of 0xabc that cannot be read: nativeTransaction\.txHash: /);
			await expect(failure).rejects.toMatchObject({ description: `Transaction 1 of a page on chain ${FUJI}. Nothing was put out; the next poll reads the same transactions again.` });
		} finally {
			await elsewhere.close();
		}
	});

	it('one page of the chain\'s transactions, newest first, and one transaction with its transfers', async () => {
		const { txHash } = await service.control.activity({ chainId: FUJI, from: randomAddress(), to: randomAddress(), value: '9' });
		const page = await fetchChainTransactions(context(), FUJI);
		expect(page.entries).toHaveLength(100);
		expect(page.entries[0].txHash).toBe(txHash);
		expect(page.nextPageToken).toEqual(expect.any(String));
		const transaction = await fetchTransaction(context(), FUJI, txHash);
		expect(transaction.nativeTransaction).toMatchObject({ txHash, value: '9' });
	});

	it('orders listed transactions by block, then position in the block', () => {
		const listed = (blockNumber: number, blockIndex?: number) => ({ parsed: { nativeTransaction: { blockNumber, blockIndex } } }) as unknown as ListedTransaction;
		const sorted = [listed(5, 1), listed(4), listed(5, 0), listed(3, 9)].sort(byChainOrder);
		expect(sorted.map((entry) => [entry.parsed.nativeTransaction.blockNumber, entry.parsed.nativeTransaction.blockIndex])).toEqual([
			[3, 9],
			[4, undefined],
			[5, 0],
			[5, 1],
		]);
	});
});

describe('fetchNativeToken', () => {
	it('gives the chain\'s native token name, symbol and decimals', async () => {
		expect(await fetchNativeToken.call(context(), '432204')).toEqual({ name: 'Dexalot', symbol: 'ALOT', decimals: 18 });
	});
});
