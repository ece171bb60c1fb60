import { AbiData } from '../../../../nodes/shared/model/abi/abiData';
import { withArraySuffixes, type AbiType } from '../../../../nodes/shared/model/abi/abiTypes';
import { decodeAt, decodeParameters, parameterKey, setValue, wordValue, type AbiValue } from '../../../../nodes/shared/model/abi/abiValues';

const word = (value: number | bigint) => (BigInt.asUintN(256, BigInt(value))).toString(16).padStart(64, '0');
const data = (...words: string[]) => new AbiData(`0x${words.join('')}`, 'the data');
const padded = (hex: string) => hex.padEnd(Math.ceil(hex.length / 64) * 64 || 64, '0');
const uint = (bits: number): AbiType => ({ kind: 'uint', bits });
const int = (bits: number): AbiType => ({ kind: 'int', bits });

describe('wordValue', () => {
	it('gives addresses in lower case, bools, integers as exact decimal text, bytes as 0x hex', () => {
		expect(wordValue(`${'0'.repeat(24)}71c7656ec7ab88b098defb751b7401b5f6d8976f`, { kind: 'address' }, 'a')).toBe('0x71c7656ec7ab88b098defb751b7401b5f6d8976f');
		expect(wordValue(word(1), { kind: 'bool' }, 'b')).toBe(true);
		expect(wordValue(word(0), { kind: 'bool' }, 'b')).toBe(false);
		expect(wordValue(word(BigInt(2) ** BigInt(200)), uint(256), 'u')).toBe((BigInt(2) ** BigInt(200)).toString());
		expect(wordValue(word(255), uint(8), 'u')).toBe('255');
		expect(wordValue(word(-1), int(256), 'i')).toBe('-1');
		expect(wordValue(word(-128), int(8), 'i')).toBe('-128');
		expect(wordValue(word(127), int(8), 'i')).toBe('127');
		expect(wordValue('dead'.padEnd(64, '0'), { kind: 'fixedBytes', size: 2 }, 'f')).toBe('0xdead');
		expect(wordValue('ab'.repeat(24).padEnd(64, '0'), { kind: 'function' }, 'f')).toBe(`0x${'ab'.repeat(24)}`);
	});

	it.each([
		['an address with bits above its 20 bytes', `1${'0'.repeat(63)}`, { kind: 'address' }, 'a: 0x1000000000000000000000000000000000000000000000000000000000000000 is not an address (bits set above its 20 bytes)'],
		['a bool of 2', word(2), { kind: 'bool' }, `a: 0x${word(2)} is not a bool (neither 0 nor 1)`],
		['a uint8 of 256', word(256), uint(8), `a: 0x${word(256)} is not a uint8 (bits set above its 8)`],
		['an int8 of 128', word(128), int(8), `a: 0x${word(128)} is not an int8 (not sign-extended from its 8 bits)`],
		['an int8 of -129', word(-129), int(8), `a: 0x${word(-129)} is not an int8 (not sign-extended from its 8 bits)`],
		['a bytes2 with bytes after its 2', `dead01${'0'.repeat(58)}`, { kind: 'fixedBytes', size: 2 }, `a: 0xdead01${'0'.repeat(58)} is not a bytes2 (bytes set after its 2)`],
	])('refuses %s, as not its canonical encoding', (_what, value, type, message) => {
		expect(() => wordValue(value, type as AbiType, 'a')).toThrow(message);
	});
});

describe('decodeAt and decodeParameters', () => {
	it('decodes a string and bytes behind their lengths', () => {
		const hello = Buffer.from('héllo').toString('hex');
		expect(decodeAt(data(word(6), padded(hello)), { kind: 'string' }, 0, 's')).toBe('héllo');
		expect(decodeAt(data(word(3), padded('010203')), { kind: 'bytes' }, 0, 'b')).toBe('0x010203');
		expect(decodeAt(data(word(0)), { kind: 'bytes' }, 0, 'b')).toBe('0x');
	});

	it('refuses a string whose bytes are no UTF-8', () => {
		expect(() => decodeAt(data(word(1), padded('ff')), { kind: 'string' }, 0, 'memo')).toThrow('memo: its 1 bytes are not valid UTF-8 text');
	});

	it('decodes a dynamic array of static elements and a fixed array of dynamic ones', () => {
		expect(decodeAt(data(word(2), word(7), word(8)), withArraySuffixes(uint(16), '[]'), 0, 'a')).toEqual(['7', '8']);
		// string[2]: two offsets (from the array's start), then each string.
		const two = data(word(64), word(128), word(1), padded('61'), word(2), padded('6263'));
		expect(decodeAt(two, withArraySuffixes({ kind: 'string' }, '[2]'), 0, 'a')).toEqual(['a', 'bc']);
	});

	it('refuses an array longer than the data can hold before building it', () => {
		expect(() => decodeAt(data(word(3), word(1)), withArraySuffixes(uint(8), '[]'), 0, 'list')).toThrow(
			'list: 3 elements need 96 bytes from byte 32, past the end of the data (64 bytes)',
		);
	});

	it('keys a tuple\'s values by name, by position when unnamed, with the path of a bad value named the same way', () => {
		const tuple: AbiType = { kind: 'tuple', components: [{ name: 'amount', type: uint(256) }, { name: '', type: { kind: 'bool' } }] };
		expect(decodeAt(data(word(5), word(1)), tuple, 0, 'args.leg')).toEqual({ amount: '5', 1: true });
		expect(() => decodeAt(data(word(5), word(3)), tuple, 0, 'args.leg')).toThrow(`args.leg[1]: 0x${word(3)} is not a bool (neither 0 nor 1)`);
	});

	it('decodes parameters as an event\'s data: static in place, dynamic behind offsets', () => {
		const values = decodeParameters(
			data(word(9), word(96), word(1), word(2), padded('6869')),
			[
				{ name: 'id', type: uint(256) },
				{ name: 'memo', type: { kind: 'string' } },
				{ name: 'ok', type: { kind: 'bool' } },
			],
			0,
			['args.id', 'args.memo', 'args.ok'],
		);
		expect(values).toEqual({ id: '9', memo: 'hi', ok: true });
	});
});

describe('parameterKey and setValue', () => {
	it('keys by name, or by position for an unnamed parameter', () => {
		expect(parameterKey({ name: 'to', type: { kind: 'address' } }, 1)).toBe('to');
		expect(parameterKey({ name: '', type: { kind: 'address' } }, 1)).toBe('1');
	});

	it('sets "__proto__" as an own value, not the record\'s prototype', () => {
		const record: Record<string, AbiValue> = {};
		setValue(record, '__proto__', 'x');
		setValue(record, 'other', true);
		expect(Object.keys(record)).toEqual(['__proto__', 'other']);
		expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
		expect(JSON.stringify(record)).toBe('{"__proto__":"x","other":true}');
	});
});
