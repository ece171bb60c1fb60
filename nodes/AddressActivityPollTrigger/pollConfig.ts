import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { TransferFilters } from '../shared/transfers';
import { parsedTriggerParameter, readTransferFilters } from '../shared/triggerParameters';
import { parseAddresses } from '../shared/addresses';
import { parseChainId } from '../shared/chains';
import { wholeNumber } from '../shared/numbers';
import { DEFAULT_MAX_PAGES, DEFAULT_MAX_REQUESTS_PER_MINUTE } from './properties';

export type PollOutput = 'transfers' | 'raw';

/** The poll trigger's parameters, read and checked once per poll. */
export interface PollConfig {
	chainId: string;
	addresses: string[];
	includeInternalTxs: boolean;
	output: PollOutput;
	filters: TransferFilters;
	maxPages: number;
	maxRequestsPerMinute: number;
	/** Undefined: the first poll starts at the newest block. */
	startFromBlock?: number;
}

const parsed = parsedTriggerParameter;

export function readPollConfig(context: IPollFunctions): PollConfig {
	const chainId = parsed(context, 'Chain', () =>
		parseChainId(context.getNodeParameter('chainId', '', { extractValue: true })),
	);
	const addresses = parsed(context, 'Addresses', () => parseAddresses(context.getNodeParameter('addresses', '')));
	if (addresses.length === 0) {
		throw new NodeOperationError(context.getNode(), 'No addresses to poll', {
			description: 'Enter at least one address (0x followed by 40 hexadecimal characters) in "Addresses".',
		});
	}
	const output = context.getNodeParameter('output', 'transfers') as PollOutput;
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const config: PollConfig = {
		chainId,
		addresses,
		includeInternalTxs: context.getNodeParameter('includeInternalTxs', false) as boolean,
		output,
		filters: output === 'transfers' ? readTransferFilters(context, context.getNodeParameter('filters', {}) as IDataObject) : {},
		maxPages: parsed(context, 'Max Pages per Address', () => wholeNumber(options.maxPages ?? DEFAULT_MAX_PAGES, 1)),
		maxRequestsPerMinute: parsed(context, 'Max Requests per Minute', () =>
			wholeNumber(options.maxRequestsPerMinute ?? DEFAULT_MAX_REQUESTS_PER_MINUTE, 1),
		),
	};
	if (options.startFromBlock !== undefined) {
		config.startFromBlock = parsed(context, 'Start From Block', () => wholeNumber(options.startFromBlock, 0));
	}
	return config;
}
