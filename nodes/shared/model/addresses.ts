import { checkEntries, EntryKind, InvalidInputError, quoteValue } from './invalidInput';

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

/** What a malformed entry of an address list is not. */
export const NOT_AN_ADDRESS = new EntryKind('a valid address', 'valid addresses', 'expected 0x followed by 40 hexadecimal characters');

/** An address as given, or NOT_AN_ADDRESS (for checkEntries). */
export function checkAddress(entry: string): string | EntryKind {
	return isAddress(entry) ? entry : NOT_AN_ADDRESS;
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
	 * expression). Each must be 0x plus 40 hex characters: every one that is not is named, with its
	 * position, in one InvalidEntriesError.
	 */
	static parse(value: unknown): AddressSet {
		return new AddressSet(checkEntries(splitEntries(value, splitList, 'an address or a list of addresses'), checkAddress));
	}
}

/**
 * Addresses as AddressSet.parse reads them (every bad entry named with its position); none given
 * is an error too.
 */
export function parseAddressesNamingAll(value: unknown): AddressSet {
	const set = AddressSet.parse(value);
	if (set.size === 0) throw new InvalidInputError('no address given', value);
	return set;
}

/** AddressSet.parse as a list: duplicates dropped ignoring letter case, the first spelling kept. */
export function parseAddresses(value: unknown): string[] {
	return AddressSet.parse(value).list;
}
