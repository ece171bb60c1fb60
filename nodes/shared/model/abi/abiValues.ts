// Decodes ABI-encoded values into what an n8n item holds: addresses in lower case, integers as exact
// decimal strings, bytes as 0x hex, strings, arrays as arrays, tuples as objects keyed by component
// name (by position, "0", "1", ..., for a component without one). A value not in its canonical
// encoding (a bool of 2, an address with bits above its 20 bytes) is malformed, not guessed at.

import { headSize, isDynamic, type AbiParameter, type AbiType } from './abiTypes';
import { AbiData, decodeUtf8, MalformedData } from './abiData';

export type AbiValue = string | boolean | AbiValue[] | { [name: string]: AbiValue };

const TWO_256 = BigInt(2) ** BigInt(256);
const TWO_255 = BigInt(2) ** BigInt(255);
const ZEROS = '0'.repeat(64);
/** Words whose first 52 hex digits are zero hold at most 48 bits: a Number, read without BigInt. */
const SMALL_PREFIX = ZEROS.slice(0, 52);
/** An address is the last 20 bytes of its word. */
const ADDRESS_PADDING = ZEROS.slice(0, 24);

/** 2^bits, computed once per size. */
const powers = new Map<number, bigint>();
function power(bits: number): bigint {
	let value = powers.get(bits);
	if (value === undefined) {
		value = BigInt(2) ** BigInt(bits);
		powers.set(bits, value);
	}
	return value;
}

/** The key a parameter's value is found under: its name, or its position when it has none. */
export function parameterKey(parameter: AbiParameter, position: number): string {
	return parameter.name === '' ? String(position) : parameter.name;
}

/** Sets `record[key]`; defined rather than assigned for "__proto__", a valid argument name. */
export function setValue(record: Record<string, AbiValue>, key: string, value: AbiValue): void {
	if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
	else record[key] = value;
}

function childPath(path: string, parameter: AbiParameter, position: number): string {
	return parameter.name === '' ? `${path}[${position}]` : `${path}.${parameter.name}`;
}

function integer(word: string, type: { kind: 'uint' | 'int'; bits: number }, path: string): string {
	// Small non-negative values (most amounts, counts, ids) fit every size: no BigInt needed.
	if (word.startsWith(SMALL_PREFIX) && (type.bits > 48 || parseInt(word.slice(52), 16) < 2 ** (type.kind === 'int' ? type.bits - 1 : type.bits))) {
		return String(parseInt(word.slice(52), 16));
	}
	const unsigned = BigInt(`0x${word}`);
	if (type.kind === 'uint') {
		if (type.bits < 256 && unsigned >= power(type.bits)) throw new MalformedData(`${path}: 0x${word} is not a uint${type.bits} (bits set above its ${type.bits})`);
		return unsigned.toString();
	}
	const signed = unsigned >= TWO_255 ? unsigned - TWO_256 : unsigned;
	const limit = power(type.bits - 1);
	if (signed >= limit || signed < -limit) {
		throw new MalformedData(`${path}: 0x${word} is not an int${type.bits} (not sign-extended from its ${type.bits} bits)`);
	}
	return signed.toString();
}

/** A value type in one word: the argument of an indexed topic, or an element in place. */
export function wordValue(word: string, type: AbiType, path: string): string | boolean {
	switch (type.kind) {
		case 'address':
			if (!word.startsWith(ADDRESS_PADDING)) throw new MalformedData(`${path}: 0x${word} is not an address (bits set above its 20 bytes)`);
			return `0x${word.slice(24)}`;
		case 'bool':
			if (word !== ZEROS && word !== `${ZEROS.slice(1)}1`) {
				throw new MalformedData(`${path}: 0x${word} is not a bool (neither 0 nor 1)`);
			}
			return word.endsWith('1');
		case 'uint':
		case 'int':
			return integer(word, type, path);
		case 'fixedBytes':
		case 'function': {
			const size = type.kind === 'function' ? 24 : type.size;
			if (!/^0*$/.test(word.slice(2 * size))) {
				throw new MalformedData(`${path}: 0x${word} is not a ${type.kind === 'function' ? 'function' : `bytes${size}`} (bytes set after its ${size})`);
			}
			return `0x${word.slice(0, 2 * size)}`;
		}
		default:
			throw new Error(`${type.kind} is not a value type`);
	}
}

/** Values of `types` encoded one after another from `base` (a tuple, or an array's elements). */
export function decodeSequence(data: AbiData, parts: Array<{ type: AbiType; path: string }>, base: number): AbiValue[] {
	const values: AbiValue[] = [];
	let head = base;
	for (const { type, path } of parts) {
		if (isDynamic(type)) {
			const offset = data.count(head, path, 'offset');
			values.push(decodeAt(data, type, base + offset, path));
			head += 32;
		} else {
			values.push(decodeAt(data, type, head, path));
			head += headSize(type);
		}
	}
	return values;
}

/** Values of the parameters encoded as a tuple at `base`, keyed by name (or position). */
export function decodeParameters(data: AbiData, parameters: AbiParameter[], base: number, paths: string[]): Record<string, AbiValue> {
	const values = decodeSequence(
		data,
		parameters.map((parameter, index) => ({ type: parameter.type, path: paths[index] })),
		base,
	);
	const record: Record<string, AbiValue> = {};
	parameters.forEach((parameter, index) => setValue(record, parameterKey(parameter, index), values[index]));
	return record;
}

function decodeArray(data: AbiData, type: { element: AbiType; length: number | null }, at: number, path: string): AbiValue[] {
	let base = at;
	let length = type.length;
	if (length === null) {
		length = data.count(at, path, 'length');
		base = at + 32;
	}
	// Checked before anything is built: a length the data cannot hold is reported, not allocated.
	const needed = length * headSize(type.element);
	if (base + needed > data.length) {
		throw new MalformedData(
			`${path}: ${length} elements need ${needed} bytes from byte ${base}, past the end of ${data.what} (${data.length} bytes)`,
		);
	}
	const parts: Array<{ type: AbiType; path: string }> = [];
	for (let index = 0; index < length; index++) parts.push({ type: type.element, path: `${path}[${index}]` });
	return decodeSequence(data, parts, base);
}

/** The value of `type` whose encoding starts at byte `at`. */
export function decodeAt(data: AbiData, type: AbiType, at: number, path: string): AbiValue {
	switch (type.kind) {
		case 'bytes':
		case 'string': {
			const length = data.count(at, path, 'length');
			const hex = data.bytes(at + 32, length, path);
			if (type.kind === 'bytes') return `0x${hex}`;
			const text = decodeUtf8(hex);
			if (text === undefined) throw new MalformedData(`${path}: its ${length} bytes are not valid UTF-8 text`);
			return text;
		}
		case 'array':
			return decodeArray(data, type, at, path);
		case 'tuple':
			return decodeParameters(
				data,
				type.components,
				at,
				type.components.map((component, index) => childPath(path, component, index)),
			);
		default:
			return wordValue(data.word(at, path), type, path);
	}
}
