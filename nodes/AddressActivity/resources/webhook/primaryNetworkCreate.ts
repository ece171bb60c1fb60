import type { IExecuteFunctions } from 'n8n-workflow';

import { ADDRESS_SUB_EVENTS, BALANCE_TYPES, EVENT_TYPES, NETWORKS, VALIDATOR_KEY_TYPES, VALIDATOR_SUB_EVENTS } from '../../../shared/primaryNetwork';
import type { PlatformWatch, PrimaryNetworkWatch, ValidatorWatch } from '../../../shared/primaryNetworkWebhooks';
import { parsedParameter } from '../../parameters';
import { oneOf, parseAvaxThreshold, parsePChainAddresses, parseSubEvents, parseValidatorKey, parseValidatorKeys } from '../../../shared/parameterChecks';

// Reads and checks Webhook > Create's fields of the two primary-network types (primaryNetworkFields.ts).

type PrimaryNetworkEventType = PrimaryNetworkWatch['eventType'];

function readPlatformWatch(context: IExecuteFunctions, itemIndex: number): PlatformWatch {
	const network = parsedParameter(context, 'network', 'Network', itemIndex, oneOf(NETWORKS));
	const watch: PlatformWatch = {
		eventType: EVENT_TYPES.primaryNetworkAddressActivity,
		network,
		addresses: parsedParameter(context, 'pChainAddresses', 'Addresses', itemIndex, parsePChainAddresses(network)),
		subEvents: parsedParameter(context, 'addressSubEvents', 'Sub-Events', itemIndex, parseSubEvents(ADDRESS_SUB_EVENTS)),
	};
	if (watch.subEvents.includes('balance_threshold')) {
		watch.balanceThreshold = {
			balanceType: parsedParameter(context, 'balanceType', 'Balance Type', itemIndex, oneOf(BALANCE_TYPES)),
			navax: parsedParameter(
				context,
				'balanceThreshold',
				'Balance Threshold (AVAX)',
				itemIndex,
				parseAvaxThreshold('the Balance Threshold sub-event needs the amount to watch for'),
				'',
			),
		};
	}
	return watch;
}

function readValidatorWatch(context: IExecuteFunctions, itemIndex: number): ValidatorWatch {
	const network = parsedParameter(context, 'network', 'Network', itemIndex, oneOf(NETWORKS));
	const keyType = parsedParameter(context, 'validatorKeyType', 'Key Type', itemIndex, oneOf(VALIDATOR_KEY_TYPES));
	const watch: ValidatorWatch = {
		eventType: EVENT_TYPES.validatorActivity,
		network,
		keyType,
		key: parsedParameter(context, 'validatorKey', 'Key', itemIndex, parseValidatorKey(keyType)),
		subEvents: parsedParameter(context, 'validatorSubEvents', 'Sub-Events', itemIndex, parseSubEvents(VALIDATOR_SUB_EVENTS)),
		nodeIds: parsedParameter(context, 'validatorFilters.nodeIds', 'Node IDs', itemIndex, parseValidatorKeys('nodeId'), ''),
		subnetIds: parsedParameter(context, 'validatorFilters.subnetIds', 'Subnet IDs', itemIndex, parseValidatorKeys('subnetId'), ''),
	};
	if (watch.subEvents.includes('l1_validator_balance_threshold')) {
		watch.feeBalanceThresholdNavax = parsedParameter(
			context,
			'feeBalanceThreshold',
			'L1 Fee Balance Threshold (AVAX)',
			itemIndex,
			parseAvaxThreshold('the L1 Validator Balance Threshold sub-event needs the fee balance to watch for'),
			'',
		);
	}
	return watch;
}

/** What a P-Chain or validator webhook watches, every field checked. */
export function readPrimaryNetworkWatch(context: IExecuteFunctions, itemIndex: number, eventType: PrimaryNetworkEventType): PrimaryNetworkWatch {
	return eventType === EVENT_TYPES.primaryNetworkAddressActivity ? readPlatformWatch(context, itemIndex) : readValidatorWatch(context, itemIndex);
}
