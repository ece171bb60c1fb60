import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, INode, IWebhookFunctions } from 'n8n-workflow';

import { InvalidInputError, quoteValue } from '../shared/errors';
import {
	ADDRESS_SUB_EVENTS,
	avaxToNavax,
	BALANCE_TYPES,
	EVENT_TYPES,
	NETWORKS,
	parseNodeId,
	parsePChainAddress,
	parseSubnetId,
	VALIDATOR_KEY_TYPES,
	VALIDATOR_SUB_EVENTS,
	type EventType,
	type PrimaryNetwork,
} from '../shared/primaryNetwork';
import type { PlatformWatch, PrimaryNetworkWatch, ValidatorWatch } from '../shared/primaryNetworkWebhooks';
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

/** A bad parameter, said with its field and value; nothing has been sent at this point. */
function parsed<T>(node: INode, field: string, parse: () => T): T {
	try {
		return parse();
	} catch (error) {
		const value = error instanceof InvalidInputError ? `${quoteValue(error.value)} ` : '';
		throw new NodeOperationError(node, `Invalid ${field}: ${value}${(error as Error).message}`, {
			description: `Correct the "${field}" parameter of the trigger; nothing was sent to the service.`,
		});
	}
}

/** Text separated by commas, spaces or new lines, or an array from an expression: the entries, each once. */
function entries(value: unknown): unknown[] {
	const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : [value];
	return [...new Set(list)];
}

function oneOf<T extends string>(allowed: readonly T[], what: string): (value: unknown) => T {
	return (value) => {
		if (allowed.includes(value as T)) return value as T;
		throw new InvalidInputError(`is not ${what} (one of ${allowed.join(', ')})`, value);
	};
}

/** Sub-events: at least one, each one the service knows. */
function subEvents<T extends string>(node: INode, value: unknown, allowed: readonly T[]): T[] {
	return parsed(node, 'Sub-Events', () => {
		const chosen = entries(value).map(oneOf(allowed, 'a sub-event of this event'));
		if (chosen.length === 0) throw new InvalidInputError('has none selected (choose at least one)', value);
		return chosen;
	});
}

const HRP: Record<PrimaryNetwork, string> = { mainnet: 'P-avax1', fuji: 'P-fuji1' };

function readPlatformWatch(context: TriggerContext, network: PrimaryNetwork): PlatformWatch {
	const node = context.getNode();
	const raw = context.getNodeParameter('pChainAddresses', '');
	const addresses = parsed(node, 'P-Chain Addresses', () => {
		const list = entries(raw).map(parsePChainAddress);
		if (list.length === 0) throw new InvalidInputError('has no address (enter at least one)', raw);
		const other = list.find((address) => !address.startsWith(HRP[network]));
		if (other !== undefined) throw new InvalidInputError(`is not an address of ${network} (those start with ${HRP[network]})`, other);
		return [...new Set(list)];
	});
	const chosen = subEvents(node, context.getNodeParameter('addressSubEvents', []), ADDRESS_SUB_EVENTS);
	const watch: PlatformWatch = { eventType: EVENT_TYPES.primaryNetworkAddressActivity, network, addresses, subEvents: chosen };
	if (chosen.includes('balance_threshold')) {
		const balanceType = parsed(node, 'Balance Type', () => oneOf(BALANCE_TYPES, 'a balance type')(context.getNodeParameter('balanceType', 'unlockedUnstaked')));
		const navax = parsed(node, 'Balance Threshold (AVAX)', () => avaxToNavax(context.getNodeParameter('balanceThreshold', '')));
		watch.balanceThreshold = { balanceType, navax };
	}
	return watch;
}

function readValidatorWatch(context: TriggerContext, network: PrimaryNetwork): ValidatorWatch {
	const node = context.getNode();
	const keyType = parsed(node, 'Watch By', () => oneOf(VALIDATOR_KEY_TYPES, 'a key type')(context.getNodeParameter('validatorKeyType', 'nodeId')));
	const keyField = keyType === 'nodeId' ? 'Node ID' : 'Subnet ID';
	const raw = context.getNodeParameter('validatorKey', '');
	const key = parsed(node, keyField, () => {
		const keys = entries(raw);
		if (keys.length !== 1) {
			throw new InvalidInputError(`has ${keys.length} keys, but a validator webhook watches exactly one (use one trigger per key)`, raw);
		}
		return (keyType === 'nodeId' ? parseNodeId : parseSubnetId)(keys[0]);
	});
	const chosen = subEvents(node, context.getNodeParameter('validatorSubEvents', []), VALIDATOR_SUB_EVENTS);
	const filters = context.getNodeParameter('validatorFilters', {}) as IDataObject;
	const watch: ValidatorWatch = {
		eventType: EVENT_TYPES.validatorActivity,
		network,
		keyType,
		key,
		subEvents: chosen,
		nodeIds: parsed(node, 'Node IDs', () => entries(filters.nodeIds ?? '').map(parseNodeId)),
		subnetIds: parsed(node, 'Subnet IDs', () => entries(filters.subnetIds ?? '').map(parseSubnetId)),
	};
	if (chosen.includes('l1_validator_balance_threshold')) {
		watch.feeBalanceThresholdNavax = parsed(node, 'L1 Fee Balance Threshold (AVAX)', () => avaxToNavax(context.getNodeParameter('feeBalanceThreshold', '')));
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
	const node = context.getNode();
	const network = parsed(node, 'Network', () => oneOf(NETWORKS, 'a network')(context.getNodeParameter('network', 'mainnet')));
	const watch = delivery.eventType === EVENT_TYPES.validatorActivity ? readValidatorWatch(context, network) : readPlatformWatch(context, network);
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		...delivery,
		watch,
		webhookName: typeof options.webhookName === 'string' ? options.webhookName.trim() : '',
	};
}
