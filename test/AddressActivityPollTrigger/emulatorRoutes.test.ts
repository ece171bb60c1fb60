/**
 * The emulator's chain routes as the poll trigger reads them, with injected activity: the newest
 * block, an address's transactions in a block range, oldest first, over page tokens, and several
 * transactions in one block.
 */
import { serviceCall } from '../harness/fixtures';
import { FUJI, randomAddress, startPollService, type PollTestService } from './support';

let service: PollTestService;

beforeAll(async () => {
	service = await startPollService();
});

afterAll(async () => {
	await service.close();
});

interface Listed {
	transactions: Array<{ nativeTransaction: { txHash: string; blockNumber: string; blockIndex: number; from: { address: string } } }>;
	nextPageToken?: string;
}

const get = <T>(path: string) => serviceCall<T>(service.credentials(service.key), 'GET', path);

describe('injected activity in the chain routes', () => {
	it('is the newest block, and is listed for its address in the block range, oldest first', async () => {
		const wallet = randomAddress();
		const first = await service.transfer(randomAddress(), wallet);
		const second = await service.transfer(wallet, randomAddress());
		const { blocks } = await get<{ blocks: Array<{ blockNumber: string; txCount: number }> }>(`/v1/chains/${FUJI}/blocks?pageSize=1`);
		expect(blocks).toEqual([expect.objectContaining({ blockNumber: second.blockNumber, txCount: 1 })]);

		const range = `startBlock=${first.blockNumber}&endBlock=${second.blockNumber}`;
		const ascending = await get<Listed>(`/v1/chains/${FUJI}/addresses/${wallet}/transactions?${range}&sortOrder=asc`);
		expect(ascending.transactions.map((listed) => listed.nativeTransaction.txHash)).toEqual([first.txHash, second.txHash]);
		const onlyFirst = await get<Listed>(`/v1/chains/${FUJI}/addresses/${wallet}/transactions?endBlock=${first.blockNumber}&sortOrder=asc`);
		expect(onlyFirst.transactions.map((listed) => listed.nativeTransaction.txHash)).toEqual([first.txHash]);
	});

	it('joins the newest block with block "head": same block number, next position, one more transaction in the block', async () => {
		const wallet = randomAddress();
		const first = await service.transfer(randomAddress(), wallet);
		const joined = await service.transfer(randomAddress(), wallet, BigInt(1), { block: 'head' });
		expect(joined.blockNumber).toBe(first.blockNumber);
		const block = await get<{ txCount: number }>(`/v1/chains/${FUJI}/blocks/${first.blockNumber}`);
		expect(block.txCount).toBe(2);
		const listed = await get<Listed>(`/v1/chains/${FUJI}/addresses/${wallet}/transactions?sortOrder=asc`);
		expect(listed.transactions.map((entry) => [entry.nativeTransaction.txHash, entry.nativeTransaction.blockIndex])).toEqual([
			[first.txHash, 0],
			[joined.txHash, 1],
		]);
		// The same transaction by hash, and delivered like any other (a transfer of a monitored address).
		const byHash = await get<{ nativeTransaction: { blockNumber: string } }>(`/v1/chains/${FUJI}/transactions/${joined.txHash}`);
		expect(byHash.nativeTransaction.blockNumber).toBe(first.blockNumber);
	});

	it('follows page tokens of a block-range query while activity keeps arriving, without repeats or gaps', async () => {
		const wallet = randomAddress();
		const sent: string[] = [];
		for (let i = 0; i < 25; i++) sent.push((await service.transfer(randomAddress(), wallet)).txHash);
		const { blockNumber: head } = await service.transfer(randomAddress(), randomAddress());
		const query = `startBlock=0&endBlock=${head}&sortOrder=asc&pageSize=10`;
		const seen: string[] = [];
		let page = await get<Listed>(`/v1/chains/${FUJI}/addresses/${wallet}/transactions?${query}`);
		seen.push(...page.transactions.map((entry) => entry.nativeTransaction.txHash));
		while (page.nextPageToken) {
			// A new transaction of the address after the range: not part of this walk.
			await service.transfer(randomAddress(), wallet);
			page = await get<Listed>(`/v1/chains/${FUJI}/addresses/${wallet}/transactions?${query}&pageToken=${page.nextPageToken}`);
			seen.push(...page.transactions.map((entry) => entry.nativeTransaction.txHash));
		}
		expect(seen).toEqual(sent);
	});
});
