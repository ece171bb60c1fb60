import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { wholeNumber } from '../shared/model/numbers';
import { parsedTriggerParameter, readWatchParameters, type WatchParameters } from '../shared/parameters/watchParameters';
import { DEFAULT_MAX_PAGES, DEFAULT_MAX_REQUESTS_PER_MINUTE } from './parameterList';

/** The poll trigger's parameters, read and checked once per poll. */
export interface PollParameters extends WatchParameters {
	includeInternalTxs: boolean;
	maxPages: number;
	maxRequestsPerMinute: number;
	/** Undefined: the first poll starts at the newest block. */
	startFromBlock?: number;
}

const parsed = parsedTriggerParameter;

/** The node version from which Chains takes several chains (version 1 keeps the single Chain). */
export const CHAINS_FROM_VERSION = 2;

export function readPollParameters(context: IPollFunctions): PollParameters {
	const watch = readWatchParameters(context, CHAINS_FROM_VERSION);
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const parameters: PollParameters = {
		...watch,
		includeInternalTxs: context.getNodeParameter('includeInternalTxs', false) as boolean,
		maxPages: parsed(context, 'Max Pages per Address', () => wholeNumber(options.maxPages ?? DEFAULT_MAX_PAGES, 1)),
		maxRequestsPerMinute: parsed(context, 'Max Requests per Minute', () =>
			wholeNumber(options.maxRequestsPerMinute ?? DEFAULT_MAX_REQUESTS_PER_MINUTE, 1),
		),
	};
	if (options.startFromBlock !== undefined) {
		parameters.startFromBlock = parsed(context, 'Start From Block', () => wholeNumber(options.startFromBlock, 0));
	}
	return parameters;
}
