/* eslint-disable @typescript-eslint/no-explicit-any */
// The service's JSON is read field by field here; typing every response shape would add nothing.
/**
 * What an address's transfers add up to, from the emulator's own chain history (the address
 * transactions route, as another client of the account reads it): the expected balances of the
 * balance tests, computed without the balance routes.
 */
import type { AddressActivityCredentialData } from './credentials';
import { serviceCall } from './fixtures';

/** The address's transactions as the service lists them, oldest first, up to `endBlock` (inclusive). */
export async function addressHistory(credentials: AddressActivityCredentialData, chainId: string, address: string, endBlock?: number): Promise<any[]> {
	const items: any[] = [];
	let pageToken: string | undefined;
	do {
		const query = new URLSearchParams({ sortOrder: 'asc', pageSize: '100', ...(endBlock === undefined ? {} : { endBlock: String(endBlock) }), ...(pageToken ? { pageToken } : {}) });
		const page = await serviceCall<any>(credentials, 'GET', `/v1/chains/${chainId}/addresses/${address}/transactions?${query.toString()}`);
		items.push(...page.transactions);
		pageToken = page.nextPageToken;
	} while (pageToken);
	return items;
}

const same = (party: { address: string } | undefined, address: string) => party?.address.toLowerCase() === address.toLowerCase();

/**
 * The native token the history moved for `address`: values in and out of successful transactions
 * and of their value-moving internal calls (but the one repeating the transaction's own call), less
 * the gas it paid as a sender.
 */
export function nativeSum(items: any[], address: string): bigint {
	let sum = 0n;
	for (const item of items) {
		const tx = item.nativeTransaction;
		if (same(tx.from, address)) sum -= BigInt(tx.gasUsed) * BigInt(tx.gasPrice);
		if (tx.txStatus !== '1') continue;
		const move = (from: any, to: any, value: string) => {
			if (same(to, address)) sum += BigInt(value);
			if (same(from, address)) sum -= BigInt(value);
		};
		move(tx.from, tx.to, tx.value);
		(item.internalTransactions ?? []).forEach((call: any, index: number) => {
			const own = index === 0 && same(call.from, tx.from.address) && same(call.to, tx.to.address) && call.value === tx.value;
			if (!own && !call.isReverted && !['DELEGATECALL', 'STATICCALL'].includes(call.internalTxType)) move(call.from, call.to, call.value);
		});
	}
	return sum;
}

/** The ERC-20 tokens of `contract` the history moved for `address`. */
export function tokenSum(items: any[], address: string, contract: string): bigint {
	let sum = 0n;
	for (const item of items) {
		if (item.nativeTransaction.txStatus !== '1') continue;
		for (const transfer of item.erc20Transfers ?? []) {
			if (transfer.erc20Token.address.toLowerCase() !== contract.toLowerCase()) continue;
			if (same(transfer.to, address)) sum += BigInt(transfer.value);
			if (same(transfer.from, address)) sum -= BigInt(transfer.value);
		}
	}
	return sum;
}

/** A raw amount in the token's units, exactly (18 decimals: 3000000000000000000 -> "3"), as the items give it. */
export function units(raw: bigint, decimals: number): string {
	const negative = raw < 0n;
	const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0');
	const fraction = decimals === 0 ? '' : digits.slice(digits.length - decimals).replace(/0+$/, '');
	const whole = decimals === 0 ? digits : digits.slice(0, digits.length - decimals);
	return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
