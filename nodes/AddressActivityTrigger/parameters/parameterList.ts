import type { INodeProperties } from 'n8n-workflow';

import { balanceOptionsParameter } from '../../shared/parameters/balanceParameters';
import { chainLocatorParameter, chainsParameter } from '../../shared/parameters/chainParameters';
import { transferFiltersParameter, watchAddressesParameter } from '../../shared/parameters/watchParameters';
import { CHAINS_FROM_VERSION } from './readParameters';
import { eventSignaturesParameter, includeInternalTxsParameter, includeLogsParameter } from '../../shared/parameters/webhookParameters';
import { evmOnly } from '../../shared/parameters/primaryNetworkParameters';
import { eventTypeParameter, primaryNetworkParameterList } from './primaryNetworkParameters';

/** The Decoded Events output's fields. */
const decodedEventsParameters: INodeProperties[] = [
	{
		// Said where the user chose the output: n8n's listening panel shows no text of the node's.
		displayName: 'Execute step shows no sample with Decoded Events (chain data carries no logs): it listens for the next live event',
		name: 'decodedEventsSampleNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { output: ['decodedEvents'] } },
	},
	{
		displayName: 'Event Definitions',
		name: 'eventDefinitions',
		type: 'string',
		typeOptions: { rows: 6 },
		default: '',
		required: true,
		placeholder:
			'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)\nevent Sync(uint112 reserve0, uint112 reserve1)',
		hint: 'One event per line, as explorers and Solidity sources write it, with indexed and argument names; or paste a JSON ABI whole (its events are used)',
		description:
			'The events to decode. Their hashes also become the webhook\'s Event Signatures (unless you give some), so the service sends only these events; changing them replaces the webhook.',
		displayOptions: { show: { output: ['decodedEvents'] } },
	},
	{
		displayName: 'Logs Matching No Definition',
		name: 'unmatchedLogs',
		type: 'options',
		default: 'leaveOut',
		options: [
			{
				name: 'Leave Out',
				value: 'leaveOut',
				description: 'Only the defined events come out, and the webhook asks the service for these events only',
			},
			{
				name: 'Keep Raw',
				value: 'keepRaw',
				description:
					'Every other log of the delivered transactions comes out as delivered (event null, its topics and data); the webhook then receives all activity of the addresses',
			},
		],
		displayOptions: { show: { output: ['decodedEvents'] } },
	},
];

/** Chain, addresses, webhook flags, Transfers output: the address_activity parameters. */
const evmParameters: INodeProperties[] = [
	chainLocatorParameter({
		searchListMethod: 'searchWebhookChains',
		description:
			'The chain whose activity starts the workflow: pick one of the chains that support webhooks, or give its decimal chain ID (e.g. 43114 for the C-Chain, 43113 for its test network)',
		displayOptions: { show: { '@version': [1, 2] } },
	}),
	chainsParameter(
		'getWebhookChains',
		'The chains whose activity starts the workflow, one webhook each at the service: chains that support webhooks, or their decimal chain IDs (e.g. 43114 for the C-Chain, 43113 for its test network)',
		CHAINS_FROM_VERSION,
	),
	watchAddressesParameter,
	eventSignaturesParameter(
		'Optional. Only activity with a log whose topic0 matches: 0x-prefixed 32-byte hashes, or signatures such as Transfer(address,address,uint256), which the node hashes. Empty means all activity (with Decoded Events: the defined events). Changing it replaces the webhook.',
	),
	includeInternalTxsParameter(
		'Whether deliveries carry internal transactions, so that value moved by contract calls shows up as transfers (C-Chain only)',
	),
	{
		...includeLogsParameter("Whether deliveries carry the transaction's logs (shown in the Raw Message output)"),
		// Decoded Events always asks for the logs: a switch there could only mislead.
		displayOptions: { hide: { output: ['decodedEvents'] } },
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'transfers',
		options: [
			{
				name: 'Transfers',
				value: 'transfers',
				description:
					'One item per native, internal, ERC-20, ERC-721 or ERC-1155 transfer that involves a monitored address',
			},
			{
				name: 'Decoded Events',
				value: 'decodedEvents',
				description: "One item per log of the events you define, decoded: the event's name and every argument by name",
			},
			{
				name: 'Raw Message',
				value: 'raw',
				description: 'One item per delivery: the message exactly as the service sent it',
			},
		],
	},
	transferFiltersParameter,
	balanceOptionsParameter,
	...decodedEventsParameters,
];

/**
 * Notices that apply only to a choice made in Options, each shown right below them while it holds.
 * Nothing is shown by default. The rules read the collection's values by a root path ('/options.…'):
 * n8n 1.x resolves a parameter's dependencies by name and fails on 'options.…' ("Max iterations
 * reached"), while it takes a '/' path as resolved; both majors read the value the same way.
 */
const optionNotices: INodeProperties[] = [
	{
		displayName: 'Verify Signature is off: anyone who learns this workflow\'s webhook URL can start it with a made-up delivery',
		name: 'signatureOffNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '/options.verifySignature': [false] } },
	},
	{
		displayName: 'Catch Up At Most is 0: what happens while the webhook is not receiving (workflow unpublished, n8n down) is not put out later',
		name: 'catchUpOffNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '/options.catchUpHours': [0] } },
	},
];

export const triggerParameterList: INodeProperties[] = [
	eventTypeParameter,
	...evmParameters.map(evmOnly),
	...primaryNetworkParameterList,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Catch Up At Most (Hours)',
				name: 'catchUpHours',
				type: 'number',
				default: 24,
				typeOptions: { minValue: 0 },
				description:
					'After the webhook stopped receiving (workflow deactivated, webhook deactivated or deleted at the service, a changed trigger published), activation puts out what the gap missed (transfers read from chain data; P-Chain and validator events from the primary network\'s history), each marked catchUp: true. This limits how far back; a longer gap starts with an item marked gapTooLong. 0 turns catching up off.',
			},
			{
				displayName: 'Include Headers',
				name: 'includeHeaders',
				type: 'boolean',
				default: false,
				displayOptions: { show: { '/output': ['raw'] } },
				description:
					'Whether to output the request headers (including x-signature) beside the message: the item becomes { headers, body }',
			},
			{
				displayName: 'On Deactivation',
				name: 'onDeactivation',
				type: 'options',
				default: 'delete',
				description: 'What happens to the webhook at the service when the workflow is deactivated',
				options: [
					{
						name: 'Delete Webhook',
						value: 'delete',
						description: 'Remove the webhook; the next activation creates a new one',
					},
					{
						name: 'Keep Webhook, Set Inactive',
						value: 'keep',
						description:
							'Keep the webhook and its addresses (also those added elsewhere, e.g. by the Address Activity node); the next activation sets it active again',
					},
				],
			},
			{
				displayName: 'Verify Signature',
				name: 'verifySignature',
				type: 'boolean',
				default: true,
				description:
					"Whether to check each delivery's x-signature against the account's shared secret and reject (401) any that does not match",
			},
			{
				displayName: 'Webhook Name',
				name: 'webhookName',
				type: 'string',
				default: '',
				placeholder: 'Treasury wallets',
				description:
					'Name of the webhook at the service. Empty: "n8n: workflow name / node name", so the owner is easy to find in a list of webhooks.',
			},
		],
	},
	...optionNotices,
];
