/**
 * What a user sets on the poll trigger: Fetch Test Event, Output, Filters, more addresses than a
 * poll may send requests (parameters rejected before anything is sent: readParameters.test.ts; the
 * request share of each poll from the Poll Times: pollRate.test.ts).
 */
import { FUJI, hashesOf, pollParameters, randomAddress, startPollService, USDC, type PollTestService } from './support';

let service: PollTestService;

beforeAll(async () => {
	service = await startPollService();
});

afterAll(async () => {
	await service.close();
});

describe('Fetch Test Event (manual mode)', () => {
	it('returns the latest transfers of the addresses at once, oldest first, and leaves the cursor alone', async () => {
		const alice = randomAddress();
		const bob = randomAddress();
		const sent: string[] = [];
		for (let i = 0; i < 12; i++) sent.push((await service.transfer(randomAddress(), i % 2 ? alice : bob)).txHash);
		const trigger = service.harness(pollParameters([alice, bob]));

		await service.takeRequests();
		const items = await trigger.fetchTestEvent();
		// The 10 newest transactions of the two addresses, one item each.
		expect(hashesOf(items)).toEqual(sent.slice(2));
		expect(items[0].json).toMatchObject({ direction: 'in', assetType: 'native', amount: '1', symbol: 'AVAX', messageId: null, webhookId: null });
		const requests = await service.takeRequests();
		expect(requests.map((request) => [request.path.split('/').slice(-2).join('/'), request.query.sortOrder, request.query.pageSize])).toEqual([
			['chains/43113', undefined, undefined],
			[`${alice}/transactions`, 'desc', '10'],
			[`${bob}/transactions`, 'desc', '10'],
		]);
		expect(trigger.state).toEqual({});

		// Activation afterwards still starts at the head.
		expect(await trigger.activate()).toEqual({});
	});

	it('says so when the addresses have no transfers, naming the chain', async () => {
		const trigger = service.harness(pollParameters([randomAddress()]));
		await expect(trigger.fetchTestEvent()).rejects.toThrow('No transfers found in the latest transactions of these addresses');
		await expect(trigger.fetchTestEvent()).rejects.toMatchObject({ description: expect.stringContaining('chain 43113') });
	});
});

describe('Output and Filters', () => {
	it('Raw Transaction puts out one item per transaction, as the chain data lists it', async () => {
		const wallet = randomAddress();
		const trigger = service.harness(pollParameters([wallet], { output: 'raw' }));
		await trigger.activate();
		const { txHash } = await service.transfer(wallet, randomAddress());
		const { items } = await trigger.poll();
		expect(items?.map((item) => item.json)).toEqual([
			expect.objectContaining({ nativeTransaction: expect.objectContaining({ txHash, from: { address: wallet } }) }),
		]);
	});

	it('applies the webhook trigger\'s Filters: directions, asset types, minimum amount, token contracts', async () => {
		const wallet = randomAddress();
		const other = randomAddress();
		const trigger = service.harness(
			pollParameters([wallet], { filters: { directions: ['in'], assetTypes: ['erc20'], minimumAmount: '2', contracts: USDC.toUpperCase().replace('0X', '0x') } }),
		);
		await trigger.activate();
		const usdc = { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 };
		await service.transfer(wallet, other); // out, native
		await service.transfer(other, USDC, BigInt(0), { erc20Transfers: [{ token: usdc, from: other, to: wallet, value: '1500000' }] }); // 1.5
		const big = await service.transfer(other, USDC, BigInt(0), { erc20Transfers: [{ token: usdc, from: other, to: wallet, value: '2000000' }] });
		const { items } = await trigger.poll();
		expect(items?.map((item) => [item.json.txHash, item.json.amount, item.json.symbol])).toEqual([[big.txHash, '2', 'USDC']]);
		// Filtered-out transactions were read: they do not come back.
		expect(await trigger.poll()).toEqual({});
	});

	it('shows internal transfers only with Include Internal Transactions', async () => {
		const wallet = randomAddress();
		const contract = randomAddress();
		const withInternal = service.harness(pollParameters([wallet], { includeInternalTxs: true }));
		const without = service.harness(pollParameters([wallet]));
		await withInternal.activate();
		await without.activate();
		await service.transfer(randomAddress(), contract, BigInt(0), {
			input: '0x12345678',
			internalTransactions: [{ from: contract, to: wallet, value: '5' }],
		});
		expect((await withInternal.poll()).items?.map((item) => [item.json.assetType, item.json.amountRaw])).toEqual([['internal', '5']]);
		expect(await without.poll()).toEqual({});
	});
});

describe('Poll Times and the number of addresses', () => {
	const many = (count: number) => Array.from({ length: count }, () => randomAddress());

	it('accepts more addresses than a poll may send requests: each poll reads the chain instead, within its share', async () => {
		const wallets = many(150);
		const trigger = service.harness(pollParameters(wallets, { options: { maxRequestsPerMinute: 120 } }));
		await expect(trigger.activate()).resolves.toEqual({});
		const deposit = await service.transfer(randomAddress(), wallets[149]);
		await service.takeRequests();
		expect((await trigger.poll()).items?.map((item) => item.json.txHash)).toEqual([deposit.txHash]);
		const requests = await service.takeRequests();
		expect(requests.length).toBeLessThanOrEqual(120);
		expect(requests.map((request) => request.path)).toContain(`/v1/chains/${FUJI}/transactions`);
	});
});
