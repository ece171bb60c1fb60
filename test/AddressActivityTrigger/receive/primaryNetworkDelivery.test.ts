import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { P_CHAIN_ID } from '../../../nodes/shared/model/primaryNetwork';
import type { RunningEmulator } from '../../emulator';
import { startEmulator } from '../../emulator';
import { EmulatorControl } from '../../harness/emulatorControl';
import { TriggerHarness } from '../../harness/trigger';
import { signedDelivery } from '../../harness/signing';
import { L1, TREASURY, VALIDATOR, pChainParameters, validatorParameters } from '../eventTypesSupport';

let emulator: RunningEmulator;
let control: EmulatorControl;
let trigger: TriggerHarness;
let secret: string;
let webhookId: string;
let sequence = 0;

beforeAll(async () => {
	emulator = await startEmulator();
	control = new EmulatorControl(emulator.url);
});

afterAll(async () => {
	await emulator.close();
});

afterEach(async () => {
	await trigger.deactivate();
});

async function activate(parameters: INodeParameters): Promise<void> {
	forgetProcessMemory();
	const { key } = await control.createKey({ plan: 'paid' });
	trigger = new TriggerHarness({ parameters, credentials: { apiKey: key, baseUrl: emulator.url } });
	await trigger.activate();
	secret = await control.sharedSecret(key);
	webhookId = String(trigger.state.webhookId);
}

/** A delivery of the trigger's webhook, signed as the service signs it, handed to the trigger. */
async function deliver(eventType: string, event: IDataObject, extra: IDataObject = {}) {
	const body = { webhookId, eventType, messageId: `message-${++sequence}`, event, ...extra };
	return { body, outcome: await trigger.receive(signedDelivery(body, secret)) };
}

const itemsOf = (outcome: { items?: Array<{ json: IDataObject }> }) => (outcome.items ?? []).map((item) => item.json);

const TX = '2QYfFcfZ9HtEYn8dVgpVe4ngG9bWeqUrKGu6HCu4ZKuAFrHS56';
const BLOCK_TIME = 1764100000;
const pChainEvent = (event: IDataObject): IDataObject => ({
	network: 'fuji',
	chainId: P_CHAIN_ID,
	addresses: [TREASURY],
	txHash: TX,
	txType: 'BaseTx',
	blockNumber: '181234',
	blockTimestamp: BLOCK_TIME,
	...event,
});

describe('P-Chain Address Activity deliveries', () => {
	beforeEach(async () => {
		await activate(pChainParameters());
	});

	it('turn a balance change into one item with the change and the balance in AVAX and nAVAX', async () => {
		const { body, outcome } = await deliver(
			'platform_address_activity',
			pChainEvent({ eventType: 'balance_change', balanceType: 'unlockedUnstaked', balance: '2600000000000', balanceChange: '-150250000000' }),
		);
		expect(outcome.statusCode).toBe(200);
		expect(itemsOf(outcome)).toEqual([
			{
				subEvent: 'balance_change',
				amountAvax: '-150.25',
				balanceAvax: '2600',
				balanceType: 'unlockedUnstaked',
				crossed: null,
				thresholdAvax: null,
				rewardType: null,
				nodeId: null,
				addresses: [TREASURY],
				network: 'fuji',
				time: '2025-11-25T19:46:40.000Z',
				txHash: TX,
				txType: 'BaseTx',
				blockNumber: '181234',
				blockTimestamp: BLOCK_TIME,
				amountNavax: '-150250000000',
				balanceNavax: '2600000000000',
				thresholdNavax: null,
				chainId: P_CHAIN_ID,
				eventType: 'platform_address_activity',
				webhookId,
				messageId: body.messageId,
			},
		]);
	});

	it('say which way a balance crossed the threshold, and the threshold', async () => {
		const { outcome } = await deliver(
			'platform_address_activity',
			pChainEvent({ eventType: 'balance_threshold', balanceType: 'unlockedStaked', balance: '2400000000000', balanceChange: '-200000000000', balanceThreshold: '2500500000000', crossed: 'below' }),
		);
		expect(itemsOf(outcome)).toMatchObject([
			{ subEvent: 'balance_threshold', crossed: 'below', balanceAvax: '2400', thresholdAvax: '2500.5', thresholdNavax: '2500500000000', amountAvax: '-200', balanceType: 'unlockedStaked' },
		]);
	});

	it('give a reward as the amount, with its type and validator', async () => {
		const { outcome } = await deliver(
			'platform_address_activity',
			pChainEvent({ eventType: 'reward_distribution', txType: 'RewardValidatorTx', rewardAmount: '1234567890', rewardType: 'validator', nodeId: VALIDATOR }),
		);
		expect(itemsOf(outcome)).toMatchObject([
			{ subEvent: 'reward_distribution', amountAvax: '1.23456789', amountNavax: '1234567890', rewardType: 'validator', nodeId: VALIDATOR, balanceAvax: null },
		]);
	});

	it('keep fields the service sends beyond the published ones, as they are', async () => {
		const { outcome } = await deliver(
			'platform_address_activity',
			pChainEvent({ eventType: 'balance_change', balance: '1', balanceChange: '1', utxoCount: 3, memo: { text: 'top-up' } }),
			{ attempt: 2 },
		);
		expect(itemsOf(outcome)[0]).toMatchObject({ utxoCount: 3, memo: { text: 'top-up' }, attempt: 2 });
	});

	it('refuse a forged signature (401) without a run', async () => {
		const body = { webhookId, eventType: 'platform_address_activity', messageId: 'forged', event: pChainEvent({ eventType: 'balance_change' }) };
		const delivery = signedDelivery(body, 'ab'.repeat(32));
		const outcome = await trigger.receive(delivery);
		expect(outcome.statusCode).toBe(401);
		expect(outcome.items).toBeUndefined();
		expect(trigger.startedRuns).toHaveLength(0);
	});

	it('run a message delivered twice once, and acknowledge the copy', async () => {
		const body = { webhookId, eventType: 'platform_address_activity', messageId: 'twice', event: pChainEvent({ eventType: 'balance_change', balance: '5', balanceChange: '5' }) };
		const first = await trigger.receive(signedDelivery(body, secret));
		const second = await trigger.receive(signedDelivery(body, secret));
		expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
		expect(second.body).toEqual({ received: true });
		expect(trigger.startedRuns).toHaveLength(1);
	});

	it('acknowledge without a run a delivery of another event type, or of another webhook refuse it', async () => {
		const other = await deliver('validator_activity', { eventType: 'validator_stake' });
		expect([other.outcome.statusCode, other.outcome.items]).toEqual([200, undefined]);
		const body = { webhookId: 'not-ours', eventType: 'platform_address_activity', messageId: 'foreign', event: pChainEvent({ eventType: 'balance_change' }) };
		const foreign = await trigger.receive(signedDelivery(body, secret));
		expect(foreign.statusCode).toBe(401);
		expect(trigger.startedRuns).toHaveLength(0);
	});

	it('put out the message as sent with Output: Raw Message', async () => {
		trigger.setParameters(pChainParameters({ output: 'raw' }));
		const { body, outcome } = await deliver('platform_address_activity', pChainEvent({ eventType: 'balance_change', balance: '1', balanceChange: '1' }));
		expect(itemsOf(outcome)).toEqual([body]);
	});
});

describe('Validator Activity deliveries', () => {
	beforeEach(async () => {
		await activate(validatorParameters());
	});

	const l1Event = (event: IDataObject): IDataObject => ({ network: 'fuji', nodeId: VALIDATOR, subnetId: L1, validationId: 'validation-1', blockTimestamp: BLOCK_TIME, ...event });

	it('turn a low fee balance into one item with the balance and threshold in AVAX and nAVAX (the documentation\'s other name read as the SDK\'s)', async () => {
		const { body, outcome } = await deliver('validator_activity', l1Event({ eventType: 'l1_validator_threshold_reached', feeBalance: '1200000000', feeBalanceThreshold: '1250000000' }));
		expect(itemsOf(outcome)).toEqual([
			{
				subEvent: 'l1_validator_balance_threshold',
				nodeId: VALIDATOR,
				subnetId: L1,
				amountAvax: null,
				feeBalanceAvax: '1.2',
				feeBalanceThresholdAvax: '1.25',
				rewardType: null,
				startTime: null,
				endTime: null,
				validationId: 'validation-1',
				network: 'fuji',
				time: '2025-11-25T19:46:40.000Z',
				txHash: null,
				blockTimestamp: BLOCK_TIME,
				startTimestamp: null,
				endTimestamp: null,
				amountNavax: null,
				feeBalanceNavax: '1200000000',
				feeBalanceThresholdNavax: '1250000000',
				eventType: 'validator_activity',
				webhookId,
				messageId: body.messageId,
			},
		]);
	});

	it.each([
		['l1_validator_balance_increased', { amount: '500000000', feeBalance: '1700000000', txHash: TX }, { amountAvax: '0.5', feeBalanceAvax: '1.7', txHash: TX }],
		['l1_validator_disabled', { feeBalance: '0' }, { feeBalanceAvax: '0', amountAvax: null }],
		['l1_validator_removed', { feeBalance: '300000000', txHash: TX }, { feeBalanceAvax: '0.3' }],
		['validator_stake', { amount: '2000000000000', startTime: 1764000000, endTime: 1795536000, txHash: TX }, { amountAvax: '2000', startTime: '2025-11-24T16:00:00.000Z', endTime: '2026-11-24T16:00:00.000Z', startTimestamp: 1764000000 }],
		['delegator_stake', { amount: '25000000000', startTime: 1764000000, endTime: 1765209600, txHash: TX }, { amountAvax: '25', endTime: '2025-12-08T16:00:00.000Z' }],
		['reward_distribution', { amount: '7500000', rewardType: 'delegator', txHash: TX }, { amountAvax: '0.0075', rewardType: 'delegator' }],
	])('turn %s into one item', async (subEvent, fields, expected) => {
		const { outcome } = await deliver('validator_activity', l1Event({ eventType: subEvent, ...fields }));
		expect(itemsOf(outcome)).toMatchObject([{ subEvent, nodeId: VALIDATOR, subnetId: L1, ...expected }]);
	});

	it('acknowledge a delivery whose amount is not nAVAX without a run, so the service does not retry it', async () => {
		const { outcome } = await deliver('validator_activity', l1Event({ eventType: 'l1_validator_disabled', feeBalance: '1.5' }));
		expect([outcome.statusCode, outcome.items]).toEqual([200, undefined]);
	});
});

describe('"Listen for test event" with a new event type', () => {
	it('registers a webhook at the test URL, marks its items as a test, keeps no static data and deletes it afterwards', async () => {
		forgetProcessMemory();
		const { key } = await control.createKey({ plan: 'paid' });
		trigger = new TriggerHarness({ parameters: validatorParameters(), credentials: { apiKey: key, baseUrl: emulator.url } });
		await trigger.activate({ test: true });
		const [webhook] = (await control.primaryNetworkWebhooks()).filter((entry) => entry.url === trigger.webhookUrl({ test: true }));
		expect(webhook.name).toMatch(/ \(test\)$/);
		// Nothing of the registration: only the mark of Execute step's sample request (n8n never saves a test listener's static data).
		expect(trigger.state).toEqual({ testRegistrationMark: expect.stringMatching(/^sample:/) });

		secret = await control.sharedSecret(key);
		const body = { webhookId: webhook.id, eventType: 'validator_activity', messageId: 'test-1', event: { eventType: 'l1_validator_disabled', nodeId: VALIDATOR, subnetId: L1, feeBalance: '0' } };
		const outcome = await trigger.receive(signedDelivery(body, secret), { test: true });
		expect(itemsOf(outcome)).toMatchObject([{ subEvent: 'l1_validator_disabled', feeBalanceAvax: '0', testEvent: true }]);

		await trigger.deactivate({ test: true });
		expect((await control.primaryNetworkWebhooks()).filter((entry) => entry.id === webhook.id)).toEqual([]);
	});
});
