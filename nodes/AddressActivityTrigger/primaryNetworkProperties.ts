import type { INodeProperties } from 'n8n-workflow';

import { BALANCE_TYPES, EVENT_TYPES } from '../shared/primaryNetwork';

const EVM = EVENT_TYPES.addressActivity;
const P_CHAIN = EVENT_TYPES.primaryNetworkAddressActivity;
const VALIDATOR = EVENT_TYPES.validatorActivity;

/** Shown for one event type only. */
const forType = (...eventTypes: string[]) => ({ show: { eventType: eventTypes } });
/**
 * The EVM parameters: hidden for the other types rather than shown for address_activity, so a
 * workflow saved before the Event parameter existed (no eventType stored) shows them unchanged.
 */
export const EVM_ONLY = { hide: { eventType: [P_CHAIN, VALIDATOR] } };

export const eventTypeProperty: INodeProperties = {
	displayName: 'Event',
	name: 'eventType',
	type: 'options',
	noDataExpression: true,
	default: EVM,
	options: [
		{
			name: 'EVM Address Activity',
			value: EVM,
			description: 'Transactions, transfers and logs of 0x addresses on an EVM chain (C-Chain, its test network, L1s)',
		},
		{
			name: 'P-Chain Address Activity',
			value: P_CHAIN,
			description: 'Balance changes, balance thresholds crossed and staking rewards of P-Chain addresses',
		},
		{
			name: 'Validator Activity',
			value: VALIDATOR,
			description: 'Stakes, delegations and rewards of a validator, and the fee balance of L1 validators',
		},
	],
};

const networkProperty: INodeProperties = {
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

const deliveryNotice: INodeProperties = {
	displayName:
		"The service delivers to this n8n's public webhook URL (the Poll Trigger does not offer this event). No catch-up: the service keeps no history of P-Chain or validator events to read back, so what happens while the workflow is inactive (or its webhook stopped) never starts a run.",
	name: 'primaryNetworkNotice',
	type: 'notice',
	default: '',
	displayOptions: forType(P_CHAIN, VALIDATOR),
};

const pChainProperties: INodeProperties[] = [
	{
		displayName: 'P-Chain Addresses',
		name: 'pChainAddresses',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'P-avax1..., P-avax1...',
		description:
			'The P-Chain addresses to watch, of the network chosen (P-avax1... on mainnet, P-fuji1... on Fuji), separated by commas, spaces or new lines (or an array from an expression)',
		displayOptions: forType(P_CHAIN),
	},
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
		description: 'Which activity starts the workflow',
		displayOptions: forType(P_CHAIN),
	},
	{
		displayName: 'Balance Type',
		name: 'balanceType',
		type: 'options',
		default: 'unlockedUnstaked',
		options: BALANCE_TYPES.map((value) => ({ name: value.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase()), value })),
		description: 'Which of the P-Chain balances the threshold applies to (Unlocked Unstaked: AVAX free to spend)',
		displayOptions: { show: { eventType: [P_CHAIN], addressSubEvents: ['balance_threshold'] } },
	},
	{
		displayName: 'Balance Threshold (AVAX)',
		name: 'balanceThreshold',
		type: 'string',
		default: '',
		required: true,
		placeholder: '25000',
		description: 'In AVAX (e.g. 25000 or 0.5; at most 9 decimals). The node sends it to the service in nAVAX (1 AVAX = 10^9 nAVAX).',
		displayOptions: { show: { eventType: [P_CHAIN], addressSubEvents: ['balance_threshold'] } },
	},
];

const validatorProperties: INodeProperties[] = [
	{
		displayName: 'Watch By',
		name: 'validatorKeyType',
		type: 'options',
		default: 'nodeId',
		options: [
			{ name: 'Node ID', value: 'nodeId', description: 'One validator, by its node ID' },
			{ name: 'Subnet (L1) ID', value: 'subnetId', description: 'The validators of one subnet or L1' },
		],
		description: 'A validator webhook watches exactly one key: one node ID or one subnet ID',
		displayOptions: forType(VALIDATOR),
	},
	{
		displayName: 'Node ID',
		name: 'validatorKey',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
		description: 'Exactly one node ID: the service takes a single key per validator webhook. For several validators, use one trigger each, or watch their subnet.',
		displayOptions: { show: { eventType: [VALIDATOR], validatorKeyType: ['nodeId'] } },
	},
	{
		displayName: 'Subnet ID',
		name: 'validatorKey',
		type: 'string',
		default: '',
		required: true,
		placeholder: '11111111111111111111111111111111LpoYY',
		description: 'Exactly one subnet (L1) ID: the service takes a single key per validator webhook. Node IDs below narrow it to some of its validators.',
		displayOptions: { show: { eventType: [VALIDATOR], validatorKeyType: ['subnetId'] } },
	},
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
		description: 'Which activity starts the workflow',
		displayOptions: forType(VALIDATOR),
	},
	{
		displayName: 'L1 Fee Balance Threshold (AVAX)',
		name: 'feeBalanceThreshold',
		type: 'string',
		default: '',
		required: true,
		placeholder: '1.5',
		description:
			'In AVAX (at most 9 decimals): the run starts once each time an L1 validator\'s fee balance falls to or below it. The node sends it in nAVAX.',
		displayOptions: { show: { eventType: [VALIDATOR], validatorSubEvents: ['l1_validator_balance_threshold'] } },
	},
	{
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
	},
];

/** The Output choice of the two types: their items, or the message as sent. */
const primaryNetworkOutputProperty: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	default: 'events',
	options: [
		{ name: 'Events', value: 'events', description: 'One item per delivery: the event with amounts in AVAX and nAVAX and times as dates' },
		{ name: 'Raw Message', value: 'raw', description: 'One item per delivery: the message exactly as the service sent it' },
	],
	displayOptions: forType(P_CHAIN, VALIDATOR),
};

/** Everything the two primary-network types add to the trigger, after the Event choice. */
export const primaryNetworkProperties: INodeProperties[] = [
	deliveryNotice,
	networkProperty,
	...pChainProperties,
	...validatorProperties,
	primaryNetworkOutputProperty,
];
