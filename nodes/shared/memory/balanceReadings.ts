/**
 * The balances this process read, per credential, chain, address, asset and block: a balance
 * after a block does not change, so several items of one delivery, several deliveries of one block
 * and the next block's "balance before" share one read. Reads under way are shared too; a failed
 * read is forgotten, so the next delivery (the service's retry) reads again.
 */
import type { IDataObject } from 'n8n-workflow';

import { balanceCrossings, balancesWanted, withBalancesAfter, type BalanceOptions, type BalanceQuery, type BalanceReading, type ReadBalance } from '../model/balanceAlerts';
import type { Transfer } from '../model/transfers';
import { fetchAssetBalance, type AssetBalanceQuery } from '../service/balances';
import type { ServiceCall, ServiceContext } from '../service/transport';
import { BoundedMap } from './boundedMap';
import { credentialKey } from './sharedSecrets';

const readings = new BoundedMap<string, Promise<Map<string, BalanceReading>>>(20_000);

/** What one read brings: an ERC-1155 contract's list holds all its token IDs, so they share a read. */
function assetQuery(query: BalanceQuery): AssetBalanceQuery {
	const { asset, ...where } = query;
	return asset.kind === 'native' ? { ...where, standard: 'native' } : { ...where, standard: asset.kind, contract: asset.contract };
}

/** Reads balances within `call` (its deadline and retries), each at most once in this process. */
export function rememberedBalanceReader(context: ServiceContext, call: ServiceCall): ReadBalance {
	const credential = credentialKey(context);
	return async (query) => {
		const asset = assetQuery(query);
		const key = JSON.stringify([credential, query.chainId, query.address, asset.standard, 'contract' in asset ? asset.contract : '', query.blockNumber]);
		let read = readings.get(key);
		if (read === undefined) {
			const started = fetchAssetBalance(context, asset, call);
			read = started;
			readings.set(key, started);
			started.catch(() => {
				if (readings.get(key) === started) readings.delete(key);
			});
		}
		const held = await read;
		return held.get(query.asset.kind === 'erc1155' ? query.asset.tokenId : '') ?? { raw: '0' };
	};
}

export function forgetBalanceReadings(): void {
	readings.clear();
}

/** Transfers items with the balances the options ask for, and for an alert the crossing each item is about. */
export interface BalancedItems {
	items: IDataObject[];
	/** With an alert: items[i]'s crossing (claim it once, balanceCrossings.ts). */
	crossings?: string[];
}

/**
 * The Transfers items as the Balances options want them, every balance read through this process's
 * memory within `call`. Throws when a balance cannot be read: the items are not put out without it.
 */
export async function transfersWithBalances(context: ServiceContext, transfers: Transfer[], options: BalanceOptions, call: ServiceCall): Promise<BalancedItems> {
	if (!balancesWanted(options) || transfers.length === 0) return { items: transfers };
	const read = rememberedBalanceReader(context, call);
	if (options.alert === undefined) return { items: await withBalancesAfter(transfers, read) };
	const found = await balanceCrossings(transfers, options.alert, read);
	return { items: found.map(({ item }) => item), crossings: found.map(({ crossing }) => crossing) };
}
