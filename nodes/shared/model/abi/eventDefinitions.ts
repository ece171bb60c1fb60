// The event definitions a user gives: human-readable signatures, one per line (a definition may run
// over several lines while its parentheses are open), or a JSON ABI pasted whole. Each becomes an
// EventDefinition with its canonical signature and topic0; a bad one is named with what is wrong.

import { InvalidInputError } from '../invalidInput';
import { keccak256Hex } from '../keccak';
import { canonicalType, problemOf } from './abiTypes';
import { parseHumanReadableEvent, type EventShape } from './humanReadable';
import { jsonAbiEvents } from './jsonAbi';

export interface EventDefinition extends EventShape {
	/** Canonical signature, e.g. "Transfer(address,address,uint256)". */
	signature: string;
	/** keccak-256 of the signature, the log's first topic; null for an anonymous event, which has none. */
	topic0: string | null;
	/** How many arguments are indexed, so how many topics (besides topic0) a log of it has. */
	indexedCount: number;
	/** Where the definition stood: "line 3" or "ABI entry 5". */
	source: string;
	/** The definition as the user wrote it (JSON entries: "event Name"). */
	text: string;
}

/** Topics a log has at most: topic0 and three indexed arguments, or four indexed when anonymous. */
const MAX_TOPICS = 4;

function shortText(text: string): string {
	const oneLine = text.replace(/\s+/g, ' ').trim();
	return oneLine.length > 100 ? `${oneLine.slice(0, 97)}...` : oneLine;
}

function definitionError(source: string, text: string, problem: string): InvalidInputError {
	return new InvalidInputError(`${source} of the event definitions ("${shortText(text)}"): ${problem}`, text);
}

const DEFINITION_START = /^\s*(event\s+)?[A-Za-z_$][A-Za-z0-9_$]*\s*\(/;

/** Splits text into definitions with the line each starts on; blank lines and // or # comments are skipped. */
export function splitDefinitions(text: string): Array<{ line: number; text: string }> {
	const lines = text.split(/\r\n|\r|\n/);
	const definitions: Array<{ line: number; text: string }> = [];
	let current: { line: number; text: string } | undefined;
	let depth = 0;
	const finish = () => {
		if (current !== undefined && current.text.trim() !== '') definitions.push({ line: current.line, text: current.text.trim() });
		current = undefined;
		depth = 0;
	};
	lines.forEach((line, index) => {
		const trimmed = line.trim();
		if (trimmed === '' || trimmed.startsWith('//') || trimmed.startsWith('#')) return;
		// A line that opens a new definition ends one left open (its own error then says what it misses).
		if (current !== undefined && DEFINITION_START.test(line) && !/^\s*tuple\s*\(/.test(line)) finish();
		for (const char of line) {
			if (current === undefined) current = { line: index + 1, text: '' };
			if (char === ';' && depth === 0) {
				current.text += char;
				finish();
				continue;
			}
			if (char === '(') depth++;
			if (char === ')') depth--;
			current.text += char;
		}
		if (current !== undefined) current.text += '\n';
		if (depth <= 0) finish();
	});
	finish();
	return definitions;
}

function defineEvent(shape: EventShape, source: string, text: string): EventDefinition {
	const signature = `${shape.name}(${shape.inputs.map((input) => canonicalType(input.type)).join(',')})`;
	const indexedCount = shape.inputs.filter((input) => input.indexed).length;
	const allowed = shape.anonymous ? MAX_TOPICS : MAX_TOPICS - 1;
	if (indexedCount > allowed) {
		throw definitionError(
			source,
			text,
			`it has ${indexedCount} indexed arguments; a log has room for ${MAX_TOPICS - 1} (${MAX_TOPICS} in an anonymous event)`,
		);
	}
	return { ...shape, signature, topic0: shape.anonymous ? null : keccak256Hex(signature), indexedCount, source, text: shortText(text) };
}

function readJson(text: string): unknown {
	let problem: string;
	try {
		return JSON.parse(text);
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new InvalidInputError(`the event definitions look like a JSON ABI but are not valid JSON (${problem})`, text);
}

function fromJsonAbi(abi: unknown, raw: unknown): EventDefinition[] {
	const read = jsonAbiEvents(abi);
	if ('problem' in read) throw new InvalidInputError(`${read.where} of the JSON ABI (${read.text}): ${read.problem}`, read.text);
	if (read.events.length === 0) throw new InvalidInputError('the JSON ABI has no events (no entry with "type": "event")', raw);
	return read.events.map((event) => defineEvent(event.shape, event.where, event.text));
}

function fromText(text: string): EventDefinition[] {
	return splitDefinitions(text).map(({ line, text: definition }) => {
		const read = problemOf(() => parseHumanReadableEvent(definition));
		if ('problem' in read) throw definitionError(`line ${line}`, definition, read.problem);
		return defineEvent(read.value, `line ${line}`, definition);
	});
}

/** The indexed positions, which with the signature decide which logs a definition reads. */
const indexedPattern = (definition: EventDefinition) => definition.inputs.map((input) => (input.indexed ? 'i' : '-')).join('');
const names = (definition: EventDefinition) => definition.inputs.map((input) => input.name).join(',');

/** Drops exact repeats; refuses two definitions a log could not be told apart by. */
function distinct(definitions: EventDefinition[]): EventDefinition[] {
	const kept: EventDefinition[] = [];
	for (const definition of definitions) {
		const twin = kept.find(
			(other) =>
				other.signature === definition.signature &&
				other.anonymous === definition.anonymous &&
				other.indexedCount === definition.indexedCount &&
				(!definition.anonymous || indexedPattern(other) === indexedPattern(definition)),
		);
		if (twin === undefined) {
			kept.push(definition);
		} else if (indexedPattern(twin) !== indexedPattern(definition) || names(twin) !== names(definition)) {
			throw definitionError(
				definition.source,
				definition.text,
				`a log of it cannot be told apart from one of ${twin.source} ("${twin.text}"): same signature, same number of indexed arguments; keep one of them`,
			);
		}
	}
	return kept;
}

/**
 * Event definitions from what the user gave: text (human-readable signatures, one per line, or a
 * JSON ABI), an array of such lines, or a JSON ABI as an object or array from an expression.
 * Empty input gives no definitions. Throws InvalidInputError naming the bad definition.
 */
export function parseEventDefinitions(value: unknown): EventDefinition[] {
	if (value === undefined || value === null) return [];
	if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return distinct(fromText(value.join('\n')));
	if (typeof value === 'object') return distinct(fromJsonAbi(value, value));
	if (typeof value !== 'string') {
		throw new InvalidInputError(`the event definitions must be text or a JSON ABI, not ${typeof value}`, value);
	}
	const text = value.trim();
	if (text === '') return [];
	if (text.startsWith('[') || text.startsWith('{')) return distinct(fromJsonAbi(readJson(text), value));
	return distinct(fromText(value));
}
