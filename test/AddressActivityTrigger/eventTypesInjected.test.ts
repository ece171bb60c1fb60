/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import { TRIGGER_NODE_TYPE } from '../harness/names';
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

/** The trigger's parameters in an example workflow of examples/. */
function exampleTrigger(file: string): INodeParameters {
	const workflow = JSON.parse(readFileSync(join(__dirname, '../../examples', file), 'utf8')) as { nodes: INode[] };
	return workflow.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!.parameters;
}

describe('the example workflows of the new event types', () => {
	it("the treasury alert (examples/p-chain-balance-threshold-alert.json) runs with the fields its Filter and Set read", async () => {
		const parameters = exampleTrigger('p-chain-balance-threshold-alert.json');
		await activate(parameters);
		const [treasury] = String(parameters.pChainAddresses).split('\n');
		const change = (avax: number) => () =>
			stack.control.pChainTransaction({ network: 'mainnet', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(avax) }] });
		await runsAfter(1, change(30000));
		const [[item]] = await runsAfter(1, change(-6000));
		expect(item).toMatchObject({ crossed: 'below', balanceAvax: '24000', thresholdAvax: '25000', amountAvax: '-6000', addresses: [treasury] });
		expect(item.time).toEqual(expect.any(String));
		expect(item.txHash).toEqual(expect.any(String));
	});

	it("the L1 validator alert (examples/l1-validator-fee-balance-alert.json) runs with the fields its Set reads", async () => {
		const parameters = exampleTrigger('l1-validator-fee-balance-alert.json');
		await activate(parameters);
		const fee = (avax: number) => () =>
			stack.control.validatorActivity({ network: 'mainnet', activity: 'l1_validator_fee_balance', nodeId: String(parameters.validatorKey), subnetId: L1, change: AVAX(avax) });
		await fee(6)(); // a top-up: not among the example's sub-events, so no run
		const [[low]] = await runsAfter(1, fee(-1.5));
		expect(low).toMatchObject({ subEvent: 'l1_validator_balance_threshold', nodeId: parameters.validatorKey, subnetId: L1, feeBalanceAvax: '4.5', feeBalanceThresholdAvax: '5' });
		const [[disabled]] = await runsAfter(1, fee(-4.5));
		expect(disabled).toMatchObject({ subEvent: 'l1_validator_disabled', feeBalanceAvax: '0' });
		expect(trigger.startedRuns).toHaveLength(2);
	});
});
