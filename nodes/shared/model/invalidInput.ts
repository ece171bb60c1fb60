/**
 * A user-supplied value that cannot be sent to the service (a malformed address or event
 * signature). Parsing code throws it without knowing which parameter or item the value came
 * from; `toInputError` (parameters/parameterErrors.ts) turns it into the NodeOperationError a user sees.
 */
export class InvalidInputError extends Error {
	constructor(
		message: string,
		/** The offending value as the user wrote it. */
		readonly value: unknown,
	) {
		super(message);
		this.name = 'InvalidInputError';
	}
}

/** Shows a value in a message without flooding it: long input is cut. */
export function quoteValue(value: unknown): string {
	const text =
		typeof value === 'string' || typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
	return `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
}

/** What a refused entry of a list is not, e.g. "a valid address" / "valid addresses" (expected 0x followed by ...). */
export class EntryKind {
	constructor(
		readonly one: string,
		readonly many: string,
		readonly hint?: string,
	) {}

	/** "is not a valid address (hint)" or "are not valid addresses (hint)". */
	notSaid(count: number): string {
		return `${count === 1 ? `is not ${this.one}` : `are not ${this.many}`}${this.hint === undefined ? '' : ` (${this.hint})`}`;
	}
}

/** A refused entry of a list: its position (1-based, as the list is read), its text and what it is not. */
export interface RefusedEntry {
	position: number;
	value: string;
	kind: EntryKind;
}

/** At most this many refused entries of one kind are quoted; the rest are counted. */
const QUOTED_PER_KIND = 10;

function quotedEntries(entries: RefusedEntry[]): string {
	const quoted = entries.slice(0, QUOTED_PER_KIND).map((entry) => `#${entry.position} ${quoteValue(entry.value)}`);
	const more = entries.length - QUOTED_PER_KIND;
	return more > 0 ? `${quoted.join(', ')} and ${more} more` : quoted.join(', ');
}

/**
 * Every refused entry of a list at once, with its position: a one-entry list says it as a single
 * value does ('"x" is not a valid address (...)'); a longer one counts and lists them
 * ('2 of 5 are not valid addresses (...): #2 "0x12", #5 "nope"'), by kind when they differ.
 */
export function refusedEntriesMessage(refused: RefusedEntry[], total: number): string {
	if (total === 1 && refused.length === 1) return `${quoteValue(refused[0].value)} ${refused[0].kind.notSaid(1)}`;
	const byKind = new Map<EntryKind, RefusedEntry[]>();
	for (const entry of refused) byKind.set(entry.kind, [...(byKind.get(entry.kind) ?? []), entry]);
	const counted = `${refused.length} of ${total}`;
	if (byKind.size === 1) {
		const [[kind, entries]] = [...byKind];
		return `${counted} ${kind.notSaid(entries.length)}: ${quotedEntries(entries)}`;
	}
	const groups = [...byKind].map(([kind, entries]) => `${quotedEntries(entries)} ${kind.notSaid(entries.length)}`);
	return `${counted} are refused: ${groups.join('; ')}`;
}

/** Every refused entry of a list, named in one message; `value` holds their texts. */
export class InvalidEntriesError extends InvalidInputError {
	constructor(
		readonly refused: RefusedEntry[],
		total: number,
	) {
		super(refusedEntriesMessage(refused, total), refused.length === 1 ? refused[0].value : refused.map((entry) => entry.value));
	}
}

/**
 * Checks every entry of a list: `check` gives an entry's value, or the EntryKind it is not. All
 * refused entries are named in one InvalidEntriesError, so a user fixes the list in one go.
 */
export function checkEntries<T>(entries: string[], check: (entry: string) => T | EntryKind): T[] {
	const values: T[] = [];
	const refused: RefusedEntry[] = [];
	entries.forEach((entry, index) => {
		const checked = check(entry);
		if (checked instanceof EntryKind) refused.push({ position: index + 1, value: entry, kind: checked });
		else values.push(checked);
	});
	if (refused.length > 0) throw new InvalidEntriesError(refused, entries.length);
	return values;
}
