import {
	canonicalType,
	checkDistinctNames,
	DefinitionSyntaxError,
	elementaryType,
	headSize,
	isDynamic,
	isValueType,
	MAX_FIXED_ARRAY_LENGTH,
	problemOf,
	withArraySuffixes,
	type AbiType,
} from '../../../../nodes/shared/model/abi/abiTypes';

const uint256: AbiType = { kind: 'uint', bits: 256 };
const address: AbiType = { kind: 'address' };
const text: AbiType = { kind: 'string' };

describe('elementaryType', () => {
	it('reads the elementary names, with uint and int as 256 bits', () => {
		expect(elementaryType('uint')).toEqual(uint256);
		expect(elementaryType('int8')).toEqual({ kind: 'int', bits: 8 });
		expect(elementaryType('bytes32')).toEqual({ kind: 'fixedBytes', size: 32 });
		expect(elementaryType('bytes')).toEqual({ kind: 'bytes' });
		expect(elementaryType('function')).toEqual({ kind: 'function' });
		expect(elementaryType('address')).toEqual(address);
	});

	it('gives nothing for a name that is no elementary type', () => {
		for (const name of ['tuple', 'Address', 'fixed128x18', 'mapping', '']) expect(elementaryType(name)).toBeUndefined();
	});

	it.each([
		['uint7', '"uint7" is not a type: uintN takes a size in bits from 8 to 256, a multiple of 8'],
		['int264', '"int264" is not a type: intN takes a size in bits from 8 to 256, a multiple of 8'],
		['uint08', '"uint08" is not a type: uintN takes a size in bits from 8 to 256, a multiple of 8'],
		['bytes0', '"bytes0" is not a type: bytesN takes a size from 1 to 32'],
		['bytes33', '"bytes33" is not a type: bytesN takes a size from 1 to 32'],
		['bytes01', '"bytes01" is not a type: bytesN takes a size from 1 to 32'],
	])('refuses %s, saying the sizes allowed', (name, message) => {
		expect(() => elementaryType(name)).toThrow(new DefinitionSyntaxError(message));
	});
});

describe('withArraySuffixes and canonicalType', () => {
	it('wraps innermost first: uint8[2][] is a list of pairs', () => {
		const type = withArraySuffixes({ kind: 'uint', bits: 8 }, '[2][]');
		expect(type).toEqual({ kind: 'array', length: null, element: { kind: 'array', length: 2, element: { kind: 'uint', bits: 8 } } });
		expect(canonicalType(type)).toBe('uint8[2][]');
	});

	it('writes tuples as parenthesised lists without names', () => {
		const tuple: AbiType = { kind: 'tuple', components: [{ name: 'a', type: address }, { name: 'b', type: withArraySuffixes(uint256, '[ ]') }] };
		expect(canonicalType(withArraySuffixes(tuple, '[3]'))).toBe('(address,uint256[])[3]');
	});

	it.each(['[0]', '[01]', `[${MAX_FIXED_ARRAY_LENGTH + 1}]`])('refuses the array length %s', (suffix) => {
		expect(() => withArraySuffixes(uint256, suffix)).toThrow(`is not an array length: give a whole number from 1 to ${MAX_FIXED_ARRAY_LENGTH}`);
	});
});

describe('the encoding\'s sizes', () => {
	it('tells dynamic types (behind an offset) from static ones', () => {
		expect(isDynamic(text)).toBe(true);
		expect(isDynamic({ kind: 'bytes' })).toBe(true);
		expect(isDynamic(withArraySuffixes(uint256, '[]'))).toBe(true);
		expect(isDynamic(withArraySuffixes(text, '[2]'))).toBe(true);
		expect(isDynamic(withArraySuffixes(uint256, '[2]'))).toBe(false);
		expect(isDynamic({ kind: 'tuple', components: [{ name: '', type: address }, { name: '', type: text }] })).toBe(true);
		expect(isDynamic({ kind: 'fixedBytes', size: 4 })).toBe(false);
	});

	it('counts the head a value takes: 32 for dynamic types, static arrays and tuples in place', () => {
		expect(headSize(address)).toBe(32);
		expect(headSize(text)).toBe(32);
		expect(headSize(withArraySuffixes(uint256, '[3][2]'))).toBe(192);
		expect(headSize({ kind: 'tuple', components: [{ name: '', type: address }, { name: '', type: withArraySuffixes(uint256, '[2]') }] })).toBe(96);
		expect(headSize({ kind: 'tuple', components: [{ name: '', type: address }, { name: '', type: text }] })).toBe(32);
	});

	it('knows the value types, stored in a topic as they are', () => {
		expect([address, uint256, { kind: 'bool' }, { kind: 'fixedBytes', size: 1 }, { kind: 'function' }].every((type) => isValueType(type as AbiType))).toBe(true);
		expect([text, { kind: 'bytes' }, withArraySuffixes(uint256, '[1]'), { kind: 'tuple', components: [] }].some((type) => isValueType(type as AbiType))).toBe(false);
	});
});

describe('checkDistinctNames and problemOf', () => {
	it('refuses a name given twice, allowing any number of unnamed parameters', () => {
		expect(() => checkDistinctNames([{ name: '', type: address }, { name: '', type: address }], 'event E')).not.toThrow();
		expect(() => checkDistinctNames([{ name: 'a', type: address }, { name: 'a', type: uint256 }], 'event E')).toThrow('event E has two parameters named "a"');
	});

	it('turns a definition error into a problem and lets any other error through', () => {
		expect(problemOf(() => 5)).toEqual({ value: 5 });
		expect(problemOf(() => elementaryType('uint7'))).toEqual({ problem: '"uint7" is not a type: uintN takes a size in bits from 8 to 256, a multiple of 8' });
		expect(() =>
			problemOf(() => {
				throw new RangeError('other');
			}),
		).toThrow(RangeError);
	});
});
