import { ADDRESS_SUB_EVENTS, BALANCE_TYPES, EVENT_TYPES, NETWORKS, VALIDATOR_KEY_TYPES, VALIDATOR_SUB_EVENTS, type PrimaryNetwork } from '../model/primaryNetwork';
import { oneOf, parseAvaxThreshold, parsePChainAddresses, parseSubEvents, parseValidatorKey, parseValidatorKeys } from './parameterChecks';
import type { PlatformWatch, PrimaryNetworkWatch, ValidatorKeyType, ValidatorWatch } from '../service/primaryNetworkWebhooks';

// What a P-Chain or validator webhook watches, read from the parameters Webhook > Create and the
// webhook trigger share (shared/parameters/primaryNetworkParameters.ts). Each node reads a parameter its own
// way (the action node an item's, with the item in its errors; the trigger its own) and names a
// few fields its own way.

/** Reads parameter `name` (`fallback` when it is not set) and checks it with `parse`; a rejected value fails naming `field`. */
export type ReadParameter = <T>(name: string, field: string, parse: (value: unknown) => T, fallback: unknown) => T;

/** The node's names of the fields the two nodes name differently. */
export interface WatchFieldNames {
	pChainAddresses: string;
	validatorKeyType: string;
	validatorKey: (keyType: ValidatorKeyType) => string;
}

function readPlatformWatch(read: ReadParameter, network: PrimaryNetwork, names: WatchFieldNames): PlatformWatch {
	const watch: PlatformWatch = {
		eventType: EVENT_TYPES.primaryNetworkAddressActivity,
		network,
		addresses: read('pChainAddresses', names.pChainAddresses, parsePChainAddresses(network), ''),
		subEvents: read('addressSubEvents', 'Sub-Events', parseSubEvents(ADDRESS_SUB_EVENTS), []),
	};
	if (watch.subEvents.includes('balance_threshold')) {
		const needed = 'the Balance Threshold sub-event needs the amount to watch for';
		watch.balanceThreshold = {
			balanceType: read('balanceType', 'Balance Type', oneOf(BALANCE_TYPES), 'unlockedUnstaked'),
			navax: read('balanceThreshold', 'Balance Threshold (AVAX)', parseAvaxThreshold(needed), ''),
		};
	}
	return watch;
}

function readValidatorWatch(read: ReadParameter, network: PrimaryNetwork, names: WatchFieldNames): ValidatorWatch {
	const keyType = read('validatorKeyType', names.validatorKeyType, oneOf(VALIDATOR_KEY_TYPES), 'nodeId');
	const watch: ValidatorWatch = {
		eventType: EVENT_TYPES.validatorActivity,
		network,
		keyType,
		key: read('validatorKey', names.validatorKey(keyType), parseValidatorKey(keyType), ''),
		subEvents: read('validatorSubEvents', 'Sub-Events', parseSubEvents(VALIDATOR_SUB_EVENTS), []),
		nodeIds: read('validatorFilters.nodeIds', 'Node IDs', parseValidatorKeys('nodeId'), ''),
		subnetIds: read('validatorFilters.subnetIds', 'Subnet IDs', parseValidatorKeys('subnetId'), ''),
	};
	if (watch.subEvents.includes('l1_validator_balance_threshold')) {
		const needed = 'the L1 Validator Balance Threshold sub-event needs the fee balance to watch for';
		watch.feeBalanceThresholdNavax = read('feeBalanceThreshold', 'L1 Fee Balance Threshold (AVAX)', parseAvaxThreshold(needed), '');
	}
	return watch;
}

/** The network, then the fields of the type, every one checked before any request. */
export function readPrimaryNetworkWatch(read: ReadParameter, eventType: PrimaryNetworkWatch['eventType'], names: WatchFieldNames): PrimaryNetworkWatch {
	const network = read('network', 'Network', oneOf(NETWORKS), 'mainnet');
	return eventType === EVENT_TYPES.validatorActivity ? readValidatorWatch(read, network, names) : readPlatformWatch(read, network, names);
}
