import type { Delivery } from './deliverySchema';

// Which addresses count as monitored, looked up case-insensitively. The webhook trigger decides a
// delivery's list in receive.ts (its own addresses and the webhook's); the poll trigger uses its own.

/** Anything that answers whether a lower-case address is monitored. */
export interface AddressLookup {
	has(lowerCaseAddress: string): boolean;
}

/** Lookups made here: their addresses are lower-case already. */
const LOOKUPS = new WeakSet<object>();
/** The lookup made of a list, while the list lives (a long list parsed once is used by many deliveries). */
const LOOKUP_OF = new WeakMap<object, AddressLookup>();

/**
 * The monitored addresses, lower-case, for lookups, built once per list (`npm run bench`: a delivery
 * with 100,000 addresses in the parameter costs 1.08x one with 2).
 */
export function monitoredSet(addresses: Iterable<string> | AddressLookup): AddressLookup {
	if (LOOKUPS.has(addresses)) return addresses as AddressLookup;
	const built = LOOKUP_OF.get(addresses);
	if (built !== undefined) return built;
	const monitored = new Set<string>();
	for (const address of addresses as Iterable<string>) monitored.add(address.toLowerCase());
	LOOKUPS.add(monitored);
	LOOKUP_OF.set(addresses, monitored);
	return monitored;
}

/** Monitored when either set has it: the trigger's own addresses and the webhook's, without copying a long list. */
export function eitherOf(first: AddressLookup, second: ReadonlySet<string> | AddressLookup): AddressLookup {
	const lookup: AddressLookup = { has: (address) => first.has(address) || second.has(address) };
	LOOKUPS.add(lookup);
	return lookup;
}

/**
 * True when a monitored address appears anywhere in the delivery (party, token contract, log
 * emitter): every address a Transfers item can be about. None means an address unknown here.
 */
export function mentionsMonitored(delivery: Delivery, monitoredAddresses: Iterable<string> | AddressLookup): boolean {
	const monitored = monitoredSet(monitoredAddresses);
	const seen = (address: string | null | undefined) => typeof address === 'string' && monitored.has(address.toLowerCase());
	const transaction = delivery.event.transaction;
	if (seen(transaction.from) || seen(transaction.to)) return true;
	if ((transaction.internalTransactions ?? []).some((internal) => seen(internal.from) || seen(internal.to))) return true;
	if ((transaction.erc20Transfers ?? []).some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.erc20Token.address))) return true;
	if ((transaction.erc721Transfers ?? []).some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.erc721Token.address))) return true;
	if ((transaction.erc1155Transfers ?? []).some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.erc1155Token.address))) return true;
	return (delivery.event.logs ?? []).some((log) => seen(log.address));
}
