// The Solidity ABI's types as a tree, read from the text people write ("uint", "(address a, uint256[] b)[2]",
// "tuple(...)") and written back in canonical form ("uint256", "(address,uint256[])[2]"), the form an
// event signature is hashed in.

export type AbiType =
	| { kind: 'address' }
	| { kind: 'bool' }
	| { kind: 'uint' | 'int'; bits: number }
	| { kind: 'fixedBytes'; size: number }
	/** An external function reference: an address and a 4-byte selector, 24 bytes. */
	| { kind: 'function' }
	| { kind: 'bytes' }
	| { kind: 'string' }
	| { kind: 'array'; element: AbiType; length: number | null }
	| { kind: 'tuple'; components: AbiParameter[] };

/** A named value of a type: an event argument or a tuple component. The name may be empty. */
export interface AbiParameter {
	name: string;
	type: AbiType;
}

/** Longest fixed array accepted: far beyond any event, small enough that sizes stay exact numbers. */
export const MAX_FIXED_ARRAY_LENGTH = 1_000_000;

/** A problem in the text of a type or definition, at a position in it (0-based). */
export class DefinitionSyntaxError extends Error {
	constructor(
		message: string,
		readonly position?: number,
	) {
		super(message);
		this.name = 'DefinitionSyntaxError';
	}
}

/** Runs a parse: its value, or the DefinitionSyntaxError it stopped with as a problem (other errors go on). */
export function problemOf<T>(parse: () => T): { value: T } | { problem: string } {
	let failure: unknown;
	try {
		return { value: parse() };
	} catch (error) {
		failure = error;
	}
	if (failure instanceof DefinitionSyntaxError) return { problem: failure.message };
	throw failure;
}

const ELEMENTARY = /^(address|bool|string|bytes|function|bytes(\d+)|(u?int)(\d*))$/;

/** An elementary type's name ("uint", "bytes32", "address"), or undefined when the name is none. */
export function elementaryType(name: string): AbiType | undefined {
	const match = ELEMENTARY.exec(name);
	if (!match) return undefined;
	if (match[2] !== undefined) {
		const size = Number(match[2]);
		if (!/^[1-9]\d?$/.test(match[2]) || size > 32) {
			throw new DefinitionSyntaxError(`"${name}" is not a type: bytesN takes a size from 1 to 32`);
		}
		return { kind: 'fixedBytes', size };
	}
	if (match[3] !== undefined) {
		const bits = match[4] === '' ? 256 : Number(match[4]);
		if (!/^$|^[1-9]\d*$/.test(match[4]) || bits < 8 || bits > 256 || bits % 8 !== 0) {
			throw new DefinitionSyntaxError(`"${name}" is not a type: ${match[3]}N takes a size in bits from 8 to 256, a multiple of 8`);
		}
		return { kind: match[3] as 'uint' | 'int', bits };
	}
	return { kind: name as 'address' | 'bool' | 'string' | 'bytes' | 'function' };
}

/** Wraps `element` in the array suffixes written after it ("[]", "[3]", "[2][]"), innermost first. */
export function withArraySuffixes(element: AbiType, suffixes: string): AbiType {
	let type = element;
	for (const match of suffixes.matchAll(/\[\s*(\d*)\s*\]/g)) {
		if (match[1] === '') {
			type = { kind: 'array', element: type, length: null };
			continue;
		}
		const length = Number(match[1]);
		if (!/^[1-9]\d*$/.test(match[1]) || length > MAX_FIXED_ARRAY_LENGTH) {
			throw new DefinitionSyntaxError(`"[${match[1]}]" is not an array length: give a whole number from 1 to ${MAX_FIXED_ARRAY_LENGTH}`);
		}
		type = { kind: 'array', element: type, length };
	}
	return type;
}

/** The canonical name of a type, as event signatures are hashed: "uint256", "(address,bytes)[]". */
export function canonicalType(type: AbiType): string {
	switch (type.kind) {
		case 'uint':
		case 'int':
			return `${type.kind}${type.bits}`;
		case 'fixedBytes':
			return `bytes${type.size}`;
		case 'array':
			return `${canonicalType(type.element)}[${type.length ?? ''}]`;
		case 'tuple':
			return `(${type.components.map((component) => canonicalType(component.type)).join(',')})`;
		default:
			return type.kind;
	}
}

/** Dynamic types are encoded behind an offset; static ones in place. */
export function isDynamic(type: AbiType): boolean {
	switch (type.kind) {
		case 'bytes':
		case 'string':
			return true;
		case 'array':
			return type.length === null || isDynamic(type.element);
		case 'tuple':
			return type.components.some((component) => isDynamic(component.type));
		default:
			return false;
	}
}

/** Bytes a value of this type takes in its enclosing head: 32 for dynamic types (their offset). */
export function headSize(type: AbiType): number {
	if (isDynamic(type)) return 32;
	if (type.kind === 'array') return (type.length as number) * headSize(type.element);
	if (type.kind === 'tuple') return type.components.reduce((sum, component) => sum + headSize(component.type), 0);
	return 32;
}

/** Value types fit in one 32-byte word, so an indexed one is stored in its topic as it is; others as a hash. */
export function isValueType(type: AbiType): boolean {
	return type.kind !== 'bytes' && type.kind !== 'string' && type.kind !== 'array' && type.kind !== 'tuple';
}

/** Checks that a parameter list has no name twice (values are keyed by name). */
export function checkDistinctNames(parameters: AbiParameter[], where: string): void {
	const seen = new Set<string>();
	for (const { name } of parameters) {
		if (name === '') continue;
		if (seen.has(name)) throw new DefinitionSyntaxError(`${where} has two parameters named "${name}"`);
		seen.add(name);
	}
}
