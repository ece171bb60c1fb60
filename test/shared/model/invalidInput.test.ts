import { checkEntries, EntryKind, InvalidEntriesError, InvalidInputError, quoteValue, refusedEntriesMessage } from '../../../nodes/shared/model/invalidInput';

describe('InvalidInputError', () => {
	it('is an Error named InvalidInputError that carries the value as given', () => {
		const value = { address: '0x12' };
		const error = new InvalidInputError('"0x12" is not an address', value);
		expect(error).toBeInstanceOf(Error);
		expect(error.name).toBe('InvalidInputError');
		expect(error.message).toBe('"0x12" is not an address');
		expect(error.value).toBe(value);
	});
});

describe('quoteValue', () => {
	it('quotes text and numbers as they are', () => {
		expect(quoteValue('0x12')).toBe('"0x12"');
		expect(quoteValue(42)).toBe('"42"');
		expect(quoteValue('')).toBe('""');
	});

	it('writes other values as JSON, and undefined as its name', () => {
		expect(quoteValue({ a: 1 })).toBe('"{"a":1}"');
		expect(quoteValue(['x', 2])).toBe('"["x",2]"');
		expect(quoteValue(null)).toBe('"null"');
		expect(quoteValue(true)).toBe('"true"');
		expect(quoteValue(undefined)).toBe('"undefined"');
	});

	it('cuts a value longer than 80 characters to 77 and an ellipsis', () => {
		const long = 'a'.repeat(81);
		expect(quoteValue(long)).toBe(`"${'a'.repeat(77)}..."`);
		expect(quoteValue('b'.repeat(80))).toBe(`"${'b'.repeat(80)}"`);
	});
});

describe('a list\'s refused entries', () => {
	const address = new EntryKind('a valid address', 'valid addresses', 'expected 0x followed by 40 hexadecimal characters');
	const chain = new EntryKind('a chain ID', 'chain IDs');
	const check = (entry: string) => (entry.startsWith('0x') ? entry.toLowerCase() : /^\d+$/.test(entry) ? chain : address);

	it('says what an entry is not, for one or many', () => {
		expect(address.notSaid(1)).toBe('is not a valid address (expected 0x followed by 40 hexadecimal characters)');
		expect(chain.notSaid(2)).toBe('are not chain IDs');
	});

	it('gives the checked values when every entry passes', () => {
		expect(checkEntries(['0xAB', '0xcd'], check)).toEqual(['0xab', '0xcd']);
		expect(checkEntries([], check)).toEqual([]);
	});

	it('names every refused entry at once with its position, by kind when they differ', () => {
		let error: unknown;
		try {
			checkEntries(['0x1', 'nope', '42', 'bad', '0x2'], check);
		} catch (thrown) {
			error = thrown;
		}
		expect(error).toBeInstanceOf(InvalidEntriesError);
		expect(error).toBeInstanceOf(InvalidInputError);
		const refused = error as InvalidEntriesError;
		expect(refused.message).toBe(
			'3 of 5 are refused: #2 "nope", #4 "bad" are not valid addresses (expected 0x followed by 40 hexadecimal characters); #3 "42" is not a chain ID',
		);
		expect(refused.value).toEqual(['nope', '42', 'bad']);
		expect(refused.refused.map((entry) => entry.position)).toEqual([2, 3, 4]);
	});

	it('words a one-entry list as a single value, and one refused entry of many with its position', () => {
		expect(() => checkEntries(['nope'], check)).toThrow('"nope" is not a valid address (expected 0x followed by 40 hexadecimal characters)');
		expect(() => checkEntries(['0x1', 'nope'], check)).toThrow('1 of 2 is not a valid address (expected 0x followed by 40 hexadecimal characters): #2 "nope"');
	});

	it('quotes ten refused entries of a kind and counts the rest', () => {
		const refused = Array.from({ length: 13 }, (_, index) => ({ position: index + 1, value: `x${index + 1}`, kind: chain }));
		expect(refusedEntriesMessage(refused, 20)).toBe(
			'13 of 20 are not chain IDs: #1 "x1", #2 "x2", #3 "x3", #4 "x4", #5 "x5", #6 "x6", #7 "x7", #8 "x8", #9 "x9", #10 "x10" and 3 more',
		);
	});
});
