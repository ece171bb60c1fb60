import type { INodeProperties } from 'n8n-workflow';

import { BALANCE_TYPES, EVENT_TYPES } from '../../../shared/primaryNetwork';

// Webhook > Create's fields of the two primary-network event types, each shown for its type only.

const EVM = EVENT_TYPES.addressActivity;
const P_CHAIN = EVENT_TYPES.primaryNetworkAddressActivity;
const VALIDATOR = EVENT_TYPES.validatorActivity;

/** Shown for these event types only. */
const forType = (...eventTypes: string[]) => ({ show: { eventType: eventTypes } });

/**
 * The EVM fields: hidden for the other types rather than shown for address_activity, so a node
 * saved before Event Type existed shows them as it did.
 */
export const EVM_ONLY = { hide: { eventType: [P_CHAIN, VALIDATOR] } };
/** The same, for an entry of a collection (its displayOptions look at the node's parameters through "/"). */
export const EVM_ONLY_IN_COLLECTION = { hide: { '/eventType': [P_CHAIN, VALIDATOR] } };

export const eventTypeProperty: INodeProperties = {
	displayName: 'Event Type',
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
			description: 'Stakes, delegations and rewards of one validator or subnet, and the fee balance of L1 validators',
		},
	],
	description: 'What the webhook watches; each type has its own fields below',
};

/** Sentence-case names of the SDK's balance types: lockedStakeable -> Locked Stakeable. */
const balanceTypeName = (value: string) => value.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());

const pChainProperties: INodeProperties[] = [
	{
		displayName: 'Addresses',
		name: 'pChainAddresses',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'P-avax1..., P-avax1...',
		description:
			'P-Chain addresses of the network chosen (P-avax1... on mainnet, P-fuji1... on Fuji), separated by commas, spaces or new lines, or an array from an expression. Duplicates are dropped.',
		displayOptions: forType(P_CHAIN),
	},
	{
		displayName: 'Sub-Events',
		name: 'addressSubEvents',
		type: 'multiOptions',
		default: ['balance_change'],
		required: true,
		options: [
			{ name: 'Balance Change', value: 'balance_change', description: 'A transaction changes the balance of a watched address' },
			{ name: 'Balance Threshold', value: 'balance_threshold', description: 'The combined balance of the watched addresses crosses the threshold below' },
			{ name: 'Reward Distribution', value: 'reward_distribution', description: 'A validation or delegation reward is paid to a watched address' },
		],
		description: 'Which activity the service delivers',
		displayOptions: forType(P_CHAIN),
	},
	{
		displayName: 'Balance Type',
		name: 'balanceType',
		type: 'options',
		default: 'unlockedUnstaked',
		options: BALANCE_TYPES.map((value) => ({ name: balanceTypeName(value), value })),
		description: 'Which P-Chain balance the threshold applies to (Unlocked Unstaked: AVAX free to spend)',
		displayOptions: { show: { eventType: [P_CHAIN], addressSubEvents: ['balance_threshold'] } },
	},
	{
		displayName: 'Balance Threshold (AVAX)',
		name: 'balanceThreshold',
		type: 'string',
		default: '',
		required: true,
		placeholder: '25000',
		description: 'In AVAX (e.g. 25000 or 0.5; at most 9 decimals). The node sends it in nAVAX (1 AVAX = 10^9 nAVAX).',
		displayOptions: { show: { eventType: [P_CHAIN], addressSubEvents: ['balance_threshold'] } },
	},
];

const validatorProperties: INodeProperties[] = [
	{
		displayName: 'Key Type',
		name: 'validatorKeyType',
		type: 'options',
		default: 'nodeId',
		options: [
			{ name: 'Node ID', value: 'nodeId', description: 'One validator, by its node ID' },
			{ name: 'Subnet ID', value: 'subnetId', description: 'The validators of one subnet (L1)' },
		],
		description: 'The service watches exactly one key per validator webhook: one node ID or one subnet ID',
		displayOptions: forType(VALIDATOR),
	},
	{
		displayName: 'Key',
		name: 'validatorKey',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
		description:
			'Exactly one node ID or subnet ID, of the Key Type chosen: the service watches one key per validator webhook and it cannot be changed later. For several, create one webhook each.',
		displayOptions: forType(VALIDATOR),
	},
	{
		displayName: 'Sub-Events',
		name: 'validatorSubEvents',
		type: 'multiOptions',
		default: ['validator_stake', 'delegator_stake', 'reward_distribution'],
		required: true,
		options: [
			{ name: 'Delegator Stake', value: 'delegator_stake', description: 'A delegation to the validator starts' },
			{ name: 'L1 Validator Balance Increased', value: 'l1_validator_balance_increased', description: "An L1 validator's fee balance was topped up" },
			{ name: 'L1 Validator Balance Threshold', value: 'l1_validator_balance_threshold', description: "An L1 validator's fee balance falls to or below the threshold below" },
			{ name: 'L1 Validator Disabled', value: 'l1_validator_disabled', description: 'An L1 validator ran out of fee balance and was disabled' },
			{ name: 'L1 Validator Removed', value: 'l1_validator_removed', description: 'An L1 validator was removed from its L1' },
			{ name: 'Reward Distribution', value: 'reward_distribution', description: 'A validation or delegation reward is paid' },
			{ name: 'Validator Stake', value: 'validator_stake', description: 'The validator starts validating (its own stake)' },
		],
		description: 'Which activity the service delivers',
		displayOptions: forType(VALIDATOR),
	},
	{
		displayName: 'L1 Fee Balance Threshold (AVAX)',
		name: 'feeBalanceThreshold',
		type: 'string',
		default: '',
		required: true,
		placeholder: '1.5',
		description: "In AVAX (at most 9 decimals): delivered when an L1 validator's fee balance falls to or below it. The node sends it in nAVAX.",
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

/** Network, then the fields of the type chosen. */
export const primaryNetworkProperties: INodeProperties[] = [
	{
		displayName: 'Network',
		name: 'network',
		type: 'options',
		default: 'mainnet',
		options: [
			{ name: 'Mainnet', value: 'mainnet' },
			{ name: 'Fuji (Test Network)', value: 'fuji' },
		],
		description: 'The Avalanche primary network to watch',
		displayOptions: forType(P_CHAIN, VALIDATOR),
	},
	...pChainProperties,
	...validatorProperties,
];
