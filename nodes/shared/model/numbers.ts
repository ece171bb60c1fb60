import { InvalidInputError, quoteValue } from './invalidInput';

/**
 * A whole number of `minimum` or more, also from numeric text (an expression often gives text).
 * `expected` words the error, e.g. "a block number (a whole number of 0 or more)".
 */
export function wholeNumber(value: unknown, minimum: number, expected = `a whole number of ${minimum} or more`): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < minimum) {
		throw new InvalidInputError(`${quoteValue(value)} is not ${expected}`, value);
	}
	return number;
}
