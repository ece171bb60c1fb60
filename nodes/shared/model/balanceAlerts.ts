import type { IDataObject } from 'n8n-workflow';

import { formatUnits, isAtLeast, type DecimalNumber } from './amounts';
import type { Transfer } from './transfers';

// Balances on Transfers items (both triggers): the monitored address's balance of the transferred
// asset after the transfer's block, and alerts when that balance crosses a threshold. A balance is
// what the service reads "after block N"; several transfers of one address and asset in one block
// share that reading, and the balance before them is the one after block N - 1, read the same way:
// exact whatever else happened in the block (gas, internal calls, transfers not delivered).

/** Which crossings alert: falling below the threshold, rising to or above it, or either. */
export type CrossingDirection = 'below' | 'above' | 'either';

export interface BalanceAlert {
	when: CrossingDirection;
	threshold: DecimalNumber;
	/** The threshold as the user wrote it, put on the alert's item. */
	thresholdText: string;
	/** Lower-case ERC-20 contract; null for the chain's native token (native and internal transfers). */
	contract: string | null;
}

export interface BalanceOptions {
	/** Each item gets balanceAfter and balanceAfterRaw. */
	includeBalanceAfter: boolean;
	/** Only items whose transfer took the balance across the threshold (then with the balance before too). */
	alert?: BalanceAlert;
}

export function balancesWanted(options: BalanceOptions): boolean {
	return options.includeBalanceAfter || options.alert !== undefined;
}

/** The asset a balance is of. ERC-721 has none: the service lists ERC-721 holdings at the newest block only. */
export type BalanceAsset = { kind: 'native' } | { kind: 'erc20'; contract: string } | { kind: 'erc1155'; contract: string; tokenId: string };

/** One balance to read: of a lower-case address and an asset, after a block. */
export interface BalanceQuery {
	chainId: string;
	address: string;
	asset: BalanceAsset;
	blockNumber: number;
}

/** A balance as read: in the smallest unit, with the token's decimals when the service gave them. */
export interface BalanceReading {
	raw: string;
	decimals?: number;
}

export type ReadBalance = (query: BalanceQuery) => Promise<BalanceReading>;

export function assetOf(transfer: Transfer): BalanceAsset | undefined {
	const contract = transfer.contract?.toLowerCase();
	if (transfer.assetType === 'native' || transfer.assetType === 'internal') return { kind: 'native' };
	if (transfer.assetType === 'erc20' && contract) return { kind: 'erc20', contract };
	if (transfer.assetType === 'erc1155' && contract && transfer.tokenId !== null) return { kind: 'erc1155', contract, tokenId: transfer.tokenId };
	return undefined;
}

export function assetKey(asset: BalanceAsset): string {
	if (asset.kind === 'native') return 'native';
	return asset.kind === 'erc20' ? `erc20|${asset.contract}` : `erc1155|${asset.contract}|${asset.tokenId}`;
}

/** A crossing of one address, asset and block: what alerts once, however many transfers or deliveries share it. */
export function crossingKey(query: BalanceQuery): string {
	return `${query.chainId}|${query.address}|${assetKey(query.asset)}|${query.blockNumber}`;
}

function queryOf(transfer: Transfer, asset: BalanceAsset, blockNumber = Number(transfer.blockNumber)): BalanceQuery {
	return { chainId: transfer.chainId ?? '', address: transfer.monitoredAddress.toLowerCase(), asset, blockNumber };
}

function isAlertAsset(asset: BalanceAsset | undefined, alert: BalanceAlert): asset is BalanceAsset {
	if (asset === undefined) return false;
	return alert.contract === null ? asset.kind === 'native' : asset.kind === 'erc20' && asset.contract === alert.contract;
}

/** The item's fields of a balance, exact in the token's units and raw. */
function balanceFields(prefix: 'balanceAfter' | 'balanceBefore', reading: BalanceReading, decimals: number): IDataObject {
	return { [prefix]: formatUnits(reading.raw, decimals), [`${prefix}Raw`]: reading.raw };
}

/** An item with its balance after its block (null for an ERC-721 transfer). */
async function withBalanceAfter(item: Transfer, read: ReadBalance): Promise<IDataObject> {
	const asset = assetOf(item);
	if (asset === undefined || !Number.isInteger(Number(item.blockNumber))) return { ...item, balanceAfter: null, balanceAfterRaw: null };
	const reading = await read(queryOf(item, asset));
	return { ...item, ...balanceFields('balanceAfter', reading, reading.decimals ?? item.decimals) };
}

const BELOW = 'below';
const AT_OR_ABOVE = 'above';

function sideOf(reading: BalanceReading, decimals: number, threshold: DecimalNumber): typeof BELOW | typeof AT_OR_ABOVE {
	return isAtLeast(reading.raw, decimals, threshold) ? AT_OR_ABOVE : BELOW;
}

/** What an alert put out: its item and the crossing it is about (claimed once per process, see crossingKey). */
export interface CrossingItem {
	item: IDataObject;
	crossing: string;
}

/**
 * The first transfer of each address and block in the alert's asset, when its block took the
 * balance across the threshold. The balance before is read only when the one after is on the side
 * the alert watches for: a balance that stays above a "falls below" line costs one read per block.
 */
export async function balanceCrossings(items: Transfer[], alert: BalanceAlert, read: ReadBalance): Promise<CrossingItem[]> {
	const seen = new Set<string>();
	const found: CrossingItem[] = [];
	for (const item of items) {
		const asset = assetOf(item);
		const blockNumber = Number(item.blockNumber);
		if (!isAlertAsset(asset, alert) || !Number.isInteger(blockNumber) || blockNumber < 0) continue;
		const query = queryOf(item, asset, blockNumber);
		const key = crossingKey(query);
		if (seen.has(key)) continue;
		seen.add(key);
		const after = await read(query);
		const decimals = after.decimals ?? item.decimals;
		const sideAfter = sideOf(after, decimals, alert.threshold);
		if (alert.when !== 'either' && sideAfter !== alert.when) continue;
		const before = blockNumber === 0 ? { raw: '0' } : await read({ ...query, blockNumber: blockNumber - 1 });
		if (sideOf(before, decimals, alert.threshold) === sideAfter) continue;
		found.push({
			crossing: key,
			item: {
				...item,
				crossed: sideAfter,
				threshold: alert.thresholdText,
				...balanceFields('balanceBefore', before, decimals),
				...balanceFields('balanceAfter', after, decimals),
			},
		});
	}
	return found;
}

/** The Transfers items, each with its balance after its block. `read` reads one balance (the callers share reads per address, asset and block). */
export async function withBalancesAfter(items: Transfer[], read: ReadBalance): Promise<IDataObject[]> {
	const result: IDataObject[] = [];
	for (const item of items) result.push(await withBalanceAfter(item, read));
	return result;
}
