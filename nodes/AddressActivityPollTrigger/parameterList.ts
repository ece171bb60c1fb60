import type { INodeProperties } from 'n8n-workflow';

import { balanceOptionsParameter } from '../shared/parameters/balanceParameters';
import { chainLocatorParameter, chainsParameter } from '../shared/parameters/chainParameters';
import { transferFiltersParameter, watchAddressesParameter } from '../shared/parameters/watchParameters';
import { includeInternalTxsParameter } from '../shared/parameters/webhookParameters';

/** Default of Max Pages per Address: 1,000 transactions of one address per poll. */
export const DEFAULT_MAX_PAGES = 10;
/** Default of Max Requests per Minute: 100 addresses polled every minute fit. */
export const DEFAULT_MAX_REQUESTS_PER_MINUTE = 120;

// Poll Times (pollTimes) is not declared here: n8n adds it to every node with `polling: true`.
export const pollTriggerParameterList: INodeProperties[] = [
	chainLocatorParameter({
		searchListMethod: 'searchChains',
		description:
			'The chain whose transactions to poll: pick one from the list, or give its decimal chain ID (e.g. 43114 for the C-Chain, 43113 for its test network)',
		displayOptions: { show: { '@version': [1] } },
	}),
	chainsParameter(
		'getChains',
		'The chains whose transactions to poll, each with its own cursor: chains the service serves, or their decimal chain IDs (e.g. 43114 for the C-Chain, 43113 for its test network)',
		2,
	),
	watchAddressesParameter,
	includeInternalTxsParameter(
		'Whether value moved by contract calls shows up as internal transfers (C-Chain only), as with the webhook trigger option of the same name',
	),
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
					'One item per native, internal, ERC-20, ERC-721 or ERC-1155 transfer that involves a monitored address, exactly as the Address Activity Trigger puts them out',
			},
			{
				name: 'Raw Transaction',
				value: 'raw',
				description: "One item per transaction, as the service's chain data lists it",
			},
		],
	},
	transferFiltersParameter,
	balanceOptionsParameter,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Max Pages per Address',
				name: 'maxPages',
				type: 'number',
				default: DEFAULT_MAX_PAGES,
				typeOptions: { minValue: 1, maxValue: 100 },
				description:
					'At most this many pages of 100 new transactions are read per address in one poll; a larger backlog (a backfill, a long pause) continues in the next polls, nothing is skipped',
			},
			{
				displayName: 'Max Requests per Minute',
				name: 'maxRequestsPerMinute',
				type: 'number',
				default: DEFAULT_MAX_REQUESTS_PER_MINUTE,
				typeOptions: { minValue: 1 },
				description:
					"The most requests the polls may send per minute, so that one trigger cannot use up the account's rate limit. A poll reads each address (one request each) or, for long lists, the chain's new transactions once; what does not fit waits for the next poll.",
			},
			{
				displayName: 'Start From Block',
				name: 'startFromBlock',
				type: 'number',
				default: 0,
				typeOptions: { minValue: 0 },
				description:
					'Backfill: the first poll puts out every transfer from this block on, instead of starting at the newest block (with several chains, the same block number on each). Setting a different value later replays from that block.',
			},
		],
	},
];
