import { parseAddresses, parseAddressesNamingAll } from '../../../nodes/shared/model/addresses';
import { InvalidInputError } from '../../../nodes/shared/model/invalidInput';

const A = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const B = '0x000000000000000000000000000000000000dEaD';
const C = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';

function failure(value: unknown): InvalidInputError {
	try {
		parseAddresses(value);
	} catch (error) {
		return error as InvalidInputError;
	}
	throw new Error('parseAddresses accepted the value');
}

describe('parseAddresses', () => {
	it('splits text at commas, spaces, semicolons and new lines', () => {
		expect(parseAddresses(`${A}, ${B}\n${C}`)).toEqual([A, B, C]);
		expect(parseAddresses(`  ${A};${B}\r\n\t${C}  `)).toEqual([A, B, C]);
	});

	it('accepts an array from an expression, also with entries that hold lists', () => {
		expect(parseAddresses([A, `${B}, ${C}`])).toEqual([A, B, C]);
		expect(parseAddresses([[A], [B, [C]]])).toEqual([A, B, C]);
	});

	it('drops duplicates ignoring letter case and keeps the first spelling', () => {
		expect(parseAddresses([A, A.toLowerCase(), A.toUpperCase().replace('0X', '0x'), B])).toEqual([A, B]);
	});

	it('returns nothing for empty input', () => {
		expect(parseAddresses('')).toEqual([]);
		expect(parseAddresses(' ,\n ')).toEqual([]);
		expect(parseAddresses(undefined)).toEqual([]);
		expect(parseAddresses([])).toEqual([]);
	});

	it.each([
		['0x1234', 'too short'],
		[`${A}0`, 'too long'],
		['71C7656EC7ab88b098defB751B7401B5f6d8976F', 'no 0x'],
		['0x71C7656EC7ab88b098defB751B7401B5f6d8976G', 'not hex'],
		['0X71C7656EC7ab88b098defB751B7401B5f6d8976F', 'capital X'],
	])('rejects %s (%s), naming it', (bad) => {
		const error = failure(`${A}, ${bad}`);
		expect(error).toBeInstanceOf(InvalidInputError);
		expect(error.value).toBe(bad);
		expect(error.message).toContain(`"${bad}"`);
		expect(error.message).toContain('0x followed by 40 hexadecimal characters');
	});

	it('rejects values that are neither text nor arrays', () => {
		expect(failure(42).message).toContain('"42" is not an address');
		expect(failure([A, { address: B }]).value).toEqual({ address: B });
	});
});

describe('parseAddressesNamingAll', () => {
	const refusal = (value: unknown): string => {
		try {
			parseAddressesNamingAll(value);
		} catch (error) {
			return (error as Error).message;
		}
		throw new Error('parseAddressesNamingAll accepted the value');
	};

	it('reads a list as parseAddresses does (duplicates dropped, first spelling kept)', () => {
		expect(parseAddressesNamingAll([`${A}, ${B}`, A.toLowerCase(), C]).list).toEqual([A, B, C]);
	});

	it('names every bad entry with its position among the entries given', () => {
		expect(refusal(`${A}, 0x12ab\n${B}; vitalik.eth`)).toBe(
			'2 of 4 are not valid addresses (expected 0x followed by 40 hexadecimal characters): #2 "0x12ab", #4 "vitalik.eth"',
		);
		expect(refusal([A, 'nope'])).toBe('1 of 2 is not a valid address (expected 0x followed by 40 hexadecimal characters): #2 "nope"');
		expect(refusal('0x12')).toBe('"0x12" is not a valid address (expected 0x followed by 40 hexadecimal characters)');
	});

	it('names the first ten bad entries and counts the rest', () => {
		const message = refusal(Array.from({ length: 25 }, (_, index) => `bad${index + 1}`));
		expect(message).toMatch(/^25 of 25 are not valid addresses .*: #1 "bad1", .*#10 "bad10" and 15 more$/);
	});

	it('refuses an empty list', () => {
		expect(refusal(' ,\n')).toBe('no address given');
	});
});
