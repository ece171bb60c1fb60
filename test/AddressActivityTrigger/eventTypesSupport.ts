/** Parameters, IDs, amounts and the emulator set-up the P-Chain and validator trigger tests share. */
import type { INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import { nodeId, pChainAddress, subnetId } from '../emulator/primary/ids';
import type { TriggerHarness, TriggerHarnessOptions } from '../harness/trigger';
import { useTriggerStack, type TriggerStack } from './support';

export const TREASURY = pChainAddress('fuji', 'treasury');
export const COLD_WALLET = pChainAddress('fuji', 'cold wallet');
export const MAINNET_WALLET = pChainAddress('mainnet', 'treasury');
export const VALIDATOR = nodeId('validator');
export const OTHER_VALIDATOR = nodeId('other validator');
export const L1 = subnetId('l1');

/** A P-Chain Address Activity trigger as the editor stores it. */
export function pChainParameters(overrides: INodeParameters = {}): INodeParameters {
	return {
		eventType: 'primary_network_address_activity',
		network: 'fuji',
		pChainAddresses: `${TREASURY}, ${COLD_WALLET}`,
		addressSubEvents: ['balance_change', 'balance_threshold', 'reward_distribution'],
		balanceType: 'unlockedStaked',
		balanceThreshold: '2500.5',
		output: 'events',
		options: {},
		...overrides,
	};
}

/** A Validator Activity trigger as the editor stores it. */
export function validatorParameters(overrides: INodeParameters = {}): INodeParameters {
	return {
		eventType: 'validator_activity',
		network: 'fuji',
		validatorKeyType: 'subnetId',
		validatorKey: L1,
		validatorSubEvents: ['l1_validator_balance_increased', 'l1_validator_balance_threshold', 'l1_validator_disabled'],
		feeBalanceThreshold: '1.25',
		validatorFilters: { nodeIds: VALIDATOR },
		output: 'events',
		options: {},
		...overrides,
	};
}

/** An amount of AVAX in nAVAX, as the service writes it (to a thousandth of an AVAX). */
export const AVAX = (amount: number) => String(BigInt(Math.round(amount * 1000)) * BigInt(1_000_000));

/** What a P-Chain or validator trigger test works with: the trigger stack, and the test's trigger published. */
export interface PrimaryTriggerStack {
	readonly stack: TriggerStack;
	/** A trigger of this test's account, published (its webhook registered, its URL the receiver's); stopped after the test. */
	published(parameters: INodeParameters, options?: Omit<TriggerHarnessOptions, 'parameters' | 'credentials' | 'publicUrl'>): Promise<TriggerHarness>;
	/** The service turns the webhook of the test's trigger off (as after failed deliveries) or on again (Webhook > Reactivate's first step). */
	setWebhookStatus(status: 'active' | 'inactive'): Promise<void>;
}

/**
 * useTriggerStack() for the P-Chain and validator trigger tests (the emulator's time scaled 1000x),
 * and after each test: no faults left, the trigger's held saves of static data released, the
 * trigger unpublished even when the test failed midway (its webhook would get the next test's
 * deliveries), the receiver handing requests to no trigger (and no longer answering as n8n starting
 * up), and the process's memory forgotten.
 */
export function usePrimaryTriggerStack(): PrimaryTriggerStack {
	const stack = useTriggerStack({ timeScale: 1000 });
	let current: TriggerHarness | undefined;
	afterEach(async () => {
		stack.receiver.startingUp = false;
		await stack.control.clearFaults();
		current?.releaseHeldSaves();
		await current?.deactivate();
		current = undefined;
		stack.receiver.harness = undefined;
		forgetProcessMemory();
	});
	return {
		stack,
		published: async (parameters, options) => {
			current = stack.trigger(parameters, options);
			await current.activate();
			return current;
		},
		setWebhookStatus: async (status) => {
			if (current === undefined) throw new Error('no trigger published in this test');
			await stack.control.service(stack.key, 'PATCH', `/v1/webhooks/${String(current.state.webhookId)}`, { status });
		},
	};
}
