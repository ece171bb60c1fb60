import type { IDataObject } from 'n8n-workflow';

import { formatUnits } from './amounts';

// What an EVM address holds, as items: one per address and asset, shaped like the triggers'
// Transfers (symbol, tokenName, contract, decimals, tokenId, assetType), with the balance exact in
// the token's units (`balance`) and as the service counts it, in the smallest unit (`balanceRaw`).

export type BalanceAssetType = 'native' | 'erc20' | 'erc721' | 'erc1155';

/** One item of the Balance operations. */
export interface Balance extends IDataObject {
	address: string;
	balance: string;
	symbol: string | null;
	assetType: BalanceAssetType;
	tokenName: string | null;
	contract: string | null;
	tokenId: string | null;
	decimals: number | null;
	balanceRaw: string;
	chainId: string;
	/** The block the balance was read at; null when read at the newest block. */
	blockNumber: string | null;
}

/** Where a balance was read: the address, its chain, and the block (undefined: the newest). */
export interface BalanceSource {
	address: string;
	chainId: string;
	blockNumber?: number;
}

/** A balance the service sent that is not a whole number of the smallest unit. */
export class MalformedBalanceError extends Error {}

const WHOLE = /^[0-9]+$/;

function text(value: unknown): string | null {
	return typeof value === 'string' && value !== '' ? value : null;
}

function decimalsOf(value: unknown): number | null {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The service's fields that the item renames or repeats; every other field is kept as sent. */
const RENAMED = new Set(['address', 'name', 'symbol', 'decimals', 'ercType', 'chainId', 'balance', 'tokenId', 'ownerAddress']);

function kept(entry: IDataObject): IDataObject {
	const rest: IDataObject = {};
	for (const [key, value] of Object.entries(entry)) if (!RENAMED.has(key)) rest[key] = value;
	return rest;
}

function balanceItem(
	source: BalanceSource,
	entry: IDataObject,
	asset: { assetType: BalanceAssetType; contract: string | null; tokenId: string | null; decimals: number | null; symbol: unknown; tokenName: unknown; balanceRaw: unknown },
): Balance {
	const balanceRaw = typeof asset.balanceRaw === 'number' ? String(asset.balanceRaw) : asset.balanceRaw;
	if (typeof balanceRaw !== 'string' || !WHOLE.test(balanceRaw)) {
		throw new MalformedBalanceError(`the service sent a balance of ${source.address} that is not a whole number of 0 or more: ${JSON.stringify(asset.balanceRaw)}`);
	}
	// Field order is column order in the Table view, as in the Transfers items.
	return {
		address: source.address,
		balance: formatUnits(balanceRaw, asset.decimals ?? 0),
		symbol: text(asset.symbol),
		assetType: asset.assetType,
		tokenName: text(asset.tokenName),
		contract: asset.contract,
		tokenId: asset.tokenId,
		decimals: asset.decimals,
		balanceRaw,
		chainId: text(entry.chainId) ?? source.chainId,
		blockNumber: source.blockNumber === undefined ? null : String(source.blockNumber),
		...kept(entry),
	};
}

/** The service's nativeTokenBalance as an item. */
export function nativeBalance(source: BalanceSource, entry: IDataObject): Balance {
	return balanceItem(source, entry, {
		assetType: 'native',
		contract: null,
		tokenId: null,
		decimals: decimalsOf(entry.decimals),
		symbol: entry.symbol,
		tokenName: entry.name,
		balanceRaw: entry.balance,
	});
}

/** One entry of erc20TokenBalances, erc721TokenBalances or erc1155TokenBalances as an item. */
export function tokenBalance(source: BalanceSource, standard: Exclude<BalanceAssetType, 'native'>, entry: IDataObject): Balance {
	const metadata = (typeof entry.metadata === 'object' && entry.metadata !== null ? entry.metadata : {}) as IDataObject;
	// ERC-721: each entry is one token held; ERC-1155 metadata may give decimals, whole units otherwise.
	const decimals = standard === 'erc20' ? decimalsOf(entry.decimals) : standard === 'erc1155' ? (decimalsOf(metadata.decimals) ?? 0) : 0;
	return balanceItem(source, entry, {
		assetType: standard,
		contract: text(entry.address),
		tokenId: standard === 'erc20' ? null : text(entry.tokenId),
		decimals,
		symbol: entry.symbol ?? metadata.symbol,
		tokenName: entry.name ?? metadata.name,
		balanceRaw: standard === 'erc721' ? '1' : entry.balance,
	});
}

/** A contract asked for that the service did not list: the address holds none of it. */
export function noBalance(source: BalanceSource, standard: 'erc20', contract: string): Balance {
	return balanceItem(source, { chainId: source.chainId }, {
		assetType: standard,
		contract,
		tokenId: null,
		decimals: null,
		symbol: null,
		tokenName: null,
		balanceRaw: '0',
	});
}
