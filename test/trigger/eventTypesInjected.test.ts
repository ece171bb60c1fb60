import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/processMemory';
import { TriggerHarness, type ReceivedDelivery } from '../harness/trigger';
import { COLD_WALLET, L1, TREASURY, VALIDATOR, pChainParameters, validatorParameters } from './eventTypesSupport';
import { startWithReceiver, type EmulatorWithReceiver } from './support';

// The emulator's own deliveries, from P-Chain and validator activity put on it, over real HTTP.

let stack: EmulatorWithReceiver;
let trigger: TriggerHarness;

beforeAll(async () => {
	stack = await startWithReceiver();
});

afterAll(async () => {
	await stack.close();
});

afterEach(async () => {
	await trigger.deactivate();
	stack.receiver.harness = undefined;
});

async function activate(parameters: INodeParameters): Promise<void> {
	forgetProcessMemory();
	const { key } = await stack.control.createKey({ plan: 'paid' });
	trigger = new TriggerHarness({ parameters, credentials: { apiKey: key, baseUrl: stack.emulator.url }, publicUrl: stack.receiverUrl });
	await trigger.activate();
	stack.receiver.harness = trigger;
}

/** Waits for `count` more deliveries caused by `inject`, and gives the items each run started with. */
async function runsAfter(count: number, inject: () => Promise<unknown>): Promise<IDataObject[][]> {
	const before = stack.receiver.deliveries.length;
	await inject();
	const deliveries: ReceivedDelivery[] = (await stack.receiver.waitFor(before + count)).slice(before);
	return deliveries.map((delivery) => (delivery.outcome?.items ?? []).map((item) => item.json));
}

const AVAX = (amount: number) => String(BigInt(Math.round(amount * 1000)) * BigInt(1_000_000));

describe('a treasury balance threshold alert', () => {
	it('starts one run each time the combined balance crosses the threshold, saying which way', async () => {
		await activate(pChainParameters({ addressSubEvents: ['balance_threshold'], balanceType: 'unlockedUnstaked', balanceThreshold: '2500' }));
		const deposit = (address: string, avax: number) => () =>
			stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address, balanceType: 'unlockedUnstaked', change: AVAX(avax) }] });

		const [up] = await runsAfter(1, deposit(TREASURY, 3000));
		expect(up).toMatchObject([{ subEvent: 'balance_threshold', crossed: 'above', balanceAvax: '3000', thresholdAvax: '2500', amountAvax: '3000', addresses: [TREASURY], network: 'fuji' }]);
		// Staying above the threshold starts nothing (the next delivery is the crossing below).
		const [down] = await runsAfter(1, async () => {
			await deposit(COLD_WALLET, 100)();
			await deposit(TREASURY, -200)();
			await deposit(TREASURY, -500)();
		});
		expect(down).toMatchObject([{ subEvent: 'balance_threshold', crossed: 'below', balanceAvax: '2300', balanceNavax: '2300000000000', amountAvax: '-500', addresses: [TREASURY] }]);
		expect(trigger.startedRuns).toHaveLength(2);
	});
});

describe("an L1 validator's low fee balance alert", () => {
	it('starts one run when the fee balance falls to the threshold, and one when it runs out', async () => {
		await activate(validatorParameters());
		const fee = (avax: number) => () =>
			stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: VALIDATOR, subnetId: L1, change: AVAX(avax) });

		const [topUp] = await runsAfter(1, fee(3));
		expect(topUp).toMatchObject([{ subEvent: 'l1_validator_balance_increased', amountAvax: '3', feeBalanceAvax: '3', nodeId: VALIDATOR, subnetId: L1 }]);
		const [low] = await runsAfter(1, fee(-2));
		expect(low).toMatchObject([{ subEvent: 'l1_validator_balance_threshold', feeBalanceAvax: '1', feeBalanceThresholdAvax: '1.25', feeBalanceThresholdNavax: '1250000000', txHash: null }]);
		expect(low[0].validationId).toEqual(expect.any(String));
		const runs = await runsAfter(1, fee(-1));
		expect(runs.flat().map((item) => [item.subEvent, item.feeBalanceAvax])).toEqual([['l1_validator_disabled', '0']]);
		expect(trigger.startedRuns).toHaveLength(3);
	});
});
