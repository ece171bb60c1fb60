import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { BALANCE_TYPES, EVENT_TYPES } from '../model/primaryNetwork';

// The parameters of the two primary-network event types, one shape in the action node's Webhook >
// Create and in the trigger; each node says in `description` what the choice does there.

const P_CHAIN = EVENT_TYPES.primaryNetworkAddressActivity;
const VALIDATOR = EVENT_TYPES.validatorActivity;

/** Shown for these event types only. */
export const forType = (...eventTypes: string[]) => ({ show: { eventType: eventTypes } });

/**
 * The EVM parameters: hidden for the other types rather than shown for address_activity, so a node
 * saved before its event type parameter existed (no eventType stored) shows them unchanged.
 */
export const EVM_ONLY = { hide: { eventType: [P_CHAIN, VALIDATOR] } };
/** The same, for an entry of a collection (its displayOptions see the node's parameters through "/"). */
export const EVM_ONLY_IN_COLLECTION = { hide: { '/eventType': [P_CHAIN, VALIDATOR] } };

/** `property`, shown only while the event type is EVM address activity. */
export const evmOnly = (property: INodeProperties): INodeProperties => ({
	...property,
	// A property's own hide rules (e.g. for an output) are kept beside the event type's.
	displayOptions: { ...property.displayOptions, hide: { ...property.displayOptions?.hide, ...EVM_ONLY.hide } },
});

export const EVENT_TYPE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'EVM Address Activity',
		// The trigger's entry in n8n's nodes panel: one action per event type (the panel lists the options of a trigger's "Event").
		action: 'On EVM address activity',
		value: EVENT_TYPES.addressActivity,
		description: 'Transactions, transfers and logs of 0x addresses on an EVM chain (C-Chain, its test network, L1s)',
	},
	{
		name: 'P-Chain Address Activity',
		action: 'On P-Chain address activity',
		value: P_CHAIN,
		description: 'Balance changes, balance thresholds crossed and staking rewards of P-Chain addresses',
	},
	{
		name: 'Validator Activity',
		action: 'On validator activity',
		value: VALIDATOR,
		description: 'Stakes, delegations and rewards of a validator, and the fee balance of L1 validators',
	},
];

/** The choice of event type, first among a webhook's parameters; the name and description are the node's. */
export function eventTypeChoice(displayName: string, description?: string): INodeProperties {
	return {
		displayName,
		name: 'eventType',
		type: 'options',
		noDataExpression: true,
		default: 'address_activity',
		options: EVENT_TYPE_OPTIONS,
		...(description ? { description } : {}),
	};
}

export const networkParameter: INodeProperties = {
	displayName: 'Network',
	name: 'network',
	type: 'options',
	default: 'mainnet',
	options: [
		{ name: 'Mainnet', value: 'mainnet' },
		{ name: 'Fuji (Test Network)', value: 'fuji' },
	],
	displayOptions: forType(P_CHAIN, VALIDATOR),
	description: 'The Avalanche primary network to watch',
};

/** The P-Chain addresses a webhook watches; the name and description are the node's. */
export function pChainAddressesParameter(displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name: 'pChainAddresses',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'P-avax1..., P-avax1...',
		description,
		displayOptions: forType(P_CHAIN),
	};
}

/** Node ID or subnet ID: the kind of the one key a validator webhook watches. */
export function validatorKeyTypeParameter(displayName: string): INodeProperties {
	return {
		displayName,
		name: 'validatorKeyType',
		type: 'options',
		default: 'nodeId',
		options: [
			{ name: 'Node ID', value: 'nodeId', description: 'One validator, by its node ID' },
			{ name: 'Subnet (L1) ID', value: 'subnetId', description: 'The validators of one subnet or L1' },
		],
		description: 'A validator webhook watches exactly one key: one node ID or one subnet ID',
		displayOptions: forType(VALIDATOR),
	};
}

/** Sentence-case names of the SDK's balance types: lockedStakeable -> Locked Stakeable. */
const balanceTypeName = (value: string) => value.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());

/**
 * An amount of AVAX: a number field (the editor takes nothing else), empty until filled in. No
 * numberPrecision: the editor would show 25000 as 25000.000000000; more than 9 decimals is refused
 * when the node runs. Workflows saved when it was text keep their text, which is read the same way.
 */
const AVAX_AMOUNT = {
	type: 'number',
	default: null,
	required: true,
	typeOptions: { minValue: 0 },
} satisfies Partial<INodeProperties>;

const WITH_BALANCE_THRESHOLD = { show: { eventType: [P_CHAIN], addressSubEvents: ['balance_threshold'] } };

/** Sub-events, balance type and threshold of P-Chain address activity; `description` says what a sub-event does here. */
export function addressSubEventParameters(description: string): INodeProperties[] {
	return [
		{
			displayName: 'Sub-Events',
			name: 'addressSubEvents',
			type: 'multiOptions',
			default: ['balance_change'],
			required: true,
			options: [
				{ name: 'Balance Change', value: 'balance_change', description: 'Any transaction that changes the balance of a watched address' },
				{ name: 'Balance Threshold Crossed', value: 'balance_threshold', description: 'The combined balance of the watched addresses crosses the threshold below' },
				{ name: 'Reward Distribution', value: 'reward_distribution', description: 'A validation or delegation reward paid to a watched address' },
			],
			description,
			displayOptions: forType(P_CHAIN),
		},
		{
			displayName: 'Balance Type',
			name: 'balanceType',
			type: 'options',
			default: 'unlockedUnstaked',
			options: BALANCE_TYPES.map((value) => ({ name: balanceTypeName(value), value })),
			description: 'Which of the P-Chain balances the threshold applies to (Unlocked Unstaked: AVAX free to spend)',
			displayOptions: WITH_BALANCE_THRESHOLD,
		},
		{
			displayName: 'Balance Threshold (AVAX)',
			name: 'balanceThreshold',
			...AVAX_AMOUNT,
			placeholder: '25000',
			description: 'In AVAX (e.g. 25000 or 0.5; at most 9 decimals). The node sends it to the service in nAVAX (1 AVAX = 10^9 nAVAX).',
			displayOptions: WITH_BALANCE_THRESHOLD,
		},
	];
}

/** Sub-events and the L1 fee balance threshold of validator activity; the descriptions say what they do here. */
export function validatorSubEventParameters(description: string, thresholdDescription: string): INodeProperties[] {
	return [
		{
			displayName: 'Sub-Events',
			name: 'validatorSubEvents',
			type: 'multiOptions',
			default: ['validator_stake', 'delegator_stake', 'reward_distribution'],
			required: true,
			options: [
				{ name: 'Delegator Stake', value: 'delegator_stake', description: 'A delegation to the validator starts' },
				{ name: 'L1 Validator Balance Increased', value: 'l1_validator_balance_increased', description: "Someone topped up an L1 validator's fee balance" },
				{ name: 'L1 Validator Disabled', value: 'l1_validator_disabled', description: 'An L1 validator ran out of fee balance and was disabled' },
				{ name: 'L1 Validator Fee Balance Low', value: 'l1_validator_balance_threshold', description: "An L1 validator's fee balance fell to or below the threshold below" },
				{ name: 'L1 Validator Removed', value: 'l1_validator_removed', description: 'An L1 validator was removed from its L1' },
				{ name: 'Reward Distribution', value: 'reward_distribution', description: 'A validation or delegation reward was paid' },
				{ name: 'Validator Stake', value: 'validator_stake', description: 'The validator starts validating (its own stake)' },
			],
			description,
			displayOptions: forType(VALIDATOR),
		},
		{
			displayName: 'L1 Fee Balance Threshold (AVAX)',
			name: 'feeBalanceThreshold',
			...AVAX_AMOUNT,
			placeholder: '1.5',
			description: thresholdDescription,
			displayOptions: { show: { eventType: [VALIDATOR], validatorSubEvents: ['l1_validator_balance_threshold'] } },
		},
	];
}

/** Optional narrowing of a validator webhook to some nodes or subnets. */
export const validatorFiltersParameter: INodeProperties = {
	displayName: 'Validator Filters',
	name: 'validatorFilters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	displayOptions: forType(VALIDATOR),
	options: [
		{
			displayName: 'Node IDs',
			name: 'nodeIds',
			type: 'string',
			default: '',
			placeholder: 'NodeID-..., NodeID-...',
			description: 'Only activity of these validators, separated by commas, spaces or new lines',
		},
		{
			displayName: 'Subnet IDs',
			name: 'subnetIds',
			type: 'string',
			default: '',
			description: 'Only activity on these subnets (L1s), separated by commas, spaces or new lines',
		},
	],
};
