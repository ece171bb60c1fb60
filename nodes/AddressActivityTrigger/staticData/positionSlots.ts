/**
 * Where the durable position (position.ts) of one record lives in static data, and where a new
 * record starts. An EVM trigger keeps one per chain, at `chains[chainId].position`, starting after
 * the block its last activation marked; a P-Chain or validator trigger keeps one for its webhook, at
 * `primaryPosition`, with seconds for blocks (its events are read back by time), starting at the
 * second its last activation marked.
 */
import type { IDataObject } from 'n8n-workflow';

import { storeInStaticData } from '../../shared/n8n/n8nInternals';
import type { ChainStates } from './chainStates';
import { primaryCatchUpOf } from './primaryCatchUp';

/** The record of a P-Chain or validator trigger, named where an EVM trigger names a chain (in memory and in flushes). */
export const PRIMARY_SLOT = 'primaryNetwork';

const PRIMARY_KEY = 'primaryPosition';

/** The record as static data holds it (unchecked: position.ts reads it). */
export function storedPosition(data: IDataObject, slot: string): unknown {
	if (slot === PRIMARY_SLOT) return data[PRIMARY_KEY];
	return (data.chains as ChainStates | undefined)?.[slot]?.position;
}

/** Stores the record (assigned at the top level, which n8n always sees as a change). */
export function storePosition(data: IDataObject, slot: string, position: IDataObject): void {
	if (slot === PRIMARY_SLOT) {
		storeInStaticData(data, PRIMARY_KEY, position);
		return;
	}
	const chains = (data.chains ?? {}) as ChainStates;
	chains[slot] = { ...(chains[slot] ?? {}), position };
	storeInStaticData(data, 'chains', chains as IDataObject);
}

/** Where a record that does not exist yet starts: after the last activation's mark, when there is one. */
export function markedStart(data: IDataObject, slot: string): number | undefined {
	if (slot === PRIMARY_SLOT) {
		const mark = primaryCatchUpOf(data).mark;
		return mark === undefined ? undefined : Math.floor(mark.at / 1000);
	}
	const mark = (data.chains as ChainStates | undefined)?.[slot]?.catchUp?.mark;
	return mark === undefined ? undefined : mark.block + 1;
}

/** Forgets a P-Chain or validator trigger's record (its Event changed to EVM address activity). */
export function clearPrimaryPosition(data: IDataObject): void {
	if (data[PRIMARY_KEY] !== undefined) storeInStaticData(data, PRIMARY_KEY, undefined);
}
