// Token amounts are exact: BigInt arithmetic on decimal strings, never floating point.
const TEN = BigInt(10);
const DIGITS = /^[0-9]+$/;
const LEADING_ZEROS = /^0+/;
const TRAILING_ZEROS = /0+$/;

/** Writes a raw integer amount with `decimals` fraction digits, without trailing zeros ("1500000", 6 -> "1.5"). */
export function formatUnits(amountRaw: string, decimals: number): string {
	// Decimal digits only need the point moved: text work, no BigInt division.
	if (DIGITS.test(amountRaw) && Number.isInteger(decimals)) {
		const digits = amountRaw.replace(LEADING_ZEROS, '') || '0';
		if (decimals <= 0) return digits;
		const padded = digits.padStart(decimals + 1, '0');
		const fraction = padded.slice(-decimals).replace(TRAILING_ZEROS, '');
		const whole = padded.slice(0, -decimals);
		return fraction === '' ? whole : `${whole}.${fraction}`;
	}
	const raw = BigInt(amountRaw);
	if (decimals <= 0) return raw.toString();
	const divisor = TEN ** BigInt(decimals);
	const whole = raw / divisor;
	const fraction = (raw % divisor).toString().padStart(decimals, '0').replace(/0+$/, '');
	return fraction === '' ? whole.toString() : `${whole.toString()}.${fraction}`;
}

export interface DecimalNumber {
	digits: bigint;
	scale: number;
}

const DECIMAL_PATTERN = /^\s*([0-9]*)(?:\.([0-9]*))?\s*$/;

/** Parses a non-negative decimal such as "0.25"; undefined when the text is not one. */
export function parseDecimal(text: string): DecimalNumber | undefined {
	const match = DECIMAL_PATTERN.exec(text);
	if (match === null) return undefined;
	const whole = match[1] ?? '';
	const fraction = match[2] ?? '';
	if (whole === '' && fraction === '') return undefined;
	return { digits: BigInt(`${whole}${fraction}` || '0'), scale: fraction.length };
}

/** True when amountRaw / 10^decimals >= minimum, compared exactly. */
export function isAtLeast(amountRaw: string, decimals: number, minimum: DecimalNumber): boolean {
	const left = BigInt(amountRaw) * TEN ** BigInt(minimum.scale);
	const right = minimum.digits * TEN ** BigInt(Math.max(decimals, 0));
	return left >= right;
}

/** Significant digits a number keeps exactly: any decimal with this many or fewer reads back as typed. */
const EXACT_DIGITS = 15;

function significantDigits(digits: string): number {
	return digits.replace(LEADING_ZEROS, '').replace(TRAILING_ZEROS, '').length;
}

/**
 * A number field's value as the decimal text it was typed as ("1e-7" -> "0.0000001"), or undefined
 * when it is not a finite number of at most 15 significant digits, the most a number keeps exactly
 * (a longer one, such as 0.1 + 0.2, shows digits nobody typed).
 */
export function decimalTextOfNumber(value: number): string | undefined {
	if (!Number.isFinite(value)) return undefined;
	const text = String(value);
	const exponential = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
	if (exponential === null) return significantDigits(text.replace(/^-/, '').replace('.', '')) > EXACT_DIGITS ? undefined : text;
	const [, sign, first, rest = '', exponent] = exponential;
	const digits = `${first}${rest}`;
	if (significantDigits(digits) > EXACT_DIGITS) return undefined;
	const point = 1 + Number(exponent);
	if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
	if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
	return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Said of a number with more digits than it keeps exactly (amountText gives undefined for it). */
export const INEXACT_NUMBER =
	'has more than 15 significant digits, more than a number keeps exactly (give the amount as text with an expression, e.g. {{ "123456789.123456789" }})';

/**
 * An amount typed as text, or given by a number field, as exact decimal text (trimmed; not checked
 * further); undefined for a number with more digits than it keeps exactly, whose digits were not typed.
 */
export function amountText(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? decimalTextOfNumber(value) : String(value);
	return typeof value === 'string' ? value.trim() : '';
}
