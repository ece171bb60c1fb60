// Execute step on a P-Chain Address Activity or Validator Activity trigger puts out a sample at
// once: the newest event its webhook would have delivered, read from the primary network's history
// and mapped as a delivery is, marked sample and testEvent; with none, one item that says why.
// Through n8n-core's hook and webhook contexts (test/harness/trigger.ts). The oracle for the
// events is a webhook of the same account watching the same, whose deliveries the emulator makes.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { logLines } from '../../harness/logger';
import { nodeId, pChainAddress } from '../../emulator/primary/ids';
import { TriggerHarness, type ReceivedDelivery } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { L1, pChainParameters, validatorParameters } from '../eventTypesSupport';
import { startWithReceiver, type EmulatorWithReceiver } from '../support';

let stack: EmulatorWithReceiver;
let key: string;

const AVAX = (amount: number) => String(BigInt(Math.round(amount * 1000)) * BigInt(1_000_000));

beforeAll(async () => {
	stack = await startWithReceiver({ timeScale: 1000 });
	key = (await stack.control.createKey({ plan: 'paid' })).key;
});

afterAll(async () => {
	await stack.close();
});

function trigger(workflowId: string, parameters: INodeParameters): TriggerHarness {
	const harness = new TriggerHarness({ parameters, credentials: { apiKey: key, baseUrl: stack.emulator.url }, publicUrl: stack.receiverUrl, workflowId });
	stack.receiver.harness = harness;
	return harness;
}

const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;
const isSampleRequest = (delivery: ReceivedDelivery) => bodyOf(delivery).eventType === 'n8n_address_activity_sample';

/** The items of the next run started from the test URL, after `from` requests. */
async function nextTestRun(harness: TriggerHarness, from: number): Promise<IDataObject[]> {
	const testPath = new URL(harness.webhookUrl({ test: true })).pathname;
	const run = await waitFor('a run started from the test URL', () =>
		stack.receiver.deliveries.slice(from).find((delivery) => delivery.path === testPath && delivery.outcome?.items !== undefined),
	);
	return (run.outcome?.items ?? []).map((item) => item.json);
}

async function testWebhookId(eventType: string): Promise<string> {
	const webhooks = await stack.control.webhooks();
	return webhooks.find((webhook) => webhook.url.includes('/webhook-test/') && webhook.eventType === eventType)!.id;
}

/** A webhook of the same account that receives what the trigger's would: the events a delivery carries. */
async function oracle(path: string, body: IDataObject): Promise<() => IDataObject[]> {
	await stack.control.service(key, 'POST', '/v1/webhooks', { url: `${stack.receiverUrl}${path}`, network: 'fuji', ...body });
	return () => stack.receiver.deliveries.filter((delivery) => delivery.path === path).map((delivery) => bodyOf(delivery).event as IDataObject);
}

describe('Execute step on a P-Chain Address Activity trigger', () => {
	const wallet = pChainAddress('fuji', 'sample wallet');
	let harness: TriggerHarness;
	let sample: IDataObject[];
	let delivered: IDataObject[];
	let webhookId: string;

	beforeAll(async () => {
		const parameters = pChainParameters({ pChainAddresses: wallet, balanceType: 'unlockedUnstaked', balanceThreshold: '2500' });
		const events = await oracle('/oracle-pchain', {
			eventType: 'primary_network_address_activity',
			chainId: '11111111111111111111111111111111LpoYY',
			metadata: {
				keyType: 'addresses',
				keys: [wallet],
				subEvents: { addressActivitySubEvents: parameters.addressSubEvents },
				balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: AVAX(2500) },
			},
		});
		await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: wallet, balanceType: 'unlockedUnstaked', change: AVAX(3000) }] });
		// The newest: 800 AVAX out, crossing below the threshold (a balance change and a crossing).
		await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: wallet, balanceType: 'unlockedUnstaked', change: AVAX(-800) }] });
		delivered = await waitFor('the oracle deliveries', () => (events().length === 4 ? events() : undefined));
		harness = trigger('wf-sample-pchain', parameters);
		const from = stack.receiver.deliveries.length;
		await stack.control.clearRequests();
		await harness.activate({ test: true });
		sample = await nextTestRun(harness, from);
		webhookId = await testWebhookId('primary_network_address_activity');
	});

	afterAll(async () => {
		await harness.deactivate({ test: true });
	});

	it('puts out the events of the newest transaction as its delivery carries them, marked sample and testEvent', () => {
		const newest = delivered.slice(2);
		expect(newest.map((event) => event.eventType)).toEqual(['balance_change', 'balance_threshold']);
		expect(sample).toEqual(
			newest.map((event) =>
				expect.objectContaining({
					subEvent: event.eventType,
					txHash: event.txHash,
					balanceType: event.balanceType,
					balanceNavax: event.balance,
					amountNavax: event.balanceChange,
					addresses: event.addresses,
					blockTimestamp: event.blockTimestamp,
					webhookId,
					messageId: expect.stringMatching(/^sample:[0-9a-f-]{36}$/),
					testEvent: true,
					sample: true,
				}),
			),
		);
		expect(sample.map((item) => [item.balanceAvax, item.crossed])).toEqual([
			['2200', null],
			['2200', 'below'],
		]);
	});

	it("reads the history in three requests: the address's newest transactions, the transactions from the oldest of them, the balances before", async () => {
		const reads = (await stack.control.requests()).filter((request) => request.path.includes('/blockchains/p-chain/'));
		expect(reads.map((request) => [request.path.split('/').at(-1), request.query.sortOrder ?? null])).toEqual([
			['transactions', 'desc'],
			['transactions', 'asc'],
			['balances', null],
		]);
	});

	it('ends the listening (one run); the next Execute step within minutes waits for a live event, which runs once without a sample', async () => {
		expect(harness.startedRuns).toHaveLength(1);
		expect(harness.testListener).toBe('off');
		await harness.deactivate({ test: true });
		const from = stack.receiver.deliveries.length;
		const logsFrom = logLines.length;
		await harness.activate({ test: true });
		expect(logLines.slice(logsFrom).map((line) => line.message)).toContainEqual(expect.stringContaining('Execute step waits for a live event'));
		await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: wallet, balanceType: 'unlockedUnstaked', change: AVAX(5) }] });
		const live = await nextTestRun(harness, from);
		expect(live).toEqual([expect.objectContaining({ subEvent: 'balance_change', amountAvax: '5', balanceAvax: '2205', testEvent: true })]);
		expect(live[0]).not.toHaveProperty('sample');
		expect(stack.receiver.deliveries.slice(from).filter(isSampleRequest)).toEqual([]);
		expect(harness.startedRuns).toHaveLength(2);
	});
});

describe('Execute step on a P-Chain address without history', () => {
	it('puts out one item that says so, and how to wait for a live event', async () => {
		const quiet = pChainAddress('fuji', 'sample quiet');
		const harness = trigger('wf-sample-pchain-quiet', pChainParameters({ pChainAddresses: quiet }));
		const from = stack.receiver.deliveries.length;
		await harness.activate({ test: true });
		expect(await nextTestRun(harness, from)).toEqual([
			{
				sample: true,
				testEvent: true,
				message: `Nothing to show yet: the address ${quiet} has no P-Chain transactions on fuji. Click Execute step again within 10 minutes to wait for a live event.`,
				// The eventType its deliveries carry.
				eventType: 'platform_address_activity',
				messageId: expect.stringMatching(/^sample:/),
			},
		]);
		await harness.deactivate({ test: true });
	});
});

describe('Execute step on a Validator Activity trigger', () => {
	it("puts out the watched L1 validator's newest top-up as its delivery carries it", async () => {
		const node = nodeId('sample validator');
		const parameters = validatorParameters({ validatorFilters: { nodeIds: node } });
		const events = await oracle('/oracle-validator', {
			eventType: 'validator_activity',
			metadata: { keyType: 'subnetId', keys: [L1], subEvents: { validatorActivitySubEvents: parameters.validatorSubEvents }, nodeIds: [node], l1ValidatorFeeBalanceThreshold: AVAX(1.25) },
		});
		await stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId: L1, change: AVAX(3) });
		await stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId: L1, change: AVAX(2) });
		const [, topUp] = await waitFor('the oracle deliveries', () => (events().length === 2 ? events() : undefined));
		const harness = trigger('wf-sample-validator', parameters);
		const from = stack.receiver.deliveries.length;
		await harness.activate({ test: true });
		const sample = await nextTestRun(harness, from);
		expect(topUp.eventType).toBe('l1_validator_balance_increased');
		expect(sample).toEqual([
			expect.objectContaining({
				subEvent: 'l1_validator_balance_increased',
				txHash: topUp.txHash,
				validationId: topUp.validationId,
				nodeId: node,
				amountNavax: topUp.amount,
				feeBalanceNavax: topUp.feeBalance,
				blockTimestamp: topUp.blockTimestamp,
				webhookId: await testWebhookId('validator_activity'),
				testEvent: true,
				sample: true,
			}),
		]);
		await harness.deactivate({ test: true });
	});

	it('says in words that fee balance alerts and disablings are not in the history when only those are watched', async () => {
		const harness = trigger('wf-sample-validator-fee', validatorParameters({ validatorSubEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'] }));
		const from = stack.receiver.deliveries.length;
		await harness.activate({ test: true });
		expect(await nextTestRun(harness, from)).toEqual([
			expect.objectContaining({
				sample: true,
				testEvent: true,
				message:
					'No sample from the history: a fee balance falling to the threshold and a validator disabled are no P-Chain transactions, so the history shows neither. Click Execute step again within 10 minutes to wait for a live event.',
			}),
		]);
		await harness.deactivate({ test: true });
	});
});
