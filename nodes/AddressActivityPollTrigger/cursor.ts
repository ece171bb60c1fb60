import type { IDataObject } from 'n8n-workflow';

import type { AddressSet } from '../shared/model/addresses';
import type { NativeToken } from '../shared/model/transfers';

/**
 * Where an address's polling stands, in the node's static data (n8n runs a workflow's polls one at
 * a time and saves static data after each that puts items out). Every poll reads all addresses up
 * to the same head, so a transaction of two monitored addresses is put out once.
 */
interface AddressCursor extends IDataObject {
	/** The first block to read: the last one read, again (a transaction listed late in it is not lost, a backlog goes on). */
	from: number;
	/** The head this address was last read up to completely; unset while a backlog remains. */
	upTo?: number;
}

export interface PollState extends IDataObject {
	chainId: string;
	/** The Start From Block the cursors were started with (null: the chain head). */
	startFromBlock: number | null;
	/** Keyed by the lower-case address. */
	cursors: Record<string, AddressCursor>;
	/** Transactions put out in blocks from the lowest cursor on (lower-case hash -> block). */
	emitted?: Record<string, number>;
	nativeToken?: NativeToken & IDataObject;
	/** The head of the last poll and the chain's transaction count before it: what a chain scan would cost. */
	chainMark?: { block: number; transactionsBefore: number };
}

/** Static data: `polls`, one PollState per chain ID. */
const STATE_KEY = 'polls';
/** Where version 1 kept its one chain's state (`poll`): read as that chain's, moved at the next save. */
const SINGLE_CHAIN_KEY = 'poll';

function storedState(staticData: IDataObject, chainId: string): PollState | undefined {
	const perChain = (staticData[STATE_KEY] as Record<string, PollState> | undefined)?.[chainId];
	if (perChain !== undefined) return perChain;
	const single = staticData[SINGLE_CHAIN_KEY] as PollState | undefined;
	return single?.chainId === chainId ? single : undefined;
}

/**
 * A copy of one chain's stored state, or a fresh one when there is none, or a new Start From
 * Block asks for a replay. Work happens on the copy: a poll that fails half-way leaves the stored
 * cursors as they were.
 */
export function loadState(staticData: IDataObject, chainId: string, startFromBlock: number | undefined): PollState {
	const stored = storedState(staticData, chainId);
	const fresh: PollState = { chainId, startFromBlock: startFromBlock ?? null, cursors: {} };
	if (stored === undefined || stored.chainId !== chainId) return fresh;
	// Removing the option keeps the cursors; a different value restarts from it.
	if (startFromBlock !== undefined && stored.startFromBlock !== startFromBlock) return fresh;
	return JSON.parse(JSON.stringify(stored)) as PollState;
}

/** Stores one chain's state (assigned whole, so n8n sees the change). */
export function saveState(staticData: IDataObject, chainId: string, state: PollState): void {
	staticData[STATE_KEY] = { ...(staticData[STATE_KEY] as Record<string, PollState> | undefined), [chainId]: state };
}

/** Drops the state of chains no longer polled, and the single-chain shape once moved. */
export function forgetOtherChains(staticData: IDataObject, chainIds: string[]): void {
	delete staticData[SINGLE_CHAIN_KEY];
	const states = { ...(staticData[STATE_KEY] as Record<string, PollState> | undefined) };
	for (const chainId of Object.keys(states)) if (!chainIds.includes(chainId)) delete states[chainId];
	staticData[STATE_KEY] = states;
}

/**
 * Cursors for exactly the configured addresses. Without any cursor (first activation, or after a
 * reset) polling starts at Start From Block, else after the head; an address added later starts
 * after the head, so it brings no history along.
 */
export function alignCursors(state: PollState, addresses: AddressSet, head: number, startFromBlock: number | undefined): void {
	const first = Object.keys(state.cursors).length === 0;
	const cursors: Record<string, AddressCursor> = {};
	for (const key of addresses.lowerCase) {
		cursors[key] = state.cursors[key] ?? (first && startFromBlock !== undefined ? { from: startFromBlock } : { from: head + 1, upTo: head });
	}
	state.cursors = cursors;
}

/** Whether a poll that sees `head` has anything to read for this address. */
export function needsReading(cursor: AddressCursor, head: number): boolean {
	return cursor.from <= head && cursor.upTo !== head;
}

/** The transactions put out that a cursor may still meet: lower-case hash -> block. */
export function emittedBefore(state: PollState): Map<string, number> {
	return new Map(Object.entries(state.emitted ?? {}));
}

/** How far a poll got with one address it read. */
export type AddressProgress = { complete: true } | { complete: false; reachedBlock: number };

/**
 * Moves the cursors of the addresses a poll read up to `head`, and keeps of `emitted` (every
 * transaction put out so far: hash -> block) what a cursor may still meet.
 */
export function advanceCursors(
	state: PollState,
	head: number,
	progress: Map<string, AddressProgress>,
	emitted: Map<string, number>,
): void {
	for (const [key, cursor] of Object.entries(state.cursors)) {
		const done = progress.get(key);
		if (done === undefined) continue;
		state.cursors[key] = done.complete
			? { from: Math.max(cursor.from, head), upTo: head }
			: { from: Math.max(cursor.from, done.reachedBlock) };
	}
	const lowest = Math.min(...Object.values(state.cursors).map((cursor) => cursor.from));
	const remembered: Record<string, number> = {};
	for (const [hash, block] of emitted) if (block >= lowest) remembered[hash] = block;
	if (Object.keys(remembered).length) state.emitted = remembered;
	else delete state.emitted;
}
