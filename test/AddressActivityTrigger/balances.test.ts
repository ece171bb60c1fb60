/**
 * The webhook trigger's Balances options against the emulator: the monitored address's balance
 * after each transfer's block, and alerts when it crosses a threshold, in live deliveries and in
 * catch-ups; at most one read per address, asset and block, none when the options are off; a
 * balance that cannot be read makes the service retry, nothing is dropped.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { addressHistory, nativeSum, tokenSum, units } from '../harness/chainHistory';
import { randomAddress } from '../harness/fixtures';
import type { ReceivedDelivery, TriggerHarness } from '../harness/trigger';
import { waitFor } from '../harness/wait';
import { FUJI, USDC, triggerParameters, useTriggerStack } from './support';

const AVAX = 10n ** 18n;
const TOKEN = { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const PUNKS = { address: '0x7a9fe22691c811ea339d9b73150e6911a5343dca', name: 'Punks', symbol: 'PUNK' };

// Retries after 10 s come after 10 ms.
const stack = useTriggerStack();
let treasury: string;
let funder: string;
let payee: string;

beforeEach(async () => {
	[treasury, funder, payee] = [randomAddress(), randomAddress(), randomAddress()];
	// Funded before any webhook watches it: 100 AVAX and 20,000 USDC.
	await stack.control.activity({ chainId: FUJI, from: funder, to: treasury, value: String(100n * AVAX) });
	await stack.control.activity({ chainId: FUJI, from: funder, to: USDC, erc20Transfers: [{ token: TOKEN, from: funder, to: treasury, value: '20000000000' }] });
});

afterEach(async () => {
	stack.receiver.harness = undefined;
	for (const webhook of await stack.accountWebhooks()) await stack.control.service(stack.key, 'DELETE', `/v1/webhooks/${webhook.id}`);
});

async function activeTrigger(balances: INodeParameters, overrides: INodeParameters = {}): Promise<TriggerHarness> {
	return await stack.publishedTrigger(triggerParameters({ addresses: treasury, balances, ...overrides }));
}

/** The deliveries of a transaction so far, in order. */
function deliveriesOf(txHash: string): ReceivedDelivery[] {
	return stack.receiver.deliveries.filter((delivery) => (JSON.parse(delivery.rawBody.toString('utf8')) as { event?: { transaction?: { txHash?: string } } }).event?.transaction?.txHash === txHash);
}

/** Waits until the trigger answered a delivery of the transaction 2xx (after the retries a 503 brings); its deliveries. */
async function answered(txHash: string): Promise<ReceivedDelivery[]> {
	return await waitFor(`an answer 2xx to the delivery of ${txHash}`, () => {
		const deliveries = deliveriesOf(txHash);
		const last = deliveries[deliveries.length - 1];
		return last?.outcome !== undefined && last.outcome.statusCode < 300 && deliveries;
	});
}

/** Injects a transaction and waits until its delivery was answered 2xx. */
async function send(activity: IDataObject): Promise<{ txHash: string; blockNumber: number; answers: ReceivedDelivery[] }> {
	const { txHash, blockNumber } = await stack.control.activity({ chainId: FUJI, ...activity });
	return { txHash, blockNumber: Number(blockNumber), answers: await answered(txHash) };
}

const pay = (value: bigint, extra: IDataObject = {}) => send({ from: treasury, to: payee, value: String(value), ...extra });

function json(run: INodeExecutionData[] | undefined): IDataObject[] {
	return (run ?? []).map((item) => item.json);
}

/** The balance requests the emulator saw since the last call, as "route@block". */
async function balanceReads(): Promise<string[]> {
	const requests = (await stack.control.requests()).filter((request) => request.path.includes('/balances:'));
	await stack.control.clearRequests();
	return requests.map((request) => `${request.path.split(':').pop()}@${request.query.blockNumber ?? 'newest'}`);
}

const credentials = () => stack.credentials();

describe('Include Balance After', () => {
	it("puts the monitored address's balance after each transfer's block on its item, as the emulator's transfers add up to; one read per address, asset and block", async () => {
		const trigger = await activeTrigger({ includeBalanceAfter: true });
		await stack.control.clearRequests();
		const { blockNumber, answers } = await pay(10n * AVAX, {
			to: USDC,
			value: '0',
			erc20Transfers: [
				{ token: TOKEN, from: treasury, to: payee, value: '250000000' },
				{ token: TOKEN, from: treasury, to: payee, value: '250500000' },
			],
			erc721Transfers: [{ token: PUNKS, from: funder, to: treasury, tokenId: '7' }],
		});
		const items = json(answers[0].outcome?.items);
		const history = await addressHistory(credentials(), FUJI, treasury, blockNumber);
		const native = nativeSum(history, treasury);
		expect(items.map((item) => [item.assetType, item.amount, item.balanceAfter, item.balanceAfterRaw])).toEqual([
			['erc20', '250', '19499.5', String(tokenSum(history, treasury, USDC))],
			['erc20', '250.5', '19499.5', '19499500000'],
			['erc721', '1', null, null],
		]);
		expect(trigger.startedRuns).toHaveLength(1);
		expect(await balanceReads()).toEqual([`listErc20@${blockNumber}`]);

		const paid = await pay(10n * AVAX);
		const [item] = json(paid.answers[0].outcome?.items);
		const afterPayment = nativeSum(await addressHistory(credentials(), FUJI, treasury, paid.blockNumber), treasury);
		expect(afterPayment).toBeLessThan(native - 10n * AVAX);
		expect(item).toMatchObject({ assetType: 'native', amount: '10', balanceAfter: units(afterPayment, 18), balanceAfterRaw: afterPayment.toString() });
		expect(await balanceReads()).toEqual([`getNative@${paid.blockNumber}`]);
	});

	it('reads nothing when the Balances options are off', async () => {
		await activeTrigger({});
		await stack.control.clearRequests();
		const { answers } = await pay(AVAX);
		expect(json(answers[0].outcome?.items)[0]).not.toHaveProperty('balanceAfter');
		expect(await balanceReads()).toEqual([]);
	});
});

describe('Balance alert', () => {
	it('falls below 50 AVAX: one run when a transfer takes the balance below the line, none for transfers that leave it above or keep it below', async () => {
		const trigger = await activeTrigger({ alertWhen: 'below', alertThreshold: '50' });
		await stack.control.clearRequests();
		const above = await pay(30n * AVAX);
		expect(above.answers.map((answer) => [answer.outcome?.statusCode, answer.outcome?.items])).toEqual([[200, undefined]]);
		// The balance after stays above the line: the balance before is not needed.
		expect(await balanceReads()).toEqual([`getNative@${above.blockNumber}`]);

		const crossing = await pay(30n * AVAX);
		const history = await addressHistory(credentials(), FUJI, treasury);
		const before = nativeSum(history.filter((entry) => Number(entry.nativeTransaction.blockNumber) < crossing.blockNumber), treasury);
		const after = nativeSum(history, treasury);
		expect(trigger.startedRuns).toHaveLength(1);
		expect(json(trigger.startedRuns[0])).toEqual([
			expect.objectContaining({
				txHash: crossing.txHash,
				direction: 'out',
				amount: '30',
				crossed: 'below',
				threshold: '50',
				balanceBefore: units(before, 18),
				balanceBeforeRaw: before.toString(),
				balanceAfter: units(after, 18),
				balanceAfterRaw: after.toString(),
			}),
		]);
		expect(before).toBeGreaterThanOrEqual(50n * AVAX);
		expect(after).toBeLessThan(50n * AVAX);
		const crossingReads = await balanceReads();
		expect(crossingReads).toContain(`getNative@${crossing.blockNumber}`);
		expect(crossingReads.every((read) => [`getNative@${crossing.blockNumber}`, `getNative@${crossing.blockNumber - 1}`].includes(read))).toBe(true);

		const below = await pay(5n * AVAX);
		expect(below.answers.map((answer) => [answer.outcome?.statusCode, answer.outcome?.items])).toEqual([[200, undefined]]);
		expect(trigger.startedRuns).toHaveLength(1);
	});

	it('watches an ERC-20 token: USDC rising to or above 25,000, in token units', async () => {
		const trigger = await activeTrigger({ alertWhen: 'above', alertThreshold: '25000', alertContract: USDC.toUpperCase().replace('0X', '0x') });
		const deposit = (value: string) => send({ from: funder, to: USDC, erc20Transfers: [{ token: TOKEN, from: funder, to: treasury, value }] });
		await deposit('4999999999');
		expect(trigger.startedRuns).toHaveLength(0);
		const crossing = await deposit('1');
		await pay(AVAX);
		expect(trigger.startedRuns.map(json)).toEqual([
			[expect.objectContaining({ txHash: crossing.txHash, assetType: 'erc20', direction: 'in', amount: '0.000001', crossed: 'above', threshold: '25000', balanceBefore: '24999.999999', balanceAfter: '25000', balanceAfterRaw: '25000000000' })],
		]);
	});

	it('several transactions of one block see one crossing: it alerts once', async () => {
		const trigger = await activeTrigger({ alertWhen: 'either', alertThreshold: '110' });
		// n8n answers 404 until both transactions are in the block, as when deliveries arrive after the block is complete.
		stack.receiver.notPublished = true;
		const first = await stack.control.activity({ chainId: FUJI, from: funder, to: treasury, value: String(15n * AVAX) });
		const second = await stack.control.activity({ chainId: FUJI, from: funder, to: treasury, value: String(15n * AVAX), block: 'head' });
		stack.receiver.notPublished = false;
		expect(second.blockNumber).toBe(first.blockNumber);
		const answers = [await answered(first.txHash), await answered(second.txHash)];
		expect(trigger.startedRuns.map((run) => json(run).map((item) => [item.crossed, item.balanceBefore, item.balanceAfter]))).toEqual([[['above', '100', '130']]]);
		expect(answers.map((deliveries) => deliveries[deliveries.length - 1].outcome?.statusCode)).toEqual([200, 200]);
	});

	it('a balance the service cannot give now is answered 503, and the service\'s retry alerts once', async () => {
		const trigger = await activeTrigger({ alertWhen: 'below', alertThreshold: '95' });
		await stack.control.addFault({ path: `/v1/chains/${FUJI}/addresses/${treasury.toLowerCase()}/balances:getNative`, count: 1, status: 500 });
		const crossing = await pay(10n * AVAX);
		expect(crossing.answers.map((answer) => answer.outcome?.statusCode)).toEqual([503, 200]);
		expect(trigger.startedRuns.map((run) => json(run).map((item) => [item.txHash, item.crossed]))).toEqual([[[crossing.txHash, 'below']]]);
	});
});

describe('catching up', () => {
	it('puts the same balances on catch-up items, and alerts on a crossing that happened in the gap', async () => {
		const trigger = await activeTrigger({ alertWhen: 'below', alertThreshold: '50' });
		await trigger.deactivate();
		const before = stack.receiver.deliveries.length;
		const quiet = await stack.control.activity({ chainId: FUJI, from: treasury, to: payee, value: String(20n * AVAX) });
		const crossing = await stack.control.activity({ chainId: FUJI, from: treasury, to: payee, value: String(40n * AVAX) });
		expect(stack.receiver.deliveries.length).toBe(before);
		await trigger.activate();
		const history = await addressHistory(credentials(), FUJI, treasury);
		expect(trigger.startedRuns.map(json)).toEqual([
			[
				expect.objectContaining({
					txHash: crossing.txHash,
					catchUp: true,
					crossed: 'below',
					balanceAfterRaw: nativeSum(history, treasury).toString(),
					balanceBeforeRaw: nativeSum(history.filter((entry) => entry.nativeTransaction.txHash !== crossing.txHash), treasury).toString(),
				}),
			],
		]);
		expect(json(trigger.startedRuns[0]).map((item) => item.txHash)).not.toContain(quiet.txHash);
	});
});
