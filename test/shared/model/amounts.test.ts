import { amountText, decimalTextOfNumber, formatUnits, isAtLeast, parseDecimal } from '../../../nodes/shared/model/amounts';

describe('formatUnits', () => {
	it.each([
		['1500000', 6, '1.5'],
		['1000000000000000000', 18, '1'],
		['1', 18, '0.000000000000000001'],
		['0', 6, '0'],
		['000120', 2, '1.2'],
		['123', 0, '123'],
		['0042', 0, '42'],
		['5', -2, '5'],
		// Wider than a double holds exactly: every digit kept.
		['123456789012345678901234567890', 6, '123456789012345678901234.56789'],
	])('writes %s with %d decimals as %s', (raw, decimals, expected) => {
		expect(formatUnits(raw, decimals)).toBe(expected);
	});

	it('reads amounts the service writes in hex as BigInt does', () => {
		expect(formatUnits('0x16345785d8a0000', 18)).toBe('0.1');
		expect(formatUnits('0x0', 18)).toBe('0');
	});

	it('throws on text that is no integer', () => {
		expect(() => formatUnits('1.5', 6)).toThrow(SyntaxError);
		expect(() => formatUnits('abc', 6)).toThrow(SyntaxError);
	});
});

describe('parseDecimal', () => {
	it.each([
		['0.25', { digits: BigInt(25), scale: 2 }],
		['1.5', { digits: BigInt(15), scale: 1 }],
		[' 42 ', { digits: BigInt(42), scale: 0 }],
		['.5', { digits: BigInt(5), scale: 1 }],
		['3.', { digits: BigInt(3), scale: 0 }],
		['0', { digits: BigInt(0), scale: 0 }],
	])('reads "%s"', (text, expected) => {
		expect(parseDecimal(text)).toEqual(expected);
	});

	it.each(['', ' ', '.', '-1', '1e3', '1,5', '0x10', '1.2.3', 'one'])('refuses "%s"', (text) => {
		expect(parseDecimal(text)).toBeUndefined();
	});
});

describe('isAtLeast', () => {
	const minimum = (text: string) => parseDecimal(text)!;

	it('compares a raw amount with its decimals against a decimal minimum exactly', () => {
		expect(isAtLeast('1500000', 6, minimum('1.5'))).toBe(true);
		expect(isAtLeast('1499999', 6, minimum('1.5'))).toBe(false);
		expect(isAtLeast('1500001', 6, minimum('1.5'))).toBe(true);
		// 0.1 + 0.2 in floating point is above 0.3; as raw units it is exactly 0.3.
		expect(isAtLeast('300000000000000000', 18, minimum('0.3'))).toBe(true);
		expect(isAtLeast('299999999999999999', 18, minimum('0.3'))).toBe(false);
	});

	it('counts an amount without decimals (an NFT) as whole units', () => {
		expect(isAtLeast('1', 0, minimum('1'))).toBe(true);
		expect(isAtLeast('1', 0, minimum('1.01'))).toBe(false);
	});

	it('takes every amount as at least zero', () => {
		expect(isAtLeast('0', 18, minimum('0'))).toBe(true);
	});
});

describe('decimalTextOfNumber', () => {
	it.each([
		[1.5, '1.5'],
		[25000, '25000'],
		[1e-7, '0.0000001'],
		[-2.5e-8, '-0.000000025'],
		[1.25e21, '1250000000000000000000'],
		[1.2345e2, '123.45'],
		[0, '0'],
	])('writes %p as %s, the decimal it was typed as', (value, text) => {
		expect(decimalTextOfNumber(value)).toBe(text);
	});

	it.each([[0.1 + 0.2], [Number('123456789.123456789')], [Number.NaN], [Number.POSITIVE_INFINITY], [1 / 3]])('gives nothing for %p: not a number whose digits were typed', (value) => {
		expect(decimalTextOfNumber(value)).toBeUndefined();
	});
});

describe('amountText', () => {
	it('trims text, reads numbers as typed, and gives empty text for anything else', () => {
		expect(amountText(' 1.50 ')).toBe('1.50');
		expect(amountText(1e-7)).toBe('0.0000001');
		expect(amountText(Number.POSITIVE_INFINITY)).toBe('Infinity');
		expect(amountText(0.1 + 0.2)).toBeUndefined();
		expect(amountText(null)).toBe('');
		expect(amountText({ amount: 1 })).toBe('');
	});
});
