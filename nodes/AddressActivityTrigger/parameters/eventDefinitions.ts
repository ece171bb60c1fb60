/**
 * The Decoded Events output's parameters: the user's event definitions, read once per process and
 * text, decide which logs become items and (unless unmatched logs are kept) which events the
 * webhook asks the service for.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { parseEventDefinitions } from '../../shared/model/abi/eventDefinitions';
import type { UnmatchedLogs } from '../../shared/model/abi/eventItems';
import { EventDecoder } from '../../shared/model/abi/eventLogs';
import { parsedTriggerParameter } from '../../shared/parameters/watchParameters';
import { rememberedEventDefinitions, rememberEventDefinitions } from '../memory/parsedEventDefinitions';

export interface EventDecoding {
	decoder: EventDecoder;
	unmatched: UnmatchedLogs;
}

function decoderOf(value: unknown): EventDecoder {
	const key = typeof value === 'string' ? value : JSON.stringify(value);
	const remembered = rememberedEventDefinitions(key);
	if (remembered !== undefined) return remembered;
	const definitions = parseEventDefinitions(value);
	if (definitions.length === 0) throw new Error('give at least one event definition, e.g. Transfer(address indexed from, address indexed to, uint256 value)');
	const decoder = new EventDecoder(definitions);
	rememberEventDefinitions(key, decoder);
	return decoder;
}

/** The definitions and the choice for unmatched logs; throws an error naming the bad definition. */
export function readEventDecoding(context: IHookFunctions | IWebhookFunctions): EventDecoding {
	const decoder = parsedTriggerParameter(context, 'Event Definitions', () => decoderOf(context.getNodeParameter('eventDefinitions', '')));
	const unmatched = context.getNodeParameter('unmatchedLogs', 'leaveOut') === 'keepRaw' ? 'keepRaw' : 'leaveOut';
	return { decoder, unmatched };
}

/**
 * The webhook's event-signature filter for Decoded Events: the definitions' topic0s, so that the
 * service sends only those events. None when unmatched logs are kept (they would not be sent) or an
 * anonymous event is defined (it has no topic0 to filter by).
 */
export function definitionSignatures(decoding: EventDecoding): string[] {
	if (decoding.unmatched === 'keepRaw' || decoding.decoder.definitions.some((definition) => definition.anonymous)) return [];
	return decoding.decoder.topic0s();
}
