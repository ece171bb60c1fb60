/** Parameters, IDs and signed deliveries the P-Chain and validator trigger tests share. */
import type { INodeParameters } from 'n8n-workflow';

import { nodeId, pChainAddress, subnetId } from '../emulator/primary/ids';

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
