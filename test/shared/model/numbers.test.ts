import { InvalidInputError } from '../../../nodes/shared/model/invalidInput';
import { wholeNumber } from '../../../nodes/shared/model/numbers';

describe('wholeNumber', () => {
	it('takes a whole number of the minimum or more, also as numeric text', () => {
		expect(wholeNumber(0, 0)).toBe(0);
		expect(wholeNumber(7, 1)).toBe(7);
		expect(wholeNumber('12', 1)).toBe(12);
		expect(wholeNumber(' 3 ', 0)).toBe(3);
		expect(wholeNumber('1e3', 0)).toBe(1000);
	});

	it.each([[-1], [0.5], ['1.5'], [''], ['  '], ['ten'], [null], [undefined], [Number.NaN], [true]])('refuses %p', (value) => {
		expect(() => wholeNumber(value, 0)).toThrow(InvalidInputError);
	});

	it('refuses a number under the minimum, wording the error with the default or the caller\'s words', () => {
		expect(() => wholeNumber(0, 1)).toThrow('"0" is not a whole number of 1 or more');
		expect(() => wholeNumber('-5', 0, 'a block number (a whole number of 0 or more)')).toThrow(
			'"-5" is not a block number (a whole number of 0 or more)',
		);
	});

	it('keeps the value as given in the error', () => {
		try {
			wholeNumber('abc', 0);
			throw new Error('accepted');
		} catch (error) {
			expect((error as InvalidInputError).value).toBe('abc');
		}
	});
});
