/**
 * Long Addresses parameters, parsed: each delivery reads the parameter again, and parsing a list of
 * 100,000 addresses costs far more than finding it here (`npm run bench`). Keyed by the text itself.
 */
import { BoundedMap } from '../../shared/memory/boundedMap';
import type { AddressSet } from '../../shared/model/addresses';

const parsedAddressLists = new BoundedMap<string, AddressSet>(8);

export function rememberAddressList(text: string, addresses: AddressSet): void {
	parsedAddressLists.set(text, addresses);
}

/** The list parsed from exactly this text, if this process parsed it recently. */
export function rememberedAddressList(text: string): AddressSet | undefined {
	return parsedAddressLists.get(text);
}

export function forgetAddressLists(): void {
	parsedAddressLists.clear();
}
