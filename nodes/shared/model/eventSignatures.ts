import { checkEntries, EntryKind } from './invalidInput';
import { splitEntries } from './addresses';
import { keccak256Hex } from './keccak';

const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
const EVENT_PATTERN = /^([A-Za-z_$][A-Za-z0-9_$]*)\((.*)\)$/;
const ELEMENTARY_PATTERN = /^(address|bool|string|bytes|function|bytes([1-9]|[12][0-9]|3[0-2])|u?int(\d*))$/;
const ARRAY_SUFFIX_PATTERN = /^(.*?)((?:\[\d*\])*)$/;

/** Splits at commas that are not inside parentheses. */
function splitTopLevel(text: string, separators: RegExp): string[] {
	const parts: string[] = [];
	let depth = 0;
	let current = '';
	for (const char of text) {
		if (char === '(') depth++;
		if (char === ')') depth--;
		if (depth === 0 && separators.test(char)) {
			parts.push(current);
			current = '';
		} else {
			current += char;
		}
	}
	parts.push(current);
	return parts;
}

/**
 * Canonical form of one argument type, or undefined when it is not a Solidity ABI type.
 * `uint` and `int` become `uint256` and `int256`, as the canonical signature requires.
 */
function canonicalType(type: string): string | undefined {
	const [, base, arrays] = ARRAY_SUFFIX_PATTERN.exec(type) as RegExpExecArray;
	if (base.startsWith('(') && base.endsWith(')')) {
		const inner = canonicalTypeList(base.slice(1, -1));
		return inner === undefined ? undefined : `(${inner})${arrays}`;
	}
	const match = ELEMENTARY_PATTERN.exec(base);
	if (!match) return undefined;
	const bits = match[3];
	if (bits !== undefined) {
		if (bits === '') return `${base}256${arrays}`;
		const size = Number(bits);
		if (size < 8 || size > 256 || size % 8 !== 0) return undefined;
	}
	return `${base}${arrays}`;
}

function canonicalTypeList(list: string): string | undefined {
	if (list === '') return '';
	const types = splitTopLevel(list, /,/).map(canonicalType);
	return types.some((type) => type === undefined) ? undefined : types.join(',');
}

/** Canonical text of an event signature, or undefined when the text is not one. */
export function canonicalEventSignature(text: string): string | undefined {
	// Spaces next to punctuation are harmless ("Transfer(address, address, uint256)"); a space
	// left after removing them separates a type from an argument name, which the hash must not include.
	const compact = text.trim().replace(/\s*([(),[\]])\s*/g, '$1');
	const match = EVENT_PATTERN.exec(compact);
	if (!match || /\s/.test(compact)) return undefined;
	let depth = 0;
	for (const char of match[2]) {
		if (char === '(') depth++;
		if (char === ')') depth--;
		if (depth < 0) return undefined;
	}
	if (depth !== 0) return undefined;
	const types = canonicalTypeList(match[2]);
	return types === undefined ? undefined : `${match[1]}(${types})`;
}

/** Keccak-256 topic0 hash of a canonical event signature. */
export function eventSignatureHash(signature: string): string {
	return keccak256Hex(signature);
}

/** New lines and semicolons always separate entries; commas and spaces only outside parentheses. */
function splitSignatures(text: string): string[] {
	return text
		.split(/[\n;]+/)
		.flatMap((line) => splitTopLevel(line.replace(/\s*([(),[\]])\s*/g, '$1'), /[\s,]/))
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

const NOT_AN_EVENT_SIGNATURE = new EntryKind(
	'an event signature',
	'event signatures',
	'expected a 0x-prefixed 32-byte hash, or a canonical signature of argument types without names such as Transfer(address,address,uint256)',
);

/** An entry's topic0 hash (lower case), or NOT_AN_EVENT_SIGNATURE. */
function checkEventSignature(entry: string): string | EntryKind {
	if (HASH_PATTERN.test(entry)) return entry.toLowerCase();
	const canonical = canonicalEventSignature(entry);
	return canonical === undefined ? NOT_AN_EVENT_SIGNATURE : eventSignatureHash(canonical);
}

/**
 * Event signature filters (topic0 values) from 0x-prefixed 32-byte hashes or canonical
 * signatures such as Transfer(address,address,uint256), which are hashed with keccak-256.
 * Returns lowercase hashes without duplicates; throws InvalidEntriesError naming every bad entry.
 */
export function parseEventSignatures(value: unknown): string[] {
	return [...new Set(checkEntries(splitEntries(value, splitSignatures, 'an event signature or a list of them'), checkEventSignature))];
}
