/**
 * Event Definitions, read: each delivery of the Decoded Events output reads the parameter again,
 * and reading it hashes every definition with keccak. Keyed by the text itself.
 */
import { BoundedMap } from '../../shared/memory/boundedMap';
import type { EventDecoder } from '../../shared/model/abi/eventLogs';

const parsedEventDefinitions = new BoundedMap<string, EventDecoder>(64);

export function rememberEventDefinitions(text: string, decoder: EventDecoder): void {
	parsedEventDefinitions.set(text, decoder);
}

/** The decoder read from exactly this text, if this process read it recently. */
export function rememberedEventDefinitions(text: string): EventDecoder | undefined {
	return parsedEventDefinitions.get(text);
}

export function forgetEventDefinitions(): void {
	parsedEventDefinitions.clear();
}
