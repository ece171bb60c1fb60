import { InvalidInputError, quoteValue } from './errors';

const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
// Users paste lists from spreadsheets and chats: commas, semicolons, any whitespace.
const SEPARATORS = /[\s,;]+/;

function splitEntries(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	if (Array.isArray(value)) return value.flatMap((entry) => splitEntries(entry));
	if (typeof value === 'string') return value.split(SEPARATORS).filter((entry) => entry !== '');
	throw new InvalidInputError(
		`${quoteValue(value)} is not an address or a list of addresses (expected text or an array of text)`,
		value,
	);
}

export function isAddress(value: string): boolean {
	return ADDRESS_PATTERN.test(value);
}

/**
 * Monitored addresses from text (separated by commas, spaces or new lines) or an array (from an
 * expression). Each must be 0x plus 40 hex characters; duplicates are dropped ignoring letter
 * case, keeping the first spelling. Throws InvalidInputError naming the first bad address.
 */
export function parseAddresses(value: unknown): string[] {
	const seen = new Set<string>();
	const addresses: string[] = [];
	for (const entry of splitEntries(value)) {
		if (!isAddress(entry)) {
			throw new InvalidInputError(
				`${quoteValue(entry)} is not a valid address (expected 0x followed by 40 hexadecimal characters)`,
				entry,
			);
		}
		const key = entry.toLowerCase();
		if (!seen.has(key)) {
			seen.add(key);
			addresses.push(entry);
		}
	}
	return addresses;
}
