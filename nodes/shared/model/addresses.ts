import { InvalidInputError, quoteValue } from './invalidInput';

const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
// Users paste lists from spreadsheets and chats: commas, semicolons, any whitespace.
const SEPARATORS = /[\s,;]+/;

/** A list's text split at commas, semicolons and whitespace, without empty entries. */
export function splitList(text: string): string[] {
	return text.split(SEPARATORS).filter((part) => part !== '');
}

/**
 * The entries of a list parameter: text split by `split`, or an array (from an expression) of such
 * texts. Anything else is refused in words naming `what` the list holds.
 */
export function splitEntries(value: unknown, split: (text: string) => string[], what: string): string[] {
	if (value === undefined || value === null) return [];
	if (Array.isArray(value)) return value.flatMap((entry) => splitEntries(entry, split, what));
	if (typeof value === 'string') return split(value);
	throw new InvalidInputError(`${quoteValue(value)} is not ${what} (expected text or an array of text)`, value);
}

export function isAddress(value: string): boolean {
	return ADDRESS_PATTERN.test(value);
}

/** Anything that answers whether a lower-case address is in it. */
export interface AddressLookup {
	has(lowerCaseAddress: string): boolean;
}

/**
 * Addresses made once and passed on as they are: in the order and spelling first given, without
 * duplicates (letter case does not matter), looked up by their lower-case form.
 */
export class AddressSet implements AddressLookup {
	/** Lower-case address -> its first spelling, in the order given. */
	private readonly spellings = new Map<string, string>();

	/** A set of addresses as the service lists them (not checked). */
	constructor(addresses: Iterable<string> = []) {
		for (const address of addresses) this.add(address);
	}

	private add(address: string): void {
		const key = address.toLowerCase();
		if (!this.spellings.has(key)) this.spellings.set(key, address);
	}

	has(lowerCaseAddress: string): boolean {
		return this.spellings.has(lowerCaseAddress);
	}

	get size(): number {
		return this.spellings.size;
	}

	/** The addresses as first spelled. */
	get list(): string[] {
		return [...this.spellings.values()];
	}

	/** The addresses in lower case. */
	get lowerCase(): string[] {
		return [...this.spellings.keys()];
	}

	/** Those of these addresses that `other` does not have, as spelled here. */
	without(other: AddressLookup): string[] {
		return [...this.spellings].filter(([key]) => !other.has(key)).map(([, address]) => address);
	}

	/**
	 * Monitored addresses from text (separated by commas, spaces or new lines) or an array (from an
	 * expression). Each must be 0x plus 40 hex characters. Throws InvalidInputError naming the first bad address.
	 */
	static parse(value: unknown): AddressSet {
		const set = new AddressSet();
		for (const entry of splitEntries(value, splitList, 'an address or a list of addresses')) {
			if (!isAddress(entry)) {
				throw new InvalidInputError(`${quoteValue(entry)} is not a valid address (expected 0x followed by 40 hexadecimal characters)`, entry);
			}
			set.add(entry);
		}
		return set;
	}
}

/** How many bad entries an error lists before it says how many more there are. */
const NAMED_AT_MOST = 10;

/**
 * Addresses as AddressSet.parse reads them, but a list with bad entries is refused naming every
 * one with its position (1-based, as the entries were given), so one run shows all that needs
 * fixing. None given is an error too.
 */
export function parseAddressesNamingAll(value: unknown): AddressSet {
	const entries = splitEntries(value, splitList, 'an address or a list of addresses');
	const bad = entries.map((entry, index) => ({ entry, position: index + 1 })).filter(({ entry }) => !isAddress(entry));
	const expected = '(expected 0x followed by 40 hexadecimal characters)';
	if (bad.length === 1 && entries.length === 1) throw new InvalidInputError(`${quoteValue(bad[0].entry)} is not a valid address ${expected}`, bad[0].entry);
	if (bad.length > 0) {
		const named = bad.slice(0, NAMED_AT_MOST).map(({ entry, position }) => `entry ${position} ${quoteValue(entry)}`);
		const more = bad.length > NAMED_AT_MOST ? ` and ${bad.length - NAMED_AT_MOST} more` : '';
		const count = bad.length === 1 ? `1 of ${entries.length} entries is not a valid address` : `${bad.length} of ${entries.length} entries are not valid addresses`;
		throw new InvalidInputError(`${count} ${expected}: ${named.join(', ')}${more}`, bad.length === 1 ? bad[0].entry : bad.map(({ entry }) => entry));
	}
	const set = new AddressSet(entries);
	if (set.size === 0) throw new InvalidInputError('no address given', value);
	return set;
}

/** AddressSet.parse as a list: duplicates dropped ignoring letter case, the first spelling kept. */
export function parseAddresses(value: unknown): string[] {
	return AddressSet.parse(value).list;
}
