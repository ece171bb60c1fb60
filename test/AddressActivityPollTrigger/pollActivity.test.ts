/**
 * The poll trigger through n8n-core's PollContext against the emulator over HTTP: where polling
 * starts, each transaction put out exactly once (across polls, blocks, pages, restarts and
 * failures), backfill, and what each poll costs.
 */
import { serviceCall } from '../harness/fixtures';
import { AVAX, FUJI, hashesOf, pollParameters, randomAddress, startPollService, type PollTestService } from './support';

let service: PollTestService;

beforeAll(async () => {
	service = await startPollService();
});

afterAll(async () => {
	await service.close();
});

/** Every transaction hash of an address from a block on, oldest first, read straight from the service. */
async function historyOf(address: string, startBlock: number): Promise<string[]> {
	const hashes: string[] = [];
	let pageToken: string | undefined;
	do {
		const query = new URLSearchParams({ startBlock: String(startBlock), sortOrder: 'asc', pageSize: '100' });
		if (pageToken) query.set('pageToken', pageToken);
		const page = await serviceCall<{ transactions: Array<{ nativeTransaction: { txHash: string } }>; nextPageToken?: string }>(
			service.credentials(service.key),
			'GET',
			`/v1/chains/${FUJI}/addresses/${address}/transactions?${query.toString()}`,
		);
		hashes.push(...page.transactions.map((transaction) => transaction.nativeTransaction.txHash));
		pageToken = page.nextPageToken;
	} while (pageToken);
	return hashes;
}

describe('where polling starts', () => {
	it('starts at the chain head on first activation: no history is put out', async () => {
		const [busiest] = (await service.control.chains()).find((chain) => chain.chainId === FUJI)!.busiestAddresses;
		const trigger = service.harness(pollParameters([busiest.address]));
		await service.takeRequests();

		expect(await trigger.activate()).toEqual({});
		// The head, and the chain's network token (kept for later polls).
		expect((await service.takeRequests()).map((request) => request.path)).toEqual([`/v1/chains/${FUJI}/blocks`, `/v1/chains/${FUJI}`]);
		expect(await trigger.poll()).toEqual({});
		expect(trigger.executions).toHaveLength(0);
	});

	it('backfills from Start From Block: the first poll puts out every transaction from that block on, oldest first', async () => {
		const [, second] = (await service.control.chains()).find((chain) => chain.chainId === FUJI)!.busiestAddresses;
		const expected = await historyOf(second.address, 0);
		expect(expected.length).toBeGreaterThan(100);
		const trigger = service.harness(
			pollParameters([second.address], { output: 'raw', options: { startFromBlock: 0, maxPages: 100 } }),
		);

		const { items } = await trigger.activate();
		expect(items?.map((item) => (item.json.nativeTransaction as { txHash: string }).txHash)).toEqual(expected);
		expect(await trigger.poll()).toEqual({});
	});
});

describe('each transaction is put out exactly once', () => {
	it('puts out new transactions once, in chain order, across polls', async () => {
		const wallet = randomAddress();
		const other = randomAddress();
		const trigger = service.harness(pollParameters([wallet]));
		await trigger.activate();

		const first = await service.transfer(other, wallet, AVAX);
		const second = await service.transfer(wallet, other, AVAX / BigInt(2));
		const poll1 = await trigger.poll();
		expect(poll1.items?.map((item) => [item.json.txHash, item.json.direction, item.json.amount])).toEqual([
			[first.txHash, 'in', '1'],
			[second.txHash, 'out', '0.5'],
		]);
		expect(await trigger.poll()).toEqual({});

		const third = await service.transfer(other, wallet);
		expect(hashesOf((await trigger.poll()).items)).toEqual([third.txHash]);
		expect(trigger.executions).toHaveLength(2);
	});

	it('puts out a transaction between two monitored addresses once: one execution with an out and an in item', async () => {
		const alice = randomAddress();
		const bob = randomAddress();
		const trigger = service.harness(pollParameters([alice, bob]));
		await trigger.activate();

		const { txHash } = await service.transfer(alice, bob);
		const { items } = await trigger.poll();
		expect(items?.map((item) => [item.json.txHash, item.json.direction, item.json.monitoredAddress])).toEqual([
			[txHash, 'out', alice],
			[txHash, 'in', bob],
		]);
		expect(await trigger.poll()).toEqual({});
	});

	it('neither repeats nor skips transactions that share a block across polls', async () => {
		const wallet = randomAddress();
		const other = randomAddress();
		const trigger = service.harness(pollParameters([wallet]));
		await trigger.activate();

		const first = await service.transfer(other, wallet);
		expect(hashesOf((await trigger.poll()).items)).toEqual([first.txHash]);
		// The service lists a second transaction of the same block after the poll had read it.
		const late = await service.transfer(other, wallet, AVAX, { block: 'head' });
		expect(late.blockNumber).toBe(first.blockNumber);
		const next = await service.transfer(other, wallet);
		expect(hashesOf((await trigger.poll()).items)).toEqual([late.txHash, next.txHash]);
		expect(await trigger.poll()).toEqual({});
	});

	it('continues a backlog larger than Max Pages in the next polls, cut inside one block, each transaction once', async () => {
		const wallet = randomAddress();
		const other = randomAddress();
		const trigger = service.harness(pollParameters([wallet], { options: { maxPages: 1 } }));
		await trigger.activate();

		// 150 transactions in one block, then 30 in later blocks.
		const sent: string[] = [(await service.transfer(other, wallet)).txHash];
		for (let i = 1; i < 150; i++) sent.push((await service.transfer(other, wallet, AVAX, { block: 'head' })).txHash);
		for (let i = 0; i < 30; i++) sent.push((await service.transfer(other, wallet)).txHash);

		const perPoll: number[] = [];
		const seen: string[] = [];
		for (let poll = 0; poll < 5; poll++) {
			const { items, error } = await trigger.poll();
			expect(error).toBeUndefined();
			perPoll.push(items?.length ?? 0);
			seen.push(...hashesOf(items));
		}
		expect(perPoll).toEqual([100, 80, 0, 0, 0]);
		expect(seen).toEqual(sent);
	});

	it('puts a transaction of two addresses out once when one of them is still working through a backlog', async () => {
		const busy = randomAddress();
		const quiet = randomAddress();
		const other = randomAddress();
		const trigger = service.harness(pollParameters([busy, quiet], { options: { maxPages: 1 } }));
		await trigger.activate();
		const backlog: string[] = [];
		for (let i = 0; i < 150; i++) backlog.push((await service.transfer(other, busy)).txHash);
		const shared = await service.transfer(busy, quiet);

		// The first poll reads 100 of the busy address's transactions, and the shared one via the other address.
		const first = await trigger.poll();
		expect(hashesOf(first.items)).toEqual([...backlog.slice(0, 100), shared.txHash, shared.txHash]);
		// The next poll reaches the shared transaction through the busy address too: it is not put out again.
		const second = await trigger.poll();
		expect(hashesOf(second.items)).toEqual(backlog.slice(100));
		expect(await trigger.poll()).toEqual({});
	});

	it('follows page tokens within one poll', async () => {
		const wallet = randomAddress();
		const other = randomAddress();
		const trigger = service.harness(pollParameters([wallet]));
		await trigger.activate();
		const sent: string[] = [];
		for (let i = 0; i < 230; i++) sent.push((await service.transfer(other, wallet)).txHash);

		await service.takeRequests();
		expect(hashesOf((await trigger.poll()).items)).toEqual(sent);
		const pages = (await service.takeRequests()).filter((request) => request.path.includes('/addresses/'));
		expect(pages.map((request) => [request.query.pageSize, request.query.pageToken !== undefined])).toEqual([
			['100', false],
			['100', true],
			['100', true],
		]);
		expect(pages.every((request) => request.query.sortOrder === 'asc' && request.statusCode === 200)).toBe(true);
	});

	it('survives an n8n restart: nothing put out before is repeated, nothing that happened meanwhile is skipped', async () => {
		const wallet = randomAddress();
		const other = randomAddress();
		const trigger = service.harness(pollParameters([wallet]));
		await trigger.activate();

		const before = await service.transfer(other, wallet);
		expect(hashesOf((await trigger.poll()).items)).toEqual([before.txHash]);
		// Polls without news move the cursor in memory only; n8n does not save them.
		await service.transfer(other, randomAddress());
		expect(await trigger.poll()).toEqual({});

		const meanwhile = await service.transfer(other, wallet);
		const restarted = await trigger.restart();
		expect(hashesOf(restarted.items)).toEqual([meanwhile.txHash]);
		expect(await trigger.restart()).toEqual({});
		expect(await trigger.poll()).toEqual({});
	});
});

describe('failures', () => {
	afterEach(async () => {
		await service.control.clearFaults();
		await service.control.setRateLimit({ limit: 100_000, windowSeconds: 60 });
	});

	it('waits out a 429 (retry-after) and the poll still puts the transaction out', async () => {
		const wallet = randomAddress();
		const trigger = service.harness(pollParameters([wallet]));
		await trigger.activate();
		const { txHash } = await service.transfer(randomAddress(), wallet);

		await service.control.addFault({ method: 'GET', path: `/v1/chains/${FUJI}/addresses/`, count: 1, status: 429 });
		await service.takeRequests();
		expect(hashesOf((await trigger.poll()).items)).toEqual([txHash]);
		const requests = (await service.takeRequests()).filter((request) => request.path.includes('/addresses/'));
		expect(requests.map((request) => request.statusCode)).toEqual([429, 200]);
	});

	it('a poll that fails keeps the cursor: the next poll puts out what the failed one missed', async () => {
		const wallet = randomAddress();
		const trigger = service.harness(pollParameters([wallet]));
		await trigger.activate();
		const { txHash } = await service.transfer(randomAddress(), wallet);

		// A rate limit that asks for an hour's wait: the transport gives up at once.
		await service.control.setRateLimit({ limit: 1, windowSeconds: 3600 });
		const failed = await trigger.poll();
		expect(failed.error?.message).toMatch(/rate limit was reached and asks to wait \d+ s/);
		await service.control.setRateLimit({ limit: 100_000, windowSeconds: 60 });

		expect(hashesOf((await trigger.poll()).items)).toEqual([txHash]);
		expect(await trigger.poll()).toEqual({});
	});

	it('retries a 5xx and then puts the transaction out', async () => {
		const wallet = randomAddress();
		const trigger = service.harness(pollParameters([wallet]));
		await trigger.activate();
		const { txHash } = await service.transfer(randomAddress(), wallet);
		await service.control.addFault({ method: 'GET', path: `/v1/chains/${FUJI}/blocks`, count: 1, status: 503 });
		expect(hashesOf((await trigger.poll()).items)).toEqual([txHash]);
	});

	it('a read the service does not answer ends at the poll\'s deadline: the poll keeps what it read, and the next poll reads the rest', async () => {
		const [quick, slow] = [randomAddress(), randomAddress()];
		// n8n gives each poll 20 s here: reading may take half of it.
		const trigger = service.harness(pollParameters([quick, slow]), { pollBudgetMs: 20_000 });
		await trigger.activate();
		const toQuick = await service.transfer(randomAddress(), quick);
		const toSlow = await service.transfer(randomAddress(), slow);
		// The service holds its answer to the read of `slow` for ten minutes, far past the poll's time.
		await service.control.addFault({ method: 'GET', path: `/v1/chains/${FUJI}/addresses/${slow}/`, count: 1, delayMs: 600_000 });
		await service.takeRequests();

		const cut = await trigger.poll();
		expect(cut.error).toBeUndefined();
		expect(hashesOf(cut.items)).toEqual([toQuick.txHash]);
		// The held read was sent once, neither waited for past the deadline nor sent again.
		const reads = (await service.takeRequests()).filter((request) => request.path.includes('/addresses/'));
		expect(reads.map((request) => request.path.includes(slow))).toEqual([false, true]);

		expect(hashesOf((await trigger.poll()).items)).toEqual([toSlow.txHash]);
		expect(await trigger.poll()).toEqual({});
	}, 120_000);
});

describe('changes to the parameters', () => {
	it('starts an address added later at the head, and forgets a removed one', async () => {
		const first = randomAddress();
		const added = randomAddress();
		const other = randomAddress();
		const trigger = service.harness(pollParameters([first]));
		await trigger.activate();
		await service.transfer(other, added); // before it is monitored

		trigger.setParameters(pollParameters([first, added]));
		expect(await trigger.poll()).toEqual({});
		const later = await service.transfer(other, added);
		expect(hashesOf((await trigger.poll()).items)).toEqual([later.txHash]);

		trigger.setParameters(pollParameters([added]));
		await trigger.poll();
		expect(Object.keys((trigger.state.polls as Record<string, { cursors: object }>)[FUJI].cursors)).toEqual([added]);
	});

	it('starts over at the head of another chain', async () => {
		const wallet = randomAddress();
		const trigger = service.harness(pollParameters([wallet]));
		await trigger.activate();
		await service.transfer(randomAddress(), wallet);
		trigger.setParameters(pollParameters([wallet], { chainId: { __rl: true, mode: 'id', value: '43114' } }));
		expect(await trigger.poll()).toEqual({});
		// One cursor state per chain: the chain no longer polled is forgotten.
		expect(Object.keys(trigger.state.polls as object)).toEqual(['43114']);
	});

	it('replays from a new Start From Block', async () => {
		const wallet = randomAddress();
		const trigger = service.harness(pollParameters([wallet]));
		await trigger.activate();
		const first = await service.transfer(randomAddress(), wallet);
		const second = await service.transfer(randomAddress(), wallet);
		expect(hashesOf((await trigger.poll()).items)).toEqual([first.txHash, second.txHash]);

		trigger.setParameters(pollParameters([wallet], { options: { startFromBlock: Number(second.blockNumber) } }));
		expect(hashesOf((await trigger.poll()).items)).toEqual([second.txHash]);
		expect(await trigger.poll()).toEqual({});
	});
});

describe('what a poll costs', () => {
	it('three addresses: a poll on an unchanged chain sends one request; on a moved chain one more per address', async () => {
		const wallets = [randomAddress(), randomAddress(), randomAddress()];
		const trigger = service.harness(pollParameters(wallets));
		await trigger.activate();
		await service.takeRequests();

		expect(await trigger.poll()).toEqual({});
		expect(await service.takeRequests()).toHaveLength(1);

		await service.transfer(randomAddress(), wallets[1]);
		await trigger.poll();
		const requests = await service.takeRequests();
		expect(requests.map((request) => request.path)).toEqual([
			`/v1/chains/${FUJI}/blocks`,
			...wallets.map((wallet) => `/v1/chains/${FUJI}/addresses/${wallet}/transactions`),
		]);
		expect(requests.every((request) => request.query.pageSize === (request.path.endsWith('/blocks') ? '1' : '100'))).toBe(true);
	});

	// One address: the head and its transactions; more: the head and one page of the chain's
	// transactions. `npm run bench:addresses` prints the same for 100,000 addresses, with the time.
	it.each([1, 10, 100, 10_000])('%d addresses: activation 2 requests, a quiet chain 1, a new block 2 (from 10 addresses on, the chain read once)', async (count) => {
		const wallets = Array.from({ length: count }, () => randomAddress());
		const trigger = service.harness(pollParameters(wallets));
		await service.takeRequests();
		await trigger.activate();
		expect(await service.takeRequests()).toHaveLength(2);
		await trigger.poll();
		expect(await service.takeRequests()).toHaveLength(1);
		// A new block with one transaction of one of the addresses.
		await service.transfer(randomAddress(), wallets[0]);
		await service.takeRequests();
		await trigger.poll();
		expect((await service.takeRequests()).map((request) => request.path)).toEqual([
			`/v1/chains/${FUJI}/blocks`,
			count === 1 ? `/v1/chains/${FUJI}/addresses/${wallets[0]}/transactions` : `/v1/chains/${FUJI}/transactions`,
		]);
	});
});
