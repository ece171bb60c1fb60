import { withDecimals } from '../delivery/message';

// Amounts as a person reads them: in the token's units with thousands separators ("1,500 AVAX"),
// and the way back from what a person types ("1500.5") to the smallest unit the chain stores.

/** "1500" → "1,500", "-2500.25" → "-2,500.25". */
export function groupDigits(decimal: string): string {
	const [whole, fraction] = decimal.replace(/^-/, '').split('.');
	const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	return `${decimal.startsWith('-') ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A signed amount in the smallest unit as a decimal in whole units: ("-1500000000", 9) → "-1.5". */
export function inUnits(smallest: string | bigint, decimals: number): string {
	const value = BigInt(smallest);
	return value < 0n ? `-${withDecimals((-value).toString(), decimals)}` : withDecimals(value.toString(), decimals);
}

/** "1,500 AVAX" from a decimal in whole units. */
export const amountText = (decimal: string, symbol: string) => `${groupDigits(decimal)} ${symbol}`.trim();

/** nAVAX (the P-Chain's unit, 9 decimals) as "30,000 AVAX". */
export const avaxText = (navax: string | bigint) => amountText(inUnits(navax, 9), 'AVAX');

/**
 * What a person typed ("1500", "0.25", "1,500", "-5") as an integer in the smallest unit, or the
 * reason it is not an amount of a token with `decimals`.
 */
export function parseUnits(text: string, decimals: number, options: { signed?: boolean } = {}): { value: bigint } | { problem: string } {
	const trimmed = text.trim().replace(/,/g, '');
	const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(trimmed);
	if (!match || (match[2] === '' && !match[3])) return { problem: 'is not a number: use digits and at most one decimal point (1500 or 0.25)' };
	const [, minus, whole, fraction = ''] = match;
	if (minus && !options.signed) return { problem: 'must not be negative' };
	if (fraction.replace(/0+$/, '').length > decimals) return { problem: `has more than ${decimals} decimal places, the token's smallest unit` };
	const value = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
	return { value: minus ? -value : value };
}

/** 0x71C7…976F: the start and end a person compares; the whole address stays in the title. */
export const shortAddress = (address: string) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/** The emulator clock's time as "2026-11-26 01:02:03" (UTC). */
export const timeText = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, '');
