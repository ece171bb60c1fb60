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
