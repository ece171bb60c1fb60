// Decodes a log (its topics and data) against the user's event definitions. The result always says
// what happened: decoded with every argument by name, malformed (the log is of a defined event but
// its topics or data do not fit, and why), or unmatched (no definition is this log's). It never throws.

import { isValueType } from './abiTypes';
import { AbiData, MalformedData } from './abiData';
import { decodeSequence, parameterKey, setValue, wordValue, type AbiValue } from './abiValues';
import type { EventDefinition } from './eventDefinitions';

/** A log as the chain keeps it: up to four topics (absent ones null) and the data. */
export interface EventLog {
	topics: ReadonlyArray<string | null | undefined>;
	data: string | null | undefined;
}

/** The value of an indexed string, bytes, array or tuple: the chain keeps only its keccak-256 hash. */
export interface IndexedHash {
	hash: string;
	[key: string]: string;
}

export type LogDecoding =
	| { status: 'decoded'; definition: EventDefinition; arguments: Record<string, AbiValue> }
	| { status: 'malformed'; definition: EventDefinition; problem: string }
	| { status: 'unmatched'; problem: string };

const TOPIC = /^0x[0-9a-fA-F]{64}$/;

/** The topics present, in lower case; a gap before a later topic or a topic that is not 32 bytes is a problem. */
function readTopics(topics: EventLog['topics']): { topics: string[] } | { problem: string } {
	let count = topics.length;
	while (count > 0 && (topics[count - 1] === null || topics[count - 1] === undefined)) count--;
	const present: string[] = [];
	for (let index = 0; index < count; index++) {
		const topic = topics[index];
		if (typeof topic !== 'string' || !TOPIC.test(topic)) {
			return { problem: `topic${index} is ${typeof topic === 'string' ? `"${topic.slice(0, 70)}", not 32 bytes of 0x hex` : 'missing while a later topic is set'}` };
		}
		present.push(topic.toLowerCase());
	}
	return { topics: present };
}

const argumentPath = (definition: EventDefinition, index: number) => {
	const name = definition.inputs[index].name;
	return name === '' ? `argument ${index}` : name;
};

/** Decodes a log known to be of `definition`; throws MalformedData when it does not fit. */
function decodeWith(definition: EventDefinition, topics: string[], dataHex: string, exact: boolean): Record<string, AbiValue> {
	const argumentTopics = definition.anonymous ? topics : topics.slice(1);
	if (argumentTopics.length !== definition.indexedCount) {
		throw new MalformedData(
			`the log has ${argumentTopics.length} indexed argument topic${argumentTopics.length === 1 ? '' : 's'}, ${definition.signature} has ${definition.indexedCount} indexed argument${definition.indexedCount === 1 ? '' : 's'}`,
		);
	}
	const values: AbiValue[] = new Array(definition.inputs.length);
	const inData: number[] = [];
	let topicIndex = 0;
	definition.inputs.forEach((input, index) => {
		if (!input.indexed) {
			inData.push(index);
			return;
		}
		const topic = argumentTopics[topicIndex++];
		const hash: IndexedHash = { hash: topic };
		values[index] = isValueType(input.type) ? wordValue(topic.slice(2), input.type, argumentPath(definition, index)) : hash;
	});
	const data = new AbiData(dataHex, 'the data');
	const decoded = decodeSequence(
		data,
		inData.map((index) => ({ type: definition.inputs[index].type, path: argumentPath(definition, index) })),
		0,
	);
	inData.forEach((index, position) => {
		values[index] = decoded[position];
	});
	if (exact && data.furthest !== data.length) {
		throw new MalformedData(`the data has ${data.length - data.furthest} bytes after the encoded arguments`);
	}
	const record: Record<string, AbiValue> = {};
	definition.inputs.forEach((input, index) => setValue(record, parameterKey(input, index), values[index]));
	return record;
}

function attempt(definition: EventDefinition, topics: string[], data: string, exact: boolean): LogDecoding {
	let failure: unknown;
	try {
		return { status: 'decoded', definition, arguments: decodeWith(definition, topics, data, exact) };
	} catch (error) {
		failure = error;
	}
	// A fault of the decoder itself is reported too, rather than failing the delivery it came in.
	const problem = failure instanceof MalformedData ? failure.message : `it could not be decoded (${String(failure)})`;
	return { status: 'malformed', definition, problem };
}

/**
 * Decodes a log as an event of `definition`, whatever its topic0: decoded, or malformed with the
 * reason. `exact` also refuses bytes after the encoded arguments (how an anonymous event is told
 * from other logs).
 */
export function decodeLogAs(definition: EventDefinition, log: EventLog, exact = false): LogDecoding {
	const read = readTopics(log.topics);
	if ('problem' in read) return { status: 'malformed', definition, problem: read.problem };
	if (definition.topic0 !== null && read.topics[0] !== definition.topic0) {
		const topic0 = read.topics.length === 0 ? 'the log has no topics' : `its topic0 is ${read.topics[0]}`;
		return { status: 'malformed', definition, problem: `${topic0}, not ${definition.topic0}, the hash of ${definition.signature}` };
	}
	return attempt(definition, read.topics, log.data ?? '0x', exact);
}

const listed = (definitions: EventDefinition[]) =>
	definitions.map((definition) => `${definition.signature} on ${definition.source}`).join(', ');

/** Decodes logs against a fixed set of definitions (built once per trigger, used for every log). */
export class EventDecoder {
	private readonly byTopic0 = new Map<string, EventDefinition[]>();
	private readonly anonymous: EventDefinition[] = [];

	constructor(readonly definitions: EventDefinition[]) {
		for (const definition of definitions) {
			if (definition.topic0 === null) {
				this.anonymous.push(definition);
				continue;
			}
			const same = this.byTopic0.get(definition.topic0) ?? [];
			same.push(definition);
			this.byTopic0.set(definition.topic0, same);
		}
	}

	/** The topic0 of every non-anonymous definition: what the webhook's event-signature filter lets through. */
	topic0s(): string[] {
		return [...this.byTopic0.keys()];
	}

	decode(log: EventLog): LogDecoding {
		const read = readTopics(log.topics);
		const topic0 = typeof log.topics[0] === 'string' ? log.topics[0].toLowerCase() : undefined;
		const named = topic0 === undefined ? undefined : this.byTopic0.get(topic0);
		if ('problem' in read) {
			return named ? { status: 'malformed', definition: named[0], problem: read.problem } : { status: 'unmatched', problem: read.problem };
		}
		const data = log.data ?? '0x';
		if (named === undefined) return this.decodeAnonymous(read.topics, data);
		const indexedTopics = read.topics.length - 1;
		const fits = named.find((definition) => definition.indexedCount === indexedTopics);
		if (fits !== undefined) return attempt(fits, read.topics, data, false);
		const expected = named.map((definition) => definition.indexedCount).join(' or ');
		return {
			status: 'malformed',
			definition: named[0],
			problem: `the log has ${indexedTopics} indexed argument topic${indexedTopics === 1 ? '' : 's'}, ${named[0].signature} has ${expected} indexed argument${expected === '1' ? '' : 's'}`,
		};
	}

	/** An anonymous event has no topic0: it is this log's only when it alone fits topics and data exactly. */
	private decodeAnonymous(topics: string[], data: string): LogDecoding {
		const fitting = this.anonymous
			.filter((definition) => definition.indexedCount === topics.length)
			.map((definition) => attempt(definition, topics, data, true))
			.filter((result) => result.status === 'decoded');
		if (fitting.length === 1) return fitting[0];
		const topic0 = topics.length > 0 ? `topic0 ${topics[0]}` : 'no topics';
		if (fitting.length === 0) return { status: 'unmatched', problem: `no event definition is for a log with ${topic0}` };
		const which = fitting.map((result) => (result as { definition: EventDefinition }).definition);
		return { status: 'unmatched', problem: `the log fits ${fitting.length} anonymous event definitions (${listed(which)}); it is not decoded` };
	}
}
