import { checkEntries, EntryKind, InvalidInputError, quoteValue } from './invalidInput';

const CHAIN_ID_PATTERN = /^\d+$/;

/** Validates a chain ID (decimal, as the service sends it) and returns it as a string. */
export function parseChainId(value: unknown): string {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!CHAIN_ID_PATTERN.test(text)) {
		throw new InvalidInputError(
			`${quoteValue(value)} is not a chain ID (expected a decimal number such as 43114)`,
			value,
		);
	}
	return text;
}

const NOT_A_CHAIN_ID = new EntryKind('a chain ID', 'chain IDs', 'expected a decimal number such as 43114');

/** An entry of a list of chains as text (an expression's array may hold numbers). */
function entryText(entry: unknown): string {
	if (typeof entry === 'string') return entry.trim();
	return typeof entry === 'number' ? String(entry) : (JSON.stringify(entry) ?? String(entry));
}

/** Chain IDs given as a list or as text separated by commas, spaces or new lines: each checked (every bad one named at once), each once, in order. */
export function parseChainIds(value: unknown): string[] {
	const entries = Array.isArray(value) ? (value as unknown[]) : typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : [value];
	const check = (entry: string) => (CHAIN_ID_PATTERN.test(entry) ? entry : NOT_A_CHAIN_ID);
	const chainIds = [...new Set(checkEntries(entries.map(entryText), check))];
	if (chainIds.length === 0) throw new InvalidInputError('no chain is selected (pick at least one)', value);
	return chainIds;
}
