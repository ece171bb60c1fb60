import { createHash } from 'node:crypto';

import { CHAIN_SPECS } from './catalog';
import type { Chain } from './chain';
import type { ChainTx, Erc20Token, NftToken } from './model';

// What an address holds on an EVM chain, computed from the chain's own transactions: the native
// token (values of successful transactions and of their value-moving internal calls, less the gas
// every transaction's sender pays), ERC-20 and ERC-1155 amounts and ERC-721 tokens (the transfers
// of successful transactions). The generated history starts from opening balances (as at genesis)
// that cover what it spends; injected activity starts from none.

/** One change a transaction makes to what an address holds. */
export type Holding =
	| { kind: 'native'; address: string; change: bigint }
	| { kind: 'erc20'; address: string; change: bigint; token: Erc20Token }
	| { kind: 'erc1155'; address: string; change: bigint; token: NftToken; tokenId: string }
	| { kind: 'erc721'; address: string; change: 1n | -1n; token: NftToken; tokenId: string };

type Fungible = Exclude<Holding, { kind: 'erc721' }>;

/** Internal calls of these types carry no value of their own. */
const NO_VALUE_CALLS = new Set(['DELEGATECALL', 'STATICCALL']);

/** Every change a transaction makes, in order; addresses in lower case. */
export function changesOf(tx: ChainTx): Holding[] {
	const changes: Holding[] = [];
	const move = (from: string, to: string, value: bigint, make: (address: string, change: bigint) => Holding) => {
		if (value === 0n) return;
		changes.push(make(from.toLowerCase(), -value), make(to.toLowerCase(), value));
	};
	const native = (address: string, change: bigint): Holding => ({ kind: 'native', address, change });
	changes.push(native(tx.from.toLowerCase(), -BigInt(tx.gasUsed) * tx.gasPrice));
	if (!tx.success) return changes;
	move(tx.from, tx.to, BigInt(tx.value), native);
	tx.internal.forEach((call, index) => {
		// the first internal transaction may be the transaction's own call, already counted
		const own = index === 0 && call.from.toLowerCase() === tx.from.toLowerCase() && call.to.toLowerCase() === tx.to.toLowerCase() && call.value === tx.value;
		if (!own && !call.isReverted && !NO_VALUE_CALLS.has(call.internalTxType)) move(call.from, call.to, BigInt(call.value), native);
	});
	for (const transfer of tx.erc20) move(transfer.from, transfer.to, BigInt(transfer.value), (address, change) => ({ kind: 'erc20', address, change, token: transfer.token }));
	for (const transfer of tx.erc1155) {
		move(transfer.from, transfer.to, BigInt(transfer.value), (address, change) => ({ kind: 'erc1155', address, change, token: transfer.token, tokenId: transfer.tokenId }));
	}
	for (const transfer of tx.erc721) {
		changes.push(
			{ kind: 'erc721', address: transfer.from.toLowerCase(), change: -1n, token: transfer.token, tokenId: transfer.tokenId },
			{ kind: 'erc721', address: transfer.to.toLowerCase(), change: 1n, token: transfer.token, tokenId: transfer.tokenId },
		);
	}
	return changes;
}

/** The key of a fungible holding: one balance per asset (and token ID for ERC-1155). */
function assetKey(holding: Holding): string {
	if (holding.kind === 'native') return 'native';
	if (holding.kind === 'erc20') return `erc20|${holding.token.address.toLowerCase()}`;
	return `${holding.kind}|${holding.token.address.toLowerCase()}|${holding.tokenId}`;
}

/** Opening balances of the generated history, per address then asset: what its lowest point needs, plus a round amount of native token. */
type Openings = Map<string, Map<string, Fungible>>;

const openingsOf = new WeakMap<Chain, Openings>();

function openings(chain: Chain): Openings {
	let found = openingsOf.get(chain);
	if (found) return found;
	const generated = CHAIN_SPECS.find((spec) => spec.info.chainId === chain.id)?.transactions ?? 0;
	const running = new Map<string, bigint>();
	const lowest = new Map<string, Fungible>();
	for (const tx of chain.transactions.slice(0, generated)) {
		for (const holding of changesOf(tx)) {
			if (holding.kind === 'erc721') continue;
			const key = `${holding.address}|${assetKey(holding)}`;
			const balance = (running.get(key) ?? 0n) + holding.change;
			running.set(key, balance);
			if (!lowest.has(key) || balance < lowest.get(key)!.change) lowest.set(key, { ...holding, change: balance });
		}
	}
	found = new Map();
	for (const [key, low] of lowest) {
		// 1 to 1000 whole native tokens on top, the same for the same chain and address
		const wholeTokens = BigInt((createHash('sha256').update(`${chain.id}|${low.address}`).digest().readUInt16BE(0) % 1000) + 1);
		const extra = low.kind === 'native' ? wholeTokens * 10n ** BigInt(chain.info.networkToken.decimals) : 0n;
		const opening = (low.change < 0n ? -low.change : 0n) + extra;
		if (opening === 0n) continue;
		const ofAddress = found.get(low.address) ?? new Map<string, Fungible>();
		ofAddress.set(key.slice(low.address.length + 1), { ...low, change: opening });
		found.set(low.address, ofAddress);
	}
	openingsOf.set(chain, found);
	return found;
}

/** What an address holds after a block: fungible balances by asset, and the ERC-721 tokens it holds, in the order they came. */
export interface Holdings {
	native: bigint;
	/** by contract (lower case), in the order the address first held each */
	erc20: Map<string, { token: Erc20Token; balance: bigint }>;
	/** by contract and token ID */
	erc1155: Map<string, { token: NftToken; tokenId: string; balance: bigint }>;
	/** by contract and token ID: held when the address's latest transfer of the token brought it in */
	erc721: Map<string, { token: NftToken; tokenId: string }>;
}

/** The holdings of `address` after every transaction up to block `blockNumber` (inclusive). */
export function holdingsAt(chain: Chain, address: string, blockNumber: number): Holdings {
	const owner = address.toLowerCase();
	const result: Holdings = { native: 0n, erc20: new Map(), erc1155: new Map(), erc721: new Map() };
	const apply = (holding: Holding) => {
		const key = assetKey(holding);
		if (holding.kind === 'native') result.native += holding.change;
		else if (holding.kind === 'erc20') {
			const contract = key.slice('erc20|'.length);
			const entry = result.erc20.get(contract) ?? { token: holding.token, balance: 0n };
			entry.balance += holding.change;
			result.erc20.set(contract, entry);
		} else if (holding.kind === 'erc1155') {
			const entry = result.erc1155.get(key) ?? { token: holding.token, tokenId: holding.tokenId, balance: 0n };
			entry.balance += holding.change;
			result.erc1155.set(key, entry);
		} else {
			// re-inserted at the end: the order is that of the latest arrival
			result.erc721.delete(key);
			if (holding.change > 0n) result.erc721.set(key, { token: holding.token, tokenId: holding.tokenId });
		}
	};
	for (const opening of openings(chain).get(owner)?.values() ?? []) apply(opening);
	for (const position of chain.transactionsOf(owner)) {
		const tx = chain.transactions[position];
		if (tx.blockNumber > blockNumber) break;
		for (const holding of changesOf(tx)) if (holding.address === owner) apply(holding);
	}
	return result;
}
