// Execute step puts out a sample at once: the newest transfer of the monitored addresses, read from
// chain data and mapped and filtered as a delivery is, marked sample and testEvent, sent by the
// trigger to its own test URL once n8n has registered the test webhook. Through n8n-core's hook and
// webhook contexts (test/harness/trigger.ts, which keeps n8n's test registration: requests see what
// checkExists and create left only once n8n has stored the registration again).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { signedDelivery } from '../../harness/signing';
import { logLines } from '../../harness/logger';
import { TriggerHarness, type ReceivedDelivery } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { CAROL, FUJI, USDC, startWithReceiver, triggerParameters, type EmulatorWithReceiver } from '../support';

// Typed in mixed case, as users paste them: items keep this spelling.
const TREASURY = '0x9a8E2C3f4D5b6A7c8D9e0F1a2B3c4D5e6F7a8B9c';
const QUIET = '0x7e57000000000000000000000000000000000001';
const AVAX = BigInt('1000000000000000000');
const usdc = { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 };

let stack: EmulatorWithReceiver;
let key: string;

beforeAll(async () => {
	stack = await startWithReceiver({ timeScale: 1000 });
	key = (await stack.control.createKey({ plan: 'paid' })).key;
	// Older: 1 AVAX in; newer: 2.5 USDC out and 4 USDC in, in one transaction; newest: 0.5 AVAX out.
	await stack.control.activity({ chainId: FUJI, from: CAROL, to: TREASURY, value: AVAX.toString() });
	await stack.control.activity({
		chainId: FUJI,
		from: TREASURY,
		to: USDC,
		erc20Transfers: [
			{ token: usdc, from: TREASURY, to: CAROL, value: '2500000' },
			{ token: usdc, from: CAROL, to: TREASURY, value: '4000000' },
		],
	});
	await stack.control.activity({ chainId: FUJI, from: TREASURY, to: CAROL, value: (AVAX / BigInt(2)).toString() });
});

afterAll(async () => {
	await stack.close();
});

/** A trigger whose URLs are the receiver's, handed every request (its own workflow, so samples are remembered apart). */
function trigger(workflowId: string, parameters: INodeParameters): TriggerHarness {
	const harness = new TriggerHarness({ parameters, credentials: { apiKey: key, baseUrl: stack.emulator.url }, publicUrl: stack.receiverUrl, workflowId });
	stack.receiver.harness = harness;
	return harness;
}

function bodyOf(delivery: ReceivedDelivery): IDataObject {
	return JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;
}

const isSampleRequest = (delivery: ReceivedDelivery) => bodyOf(delivery).eventType === 'n8n_address_activity_sample';

/** The next request to the test URL that started a run, after `from` requests. */
async function nextTestRun(harness: TriggerHarness, from: number): Promise<ReceivedDelivery> {
	const testPath = new URL(harness.webhookUrl({ test: true })).pathname;
	return await waitFor('a run started from the test URL', () =>
		stack.receiver.deliveries.slice(from).find((delivery) => delivery.path === testPath && delivery.outcome?.items !== undefined),
	);
}

async function testWebhooks() {
	return (await stack.control.webhooks()).filter((webhook) => webhook.url.includes('/webhook-test/'));
}

describe('Execute step on addresses with history', () => {
	let harness: TriggerHarness;
	let sample: IDataObject[];
	let requestsBefore: number;

	beforeAll(async () => {
		harness = trigger('wf-sample-history', triggerParameters({ addresses: TREASURY, filters: { directions: ['in'] } }));
		requestsBefore = stack.receiver.deliveries.length;
		await stack.control.clearRequests();
		// n8n has not stored the test registration yet: the trigger's sample request waits for it.
		await harness.activate({ test: true, holdRegistration: true });
		await waitFor('the sample request answered "not registered yet"', () =>
			stack.receiver.deliveries.slice(requestsBefore).find((delivery) => isSampleRequest(delivery) && delivery.outcome?.statusCode === 503),
		);
		expect(harness.startedRuns).toEqual([]);
		harness.completeTestRegistration();
		const run = await nextTestRun(harness, requestsBefore);
		sample = (run.outcome?.items ?? []).map((item) => item.json);
	});

	afterAll(async () => {
		await harness.deactivate({ test: true });
	});

	it('puts out the newest transaction that passes the Filters, as a delivery of it would, marked sample and testEvent', async () => {
		const [webhook] = await testWebhooks();
		// The newest transaction is outgoing only (the Filters keep "in"): the one before it is shown, its incoming transfer.
		expect(sample).toEqual([
			expect.objectContaining({
				direction: 'in',
				amount: '4',
				symbol: 'USDC',
				counterparty: CAROL,
				monitoredAddress: TREASURY,
				chainId: FUJI,
				messageId: expect.stringMatching(/^sample:[0-9a-f-]{36}$/),
				webhookId: webhook.id,
				testEvent: true,
				sample: true,
			}),
		]);
		expect(Object.keys(sample[0]).slice(-3)).toEqual(['webhookId', 'testEvent', 'sample']);
	});

	it('ends the listening as a test event does (one run), having read each address once', async () => {
		expect(harness.startedRuns).toHaveLength(1);
		expect(harness.testListener).toBe('off');
		const reads = (await stack.control.requests()).filter((request) => request.path.includes('/addresses/') && request.path.endsWith('/transactions'));
		expect(reads.map((request) => [request.path.toLowerCase(), request.query.pageSize])).toEqual([[`/v1/chains/${FUJI}/addresses/${TREASURY.toLowerCase()}/transactions`, '10']]);
	});

	it('waits for a live transfer at the next Execute step within minutes: that one runs once, without a sample', async () => {
		await harness.deactivate({ test: true });
		const from = stack.receiver.deliveries.length;
		const logsFrom = logLines.length;
		await harness.activate({ test: true });
		expect(logLines.slice(logsFrom).map((line) => line.message)).toContainEqual(expect.stringContaining('Execute step waits for a live transfer'));
		await stack.control.activity({ chainId: FUJI, from: CAROL, to: TREASURY, value: (AVAX * BigInt(3)).toString() });
		const run = await nextTestRun(harness, from);
		expect(run.outcome?.items?.map((item) => item.json)).toEqual([expect.objectContaining({ direction: 'in', amount: '3', symbol: 'AVAX', testEvent: true })]);
		expect(run.outcome?.items?.[0].json).not.toHaveProperty('sample');
		expect(stack.receiver.deliveries.slice(from).filter(isSampleRequest)).toEqual([]);
		expect(harness.startedRuns).toHaveLength(2);
	});
});

describe('Execute step on an address without history', () => {
	it('puts out one item that says there is nothing to show yet, and how to wait for a live transfer', async () => {
		const harness = trigger('wf-sample-quiet', triggerParameters({ addresses: QUIET }));
		const from = stack.receiver.deliveries.length;
		await harness.activate({ test: true });
		const run = await nextTestRun(harness, from);
		expect(run.outcome?.items?.map((item) => item.json)).toEqual([
			{
				sample: true,
				testEvent: true,
				message: `Nothing to show yet: no transfer among the newest transactions of the address ${QUIET} on chain ${FUJI} passes the trigger's filters. Click Execute step again within 10 minutes to wait for a live transfer.`,
				chainIds: [FUJI],
				messageId: expect.stringMatching(/^sample:/),
			},
		]);
		await harness.deactivate({ test: true });
		expect(await testWebhooks()).toEqual([]);
	});
});

describe('the sample request', () => {
	it('starts no run at the production URL', async () => {
		const harness = trigger('wf-sample-production', triggerParameters({ addresses: TREASURY }));
		await harness.activate();
		const secret = await stack.control.sharedSecret(key);
		const outcome = await harness.receive(signedDelivery({ eventType: 'n8n_address_activity_sample', messageId: 'sample:forged', webhookIds: {} }, secret));
		expect(outcome).toMatchObject({ statusCode: 200, items: undefined, body: { received: false, message: expect.stringContaining('Skipped a sample request at the production URL') } });
		await harness.deactivate();
	});

	it('puts the balance after on the sample with Include Balance After, as on a delivery', async () => {
		const saver = '0x7e57000000000000000000000000000000000002';
		await stack.control.activity({ chainId: FUJI, from: CAROL, to: saver, value: (AVAX * BigInt(5)).toString() });
		await stack.control.activity({ chainId: FUJI, from: CAROL, to: saver, value: (AVAX / BigInt(4)).toString() });
		const harness = trigger('wf-sample-balance', triggerParameters({ addresses: saver, balances: { includeBalanceAfter: true } }));
		const from = stack.receiver.deliveries.length;
		await harness.activate({ test: true });
		const run = await nextTestRun(harness, from);
		// The newest deposit, 0.25 AVAX, after the 5 before it.
		expect(run.outcome?.items?.map((entry) => entry.json)).toEqual([
			expect.objectContaining({ direction: 'in', amount: '0.25', balanceAfter: '5.25', balanceAfterRaw: '5250000000000000000', testEvent: true, sample: true }),
		]);
		await harness.deactivate({ test: true });
	});

	it('puts out the raw chain transaction with the Raw Message output', async () => {
		const harness = trigger('wf-sample-raw', triggerParameters({ addresses: TREASURY, output: 'raw' }));
		const from = stack.receiver.deliveries.length;
		await harness.activate({ test: true });
		const run = await nextTestRun(harness, from);
		const [item] = (run.outcome?.items ?? []).map((entry) => entry.json);
		expect(item).toMatchObject({ nativeTransaction: expect.objectContaining({ txHash: expect.any(String) }), testEvent: true, sample: true });
		await harness.deactivate({ test: true });
	});
});
