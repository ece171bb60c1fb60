// Seeded generators of ABI types, values and event definitions for the oracle comparisons, and the
// conversion of the oracle's (ethers v6) results into the form our decoder gives.

import { Result, type ParamType } from 'ethers';

import { seededRandom } from '../../../harness/random';

export type Random = () => number;
export const randomOf = seededRandom;

export const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)];
export const between = (random: Random, low: number, high: number): number => low + Math.floor(random() * (high - low + 1));

/** A generated type with the names of its tuple components, as a JSON ABI parameter describes it. */
export interface GeneratedParameter {
	name: string;
	type: string;
	components?: GeneratedParameter[];
	indexed?: boolean;
}

const RESERVED = new Set(
	'anonymous calldata constant constructor error event external fallback function indexed internal memory override payable private public pure receive returns storage struct tuple view'.split(' '),
);
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$';

export function identifier(random: Random): string {
	let name = pick(random, [...LETTERS]);
	for (let i = between(random, 0, 6); i > 0; i--) name += pick(random, [...`${LETTERS}0123456789`]);
	// Words the definitions (ours or the oracle's) give a meaning to are not generated as names.
	return RESERVED.has(name) || /^(u?int|bytes|address|bool|string)/.test(name) ? `n${name}` : name;
}

function elementary(random: Random): string {
	switch (between(random, 0, 6)) {
		case 0:
			return 'address';
		case 1:
			return 'bool';
		case 2:
			return `uint${8 * between(random, 1, 32)}`;
		case 3:
			return `int${8 * between(random, 1, 32)}`;
		case 4:
			return `bytes${between(random, 1, 32)}`;
		case 5:
			return 'bytes';
		default:
			return 'string';
	}
}

/** A random type, tuples and arrays nested up to `depth` levels. */
export function generateParameter(random: Random, depth: number, named: boolean): GeneratedParameter {
	const name = named && random() < 0.85 ? identifier(random) : '';
	const roll = random();
	if (depth > 0 && roll < 0.15) {
		const components = generateComponents(random, depth - 1);
		return { name, type: 'tuple', components };
	}
	if (depth > 0 && roll < 0.32) {
		const element = generateParameter(random, depth - 1, named);
		const suffix = random() < 0.5 ? '[]' : `[${between(random, 1, 3)}]`;
		return { ...element, name, type: `${element.type}${suffix}` };
	}
	return { name, type: elementary(random) };
}

function generateComponents(random: Random, depth: number): GeneratedParameter[] {
	const components: GeneratedParameter[] = [];
	const used = new Set<string>();
	for (let i = between(random, 1, 4); i > 0; i--) {
		const component = generateParameter(random, depth, true);
		if (component.name !== '' && used.has(component.name)) component.name = '';
		used.add(component.name);
		components.push(component);
	}
	return components;
}

export interface GeneratedEvent {
	type: 'event';
	name: string;
	anonymous: boolean;
	inputs: GeneratedParameter[];
}

/** A random event: up to 6 arguments, some indexed (at most 3, or 4 when anonymous). */
export function generateEvent(random: Random, depth = 3): GeneratedEvent {
	const anonymous = random() < 0.15;
	const inputs = generateComponents(random, depth).concat(random() < 0.5 ? generateComponents(random, depth) : []);
	const seen = new Set<string>();
	for (const input of inputs) {
		if (seen.has(input.name)) input.name = '';
		if (input.name !== '') seen.add(input.name);
	}
	let room = anonymous ? 4 : 3;
	for (const input of inputs) {
		input.indexed = room > 0 && random() < 0.35;
		if (input.indexed) room--;
	}
	return { type: 'event', name: identifier(random), anonymous, inputs };
}

/** The type as Solidity writes it, with names: `(uint256 a, bool)[2]`, in one of several spellings. */
export function humanType(parameter: GeneratedParameter, random: Random): string {
	const match = /^tuple((?:\[\d*\])*)$/.exec(parameter.type);
	if (!match) return parameter.type.replace(/^(u?int)256(?=$|\[)/, (_, kind: string) => (random() < 0.3 ? kind : `${kind}256`));
	const inner = (parameter.components ?? [])
		.map((component) => `${humanType(component, random)}${component.name ? ` ${component.name}` : ''}`)
		.join(random() < 0.5 ? ', ' : ',');
	return `${random() < 0.3 ? 'tuple' : ''}(${inner})${match[1]}`;
}

/** The event as a human-readable definition (with `indexed` and names), e.g. for a line of text. */
export function humanEvent(event: GeneratedEvent, random: Random): string {
	const inputs = event.inputs
		.map((input) => [humanType(input, random), input.indexed ? 'indexed' : '', input.name].filter((part) => part !== '').join(' '))
		.join(random() < 0.5 ? ', ' : ',');
	return `${random() < 0.5 ? 'event ' : ''}${event.name}(${inputs})${event.anonymous ? ' anonymous' : ''}${random() < 0.2 ? ';' : ''}`;
}

const hex = (random: Random, bytes: number) => {
	let text = '0x';
	for (let i = 0; i < bytes; i++) text += between(random, 0, 255).toString(16).padStart(2, '0');
	return text;
};

const TEXT_PIECES = ['a', 'Z', ' ', '0', '~', 'é', 'ß', '中', '€', '😀', '\u0000', '\n', '"'];

/** A random value of a type in the form ethers encodes. */
export function generateValue(parameter: GeneratedParameter, random: Random): unknown {
	const array = /^(.*)\[(\d*)\]$/.exec(parameter.type);
	if (array) {
		const length = array[2] === '' ? pick(random, [0, 1, 2, 3]) : Number(array[2]);
		const element = { ...parameter, type: array[1] };
		return Array.from({ length }, () => generateValue(element, random));
	}
	if (parameter.type === 'tuple') return (parameter.components ?? []).map((component) => generateValue(component, random));
	if (parameter.type === 'address') return hex(random, 20);
	if (parameter.type === 'bool') return random() < 0.5;
	if (parameter.type === 'string') return Array.from({ length: pick(random, [0, 1, 5, 31, 32, 33, 40]) }, () => pick(random, TEXT_PIECES)).join('');
	if (parameter.type === 'bytes') return hex(random, pick(random, [0, 1, 20, 31, 32, 33, 64, 70]));
	const fixed = /^bytes(\d+)$/.exec(parameter.type);
	if (fixed) return hex(random, Number(fixed[1]));
	const integer = /^(u?)int(\d+)$/.exec(parameter.type) as RegExpExecArray;
	const bits = BigInt(integer[2]);
	const unsigned = integer[1] === 'u';
	const max = unsigned ? (BigInt(1) << bits) - BigInt(1) : (BigInt(1) << (bits - BigInt(1))) - BigInt(1);
	const min = unsigned ? BigInt(0) : -(BigInt(1) << (bits - BigInt(1)));
	const roll = random();
	if (roll < 0.15) return max;
	if (roll < 0.3) return min;
	if (roll < 0.4) return unsigned ? BigInt(1) : BigInt(-1);
	const random256 = BigInt(hex(random, 32));
	return min + (random256 % (max - min + BigInt(1)));
}

/** A value the oracle decoded, in our output form; reading an item the oracle could not decode throws. */
export function plainValue(value: unknown, type: ParamType): unknown {
	if (value !== null && typeof value === 'object' && 'hash' in value && (value as { _isIndexed?: boolean })._isIndexed) {
		return { hash: (value as { hash: string }).hash };
	}
	if (type.baseType === 'tuple') {
		const result = value as Result;
		const record: Record<string, unknown> = {};
		(type.components ?? []).forEach((component, index) => {
			record[component.name === '' ? String(index) : component.name] = plainValue(result[index], component);
		});
		return record;
	}
	if (type.baseType === 'array') {
		const result = value as Result;
		const values: unknown[] = [];
		for (let index = 0; index < result.length; index++) values.push(plainValue(result[index], type.arrayChildren as ParamType));
		return values;
	}
	if (typeof value === 'bigint') return value.toString();
	if (type.baseType === 'address') return (value as string).toLowerCase();
	return value;
}
