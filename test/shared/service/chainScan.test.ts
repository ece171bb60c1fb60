/**
 * Long address lists: a poll reads the chain's transactions once and matches them, instead of one
 * read per address, whenever that costs fewer requests or one read per address would not fit the
 * poll's share of Max Requests per Minute. Either way the items are the same, each once.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { AVAX, FUJI, hashesOf, pollParameters, randomAddress, startPollService, USDC, type PollTestService } from '../../AddressActivityPollTrigger/support';

let service: PollTestService;

beforeAll(async () => {
	service = await startPollService();
});

afterAll(async () => {
	await service.close();
});

const idle = (count: number) => Array.from({ length: count }, () => randomAddress());
const paths = (requests: Array<{ path: string }>) => requests.map((request) => request.path.replace(/0x[0-9a-f]{64}$/, '{txHash}'));

/** Transactions of every kind that reach `wallets` only through a token or internal transfer, plus unrelated traffic. */
async function mixedActivity(wallets: string[]): Promise<void> {
	const [alice, bob, carol] = wallets;
	const stranger = randomAddress();
	const activities: IDataObject[] = [
		{ from: randomAddress(), to: alice, value: AVAX.toString() },
		// A token transfer to bob: the transaction itself goes from a stranger to the token contract.
		{
			from: stranger,
			to: USDC,
			value: '0',
			input: '0xa9059cbb',
			erc20Transfers: [{ token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, from: stranger, to: bob, value: '2500000' }],
		},
		// Native value to carol from inside a contract call.
		{ from: stranger, to: randomAddress(), value: '0', input: '0x12345678', internalTransactions: [{ from: stranger, to: carol, value: '5' }] },
		// Between two monitored addresses, in the same block as unrelated traffic.
		{ from: alice, to: bob, value: '7', block: 'head' },
		{ from: randomAddress(), to: randomAddress(), value: '1', block: 'head' },
		{ from: stranger, to: USDC, value: '0', input: '0xa9059cbb', erc20Transfers: [{ token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, from: stranger, to: randomAddress(), value: '1' }] },
		// Failed: no transfer items, but still the wallet's transaction (Raw output).
		{ from: carol, to: randomAddress(), value: AVAX.toString(), status: 'failed' },
	];
	for (const activity of activities) await service.transfer(String(activity.from), String(activity.to), BigInt(String(activity.value)), activity);
}

describe('reading the chain once for a long list', () => {
	it.each(['transfers', 'raw'])('gives the same %s items as reading each address, with requests that do not grow with the list', async (output) => {
		const wallets = [randomAddress(), randomAddress(), randomAddress()];
		const include = { includeInternalTxs: true, output };
		// Three addresses and seven new transactions: reading each address is cheaper.
		const few = service.harness(pollParameters(wallets, include));
		// The same wallets among 2,000 others: reading the chain is cheaper.
		const many = service.harness(pollParameters([...idle(1000), ...wallets, ...idle(1000)], { ...include, options: { maxRequestsPerMinute: 5000 } }));
		await few.activate();
		await many.activate();
		await mixedActivity(wallets);

		await service.takeRequests();
		const perAddress = (await few.poll()).items ?? [];
		expect(paths(await service.takeRequests())).toEqual([
			`/v1/chains/${FUJI}/blocks`,
			...wallets.map((wallet) => `/v1/chains/${FUJI}/addresses/${wallet}/transactions`),
		]);
		const scanned = (await many.poll()).items ?? [];
		// The head, one page of the chain's transactions, and each contract call read whole (3 of 7).
		expect(paths(await service.takeRequests())).toEqual([
			`/v1/chains/${FUJI}/blocks`,
			`/v1/chains/${FUJI}/transactions`,
			...Array(3).fill(`/v1/chains/${FUJI}/transactions/{txHash}`),
		]);

		expect(perAddress.length).toBe(5);
		expect(scanned.map((item) => item.json)).toEqual(perAddress.map((item) => item.json));
		expect(scanned.map((item) => Object.keys(item.json))).toEqual(perAddress.map((item) => Object.keys(item.json)));
	});

	it('puts each transaction out once across polls, and an address added later brings no history', async () => {
		const wallets = [randomAddress(), randomAddress(), randomAddress()];
		const others = idle(500);
		const trigger = service.harness(pollParameters([...wallets, ...others], { options: { maxRequestsPerMinute: 1000 } }));
		await trigger.activate();
		const latecomer = randomAddress();
		const first = await service.transfer(randomAddress(), wallets[0]);
		await service.transfer(latecomer, wallets[1]);
		expect(hashesOf((await trigger.poll()).items)).toEqual([first.txHash, expect.any(String)]);
		// Same block again on the next poll (a quiet chain): nothing repeats.
		expect(await trigger.poll()).toEqual({});

		const before = await service.transfer(latecomer, randomAddress());
		trigger.setParameters(pollParameters([...wallets, ...others, latecomer], { options: { maxRequestsPerMinute: 1000 } }));
		await trigger.poll();
		const after = await service.transfer(latecomer, randomAddress(), BigInt(3));
		const items = (await trigger.poll()).items ?? [];
		expect(hashesOf(items)).toEqual([after.txHash]);
		expect(hashesOf(items)).not.toContain(before.txHash);
	});

	it('keeps to the poll\'s share of Max Requests per Minute: a backlog larger than it is put out over several polls, each transaction once, in chain order', async () => {
		const wallets = [randomAddress(), randomAddress(), randomAddress()];
		const contract = randomAddress();
		// 150 addresses polled every minute with at most 30 requests a minute: one read each would not fit.
		const trigger = service.harness(pollParameters([...wallets, ...idle(147)], { includeInternalTxs: true, options: { maxRequestsPerMinute: 30 } }));
		await expect(trigger.activate()).resolves.toEqual({});
		const hashes: string[] = [];
		for (let index = 0; index < 40; index++) {
			const wallet = wallets[index % wallets.length];
			const tx = await service.transfer(contract, contract, BigInt(0), {
				input: '0x12345678',
				internalTransactions: [{ from: contract, to: wallet, value: String(index + 1) }],
			});
			hashes.push(tx.txHash);
		}

		const polled: INodeExecutionData[][] = [];
		for (let poll = 0; poll < 5; poll++) {
			await service.takeRequests();
			const { items } = await trigger.poll();
			expect((await service.takeRequests()).length).toBeLessThanOrEqual(30);
			if (items) polled.push(items);
		}
		expect(polled.length).toBeGreaterThan(1);
		expect(polled.flatMap(hashesOf)).toEqual(hashes);
	});

	it('reads each address when the chain was busier than the list is long', async () => {
		const wallets = [randomAddress(), randomAddress(), randomAddress(), randomAddress()];
		const trigger = service.harness(pollParameters(wallets));
		await trigger.activate();
		for (let index = 0; index < 6; index++) await service.transfer(randomAddress(), randomAddress());
		const deposit = await service.transfer(randomAddress(), wallets[2]);
		await service.takeRequests();
		expect(hashesOf((await trigger.poll()).items)).toEqual([deposit.txHash]);
		const requests = paths(await service.takeRequests());
		// Seven new transactions (up to 8 requests to read the chain) against 4 addresses.
		expect(requests.filter((path) => path.endsWith('/transactions') && path.includes('/addresses/'))).toHaveLength(4);
		expect(requests).not.toContain(`/v1/chains/${FUJI}/transactions`);
	});

	it('Fetch Test Event with a list longer than a poll may read matches the chain\'s newest transactions', async () => {
		const wallet = randomAddress();
		const deposit = await service.transfer(randomAddress(), wallet, AVAX);
		await service.transfer(randomAddress(), randomAddress());
		const trigger = service.harness(pollParameters([...idle(300), wallet], { options: { maxRequestsPerMinute: 100 } }));
		await service.takeRequests();
		const items = await trigger.fetchTestEvent();
		expect(items.map((item) => [item.json.txHash, item.json.direction, item.json.monitoredAddress])).toEqual([[deposit.txHash, 'in', wallet]]);
		const requests = await service.takeRequests();
		expect(requests.length).toBeLessThanOrEqual(100);
		expect(requests.some((request) => request.path.includes('/addresses/'))).toBe(false);
	});
});
