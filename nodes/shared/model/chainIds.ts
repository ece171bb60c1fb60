import { InvalidInputError, quoteValue } from './invalidInput';

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

/** Chain IDs given as a list or as text separated by commas, spaces or new lines: each checked, each once, in order. */
export function parseChainIds(value: unknown): string[] {
	const entries = Array.isArray(value) ? (value as unknown[]) : typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : [value];
	const chainIds = [...new Set(entries.map(parseChainId))];
	if (chainIds.length === 0) throw new InvalidInputError('no chain is selected (pick at least one)', value);
	return chainIds;
}
