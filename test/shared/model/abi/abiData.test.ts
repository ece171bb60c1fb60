import { AbiData, decodeUtf8, MalformedData } from '../../../../nodes/shared/model/abi/abiData';

const word = (value: number | bigint) => value.toString(16).padStart(64, '0');
const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex');

describe('AbiData', () => {
	it('reads 32-byte words in lower case and counts the bytes', () => {
		const data = new AbiData(`0x${word(1)}${'AB'.repeat(32)}`, 'the data');
		expect(data.length).toBe(64);
		expect(data.word(0, 'x')).toBe(word(1));
		expect(data.word(32, 'y')).toBe('ab'.repeat(32));
		expect(data.furthest).toBe(64);
	});

	it.each(['', '0x0', '0xzz', 'abcd'])('refuses %j, which is no 0x hex of whole bytes', (hex) => {
		expect(() => new AbiData(hex, 'topic1')).toThrow(new MalformedData('topic1 is not 0x-prefixed hex of whole bytes'));
	});

	it('refuses a read past the end, saying which bytes were needed', () => {
		const data = new AbiData(`0x${word(1)}`, 'the data');
		expect(() => data.word(16, 'args.amount')).toThrow('args.amount: the data is too short (32 bytes; args.amount needs bytes 16 to 48)');
	});

	it('reads bytes padded to whole words, and refuses padding that is not zero', () => {
		const data = new AbiData(`0x${'abcd'.padEnd(64, '0')}${'ef'.padEnd(64, '1')}`, 'the data');
		expect(data.bytes(0, 2, 'a')).toBe('abcd');
		expect(() => data.bytes(32, 1, 'b')).toThrow('b: the padding after its 1 bytes is not zero');
	});

	it('reads an offset or length that stays within the data, and refuses one past its end', () => {
		const data = new AbiData(`0x${word(32)}${word(97)}${word(BigInt(2) ** BigInt(255))}`, 'the data');
		expect(data.count(0, 'a', 'offset')).toBe(32);
		expect(() => data.count(32, 'b', 'length')).toThrow('b: its length 97 is past the end of the data (96 bytes)');
		expect(() => data.count(64, 'c', 'offset')).toThrow(`c: its offset 0x8${'0'.repeat(63)} is past the end of the data (96 bytes)`);
	});

	it('stops data that is re-read far more than once (crafted to expand)', () => {
		const data = new AbiData(`0x${word(0)}`, 'the data');
		// 4096 bytes may be read from data this small; the 129th word is too many.
		for (let i = 0; i < 128; i++) data.word(0, 'a');
		expect(() => data.word(0, 'a')).toThrow('a: the data points back into itself so often that decoding would expand it more than 8 times');
	});
});

describe('decodeUtf8', () => {
	it.each(['', 'plain text', 'Grüße', '日本', '🦊 emoji', 'nul\u0000inside'])('reads %j', (text) => {
		expect(decodeUtf8(hexOf(text))).toBe(text);
	});

	it.each([
		['a cut sequence', 'e697'],
		['a lone continuation byte', '80'],
		['an overlong form of "/"', 'c0af'],
		['an overlong three-byte form', 'e08080'],
		['a UTF-16 surrogate', 'eda080'],
		['a code point past U+10FFFF', 'f4908080'],
		['a byte never in UTF-8', 'ff'],
		['a lead byte with a non-continuation after it', 'c341'],
	])('refuses %s', (_what, hex) => {
		expect(decodeUtf8(hex)).toBeUndefined();
	});
});
