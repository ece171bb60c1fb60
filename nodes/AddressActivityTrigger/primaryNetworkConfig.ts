import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { oneOf, parseAvaxThreshold, parsePChainAddresses, parseSubEvents, parseValidatorKey, parseValidatorKeys } from '../shared/parameterChecks';
import {
	ADDRESS_SUB_EVENTS,
	BALANCE_TYPES,
	EVENT_TYPES,
	NETWORKS,
	VALIDATOR_KEY_TYPES,
	VALIDATOR_SUB_EVENTS,
	type EventType,
	type PrimaryNetwork,
} from '../shared/primaryNetwork';
import type { PlatformWatch, PrimaryNetworkWatch, ValidatorWatch } from '../shared/primaryNetworkWebhooks';
import { parsedTriggerParameter } from '../shared/triggerParameters';
import type { OnDeactivation } from './triggerConfig';

type TriggerContext = IHookFunctions | IWebhookFunctions;

/** The trigger's Event; a workflow saved before the parameter existed watches EVM address activity. */
function triggerEventType(context: TriggerContext): EventType {
	return context.getNodeParameter('eventType', EVENT_TYPES.addressActivity) as EventType;
}

/** What a delivery of a primary-network type needs: reading only these keeps a delivery cheap. */
export interface PrimaryNetworkDeliveryConfig {
	eventType: PrimaryNetworkWatch['eventType'];
	output: 'events' | 'raw';
	includeHeaders: boolean;
	verifySignature: boolean;
	/** Deactivation needs no more than this and the event type, so invalid parameters never block it. */
	onDeactivation: OnDeactivation;
}

/** The whole configuration, validated, for activation. */
export interface PrimaryNetworkConfig extends PrimaryNetworkDeliveryConfig {
	watch: PrimaryNetworkWatch;
	webhookName: string;
}

function readPlatformWatch(context: TriggerContext, network: PrimaryNetwork): PlatformWatch {
	const addresses = parsedTriggerParameter(context, 'P-Chain Addresses', () => parsePChainAddresses(network)(context.getNodeParameter('pChainAddresses', '')));
	const chosen = parsedTriggerParameter(context, 'Sub-Events', () => parseSubEvents(ADDRESS_SUB_EVENTS)(context.getNodeParameter('addressSubEvents', [])));
	const watch: PlatformWatch = { eventType: EVENT_TYPES.primaryNetworkAddressActivity, network, addresses, subEvents: chosen };
	if (chosen.includes('balance_threshold')) {
		const balanceType = parsedTriggerParameter(context, 'Balance Type', () => oneOf(BALANCE_TYPES)(context.getNodeParameter('balanceType', 'unlockedUnstaked')));
		const navax = parsedTriggerParameter(context, 'Balance Threshold (AVAX)', () =>
			parseAvaxThreshold('the Balance Threshold sub-event needs the amount to watch for')(context.getNodeParameter('balanceThreshold', '')),
		);
		watch.balanceThreshold = { balanceType, navax };
	}
	return watch;
}

function readValidatorWatch(context: TriggerContext, network: PrimaryNetwork): ValidatorWatch {
	const keyType = parsedTriggerParameter(context, 'Watch By', () => oneOf(VALIDATOR_KEY_TYPES)(context.getNodeParameter('validatorKeyType', 'nodeId')));
	const key = parsedTriggerParameter(context, keyType === 'nodeId' ? 'Node ID' : 'Subnet ID', () => parseValidatorKey(keyType)(context.getNodeParameter('validatorKey', '')));
	const chosen = parsedTriggerParameter(context, 'Sub-Events', () => parseSubEvents(VALIDATOR_SUB_EVENTS)(context.getNodeParameter('validatorSubEvents', [])));
	const filters = context.getNodeParameter('validatorFilters', {}) as IDataObject;
	const watch: ValidatorWatch = {
		eventType: EVENT_TYPES.validatorActivity,
		network,
		keyType,
		key,
		subEvents: chosen,
		nodeIds: parsedTriggerParameter(context, 'Node IDs', () => parseValidatorKeys('nodeId')(filters.nodeIds ?? '')),
		subnetIds: parsedTriggerParameter(context, 'Subnet IDs', () => parseValidatorKeys('subnetId')(filters.subnetIds ?? '')),
	};
	if (chosen.includes('l1_validator_balance_threshold')) {
		watch.feeBalanceThresholdNavax = parsedTriggerParameter(context, 'L1 Fee Balance Threshold (AVAX)', () =>
			parseAvaxThreshold('the L1 Validator Balance Threshold sub-event needs the fee balance to watch for')(context.getNodeParameter('feeBalanceThreshold', '')),
		);
	}
	return watch;
}

/** The delivery parameters of a primary-network type; undefined when the trigger watches EVM activity. */
export function readPrimaryNetworkDeliveryConfig(context: TriggerContext): PrimaryNetworkDeliveryConfig | undefined {
	const eventType = triggerEventType(context);
	if (eventType === EVENT_TYPES.addressActivity) return undefined;
	const output = context.getNodeParameter('output', 'events') === 'raw' ? 'raw' : 'events';
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		eventType,
		output,
		includeHeaders: output === 'raw' && options.includeHeaders === true,
		verifySignature: options.verifySignature !== false,
		onDeactivation: options.onDeactivation === 'keep' ? 'keep' : 'delete',
	};
}

/** Every parameter of a primary-network type, checked before any request; undefined for EVM activity. */
export function readPrimaryNetworkConfig(context: TriggerContext): PrimaryNetworkConfig | undefined {
	const delivery = readPrimaryNetworkDeliveryConfig(context);
	if (delivery === undefined) return undefined;
	const network = parsedTriggerParameter(context, 'Network', () => oneOf(NETWORKS)(context.getNodeParameter('network', 'mainnet')));
	const watch = delivery.eventType === EVENT_TYPES.validatorActivity ? readValidatorWatch(context, network) : readPlatformWatch(context, network);
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		...delivery,
		watch,
		webhookName: typeof options.webhookName === 'string' ? options.webhookName.trim() : '',
	};
}
