// Reads the events of a JSON ABI as compilers and explorers give it: an array of entries, a build
// artifact with an `abi` field, or one event entry. Functions, errors and the rest are skipped.

import {
	DefinitionSyntaxError,
	checkDistinctNames,
	elementaryType,
	problemOf,
	withArraySuffixes,
	type AbiParameter,
	type AbiType,
} from './abiTypes';
import type { EventParameter, EventShape } from './humanReadable';

/** An event of a JSON ABI, with where it stood (for messages). */
export interface JsonAbiEvent {
	shape: EventShape;
	/** "ABI entry 3" (1-based, as a person counts). */
	where: string;
	/** A short text of the entry for messages: its name, or the JSON cut short. */
	text: string;
}

/** A problem in one entry of a JSON ABI: where, a short text of the entry, what is wrong. */
export interface JsonAbiProblem {
	where: string;
	text: string;
	problem: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function readType(entry: Json, path: string): AbiType {
	if (typeof entry.type !== 'string') throw new DefinitionSyntaxError(`${path} has no "type"`);
	const match = /^(tuple|[a-z]+\d*)((?:\[\d*\])*)$/.exec(entry.type.trim());
	if (!match) throw new DefinitionSyntaxError(`${path} has the type "${entry.type}", which is not an ABI type`);
	let base: AbiType | undefined;
	if (match[1] === 'tuple') {
		if (!Array.isArray(entry.components)) throw new DefinitionSyntaxError(`${path} is a tuple without "components"`);
		const components = entry.components.map((component, index) => readParameter(component, `${path}, component ${index + 1}`));
		if (components.length === 0) throw new DefinitionSyntaxError(`${path} is a tuple without components`);
		checkDistinctNames(components, path);
		base = { kind: 'tuple', components };
	} else {
		base = elementaryType(match[1]);
		if (base === undefined) throw new DefinitionSyntaxError(`${path} has the type "${entry.type}", which is not an ABI type`);
	}
	return withArraySuffixes(base, match[2]);
}

function readParameter(entry: unknown, path: string): AbiParameter {
	if (!isObject(entry)) throw new DefinitionSyntaxError(`${path} is not an object`);
	if (entry.name !== undefined && entry.name !== null && typeof entry.name !== 'string') {
		throw new DefinitionSyntaxError(`${path} has a "name" that is not text`);
	}
	return { name: (entry.name as string | null | undefined) ?? '', type: readType(entry, path) };
}

function readEvent(entry: Json): EventShape {
	if (typeof entry.name !== 'string' || !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(entry.name)) {
		throw new DefinitionSyntaxError('the event has no valid "name"');
	}
	if (!Array.isArray(entry.inputs)) throw new DefinitionSyntaxError(`the event has no "inputs" list`);
	const inputs: EventParameter[] = entry.inputs.map((input, index) => {
		const parameter = readParameter(input, `argument ${index + 1}`);
		const indexed = (input as Json).indexed;
		if (indexed !== undefined && typeof indexed !== 'boolean') {
			throw new DefinitionSyntaxError(`argument ${index + 1} has "indexed" ${JSON.stringify(indexed)}, not true or false`);
		}
		return { ...parameter, indexed: indexed === true };
	});
	checkDistinctNames(inputs, `event ${entry.name}`);
	return { name: entry.name, inputs, anonymous: entry.anonymous === true };
}

function entryText(entry: unknown): string {
	if (isObject(entry) && entry.type === 'event' && typeof entry.name === 'string') return `event ${entry.name}`;
	const json = JSON.stringify(entry) ?? String(entry);
	return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/** The ABI's entries, whichever wrapping it came in. */
function entriesOf(abi: unknown): unknown[] | undefined {
	if (Array.isArray(abi)) return abi;
	if (isObject(abi) && Array.isArray(abi.abi)) return abi.abi;
	if (isObject(abi) && abi.type === 'event') return [abi];
	return undefined;
}

/** Every event of a parsed JSON ABI, or the first bad event entry named with what is wrong. */
export function jsonAbiEvents(abi: unknown): { events: JsonAbiEvent[] } | JsonAbiProblem {
	const entries = entriesOf(abi);
	if (entries === undefined) {
		return { where: 'the top level', text: entryText(abi), problem: 'not an ABI: expected an array of ABI entries, an object with an "abi" array, or one event entry' };
	}
	const events: JsonAbiEvent[] = [];
	for (const [index, entry] of entries.entries()) {
		const where = `ABI entry ${index + 1}`;
		if (!isObject(entry)) return { where, text: entryText(entry), problem: 'not an object' };
		if (entry.type !== 'event') continue;
		const read = problemOf(() => readEvent(entry));
		if ('problem' in read) return { where, text: entryText(entry), problem: read.problem };
		events.push({ shape: read.value, where, text: entryText(entry) });
	}
	return { events };
}
