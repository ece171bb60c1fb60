import type { AddressLookup } from './addresses';
import type { Delivery } from './deliverySchema';

// Which addresses count as monitored, looked up case-insensitively. The webhook trigger decides a
// delivery's list in receive.ts (its own addresses and the webhook's); the poll trigger uses its own.

/** Monitored when either has it: the trigger's own addresses and the webhook's, without copying a long list. */
export function eitherOf(first: AddressLookup, second: AddressLookup): AddressLookup {
	return { has: (address) => first.has(address) || second.has(address) };
}

/**
 * True when a monitored address appears anywhere in the delivery (party, token contract, log
 * emitter): every address a Transfers item can be about. None means an address unknown here.
 */
export function mentionsMonitored(delivery: Delivery, monitored: AddressLookup): boolean {
	const seen = (address: string | null | undefined) => typeof address === 'string' && monitored.has(address.toLowerCase());
	const transaction = delivery.event.transaction;
	if (seen(transaction.from) || seen(transaction.to)) return true;
	if ((transaction.internalTransactions ?? []).some((internal) => seen(internal.from) || seen(internal.to))) return true;
	if ((transaction.erc20Transfers ?? []).some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.erc20Token.address))) return true;
	if ((transaction.erc721Transfers ?? []).some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.erc721Token.address))) return true;
	if ((transaction.erc1155Transfers ?? []).some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.erc1155Token.address))) return true;
	return (delivery.event.logs ?? []).some((log) => seen(log.address));
}
