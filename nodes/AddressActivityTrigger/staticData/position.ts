/**
 * Where the trigger stopped, per chain, as kept in static data (`chains[chainId].position`): the
 * block a catch-up starts at, the transactions that ran from there on, and the windows in which a
 * process may have run transactions not written here yet. Pure functions: who writes it and when
 * is positionWrites.ts.
 *
 * n8n saves static data whole and the last save wins, so a write here may be lost or replaced by
 * an older copy. Every write therefore only adds transactions, forgets whole old blocks, or opens
 * and closes windows: an older copy means more is read again (and marked where it may have run),
 * never that something is skipped.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RanTransaction } from '../memory/positionMemory';

export type { RanTransaction };

/** Transactions are kept by the first 16 hex digits of their hash (64 bits: a mix-up is not to be expected). */
const KEY_DIGITS = 16;

/** One block's transactions that ran: [block, its time (unix seconds), keys joined]. */
export type RanBlock = [number, number, string];

export interface Position extends IDataObject {
	/** A catch-up starts at this block: every transfer before it ran, or the service will deliver it again. */
	from: number;
	/** Blocks from `from` on with transactions that ran, oldest first. */
	ran: RanBlock[];
	/** Per process (writer): [since, until] (ms, as block times: ../memory/positionMemory.ts inBlockTime) in which it may have run transactions not in `ran`, made before `until`. */
	open?: Record<string, [number, number]>;
	/** The time (unix seconds) of the last block forgotten before `from`, once one was. */
	fromTime?: number;
}


export function transactionKey(hash: string): string {
	return hash.toLowerCase().replace(/^0x/, '').slice(0, KEY_DIGITS);
}

function isRanBlock(value: unknown): value is RanBlock {
	return Array.isArray(value) && value.length === 3 && Number.isInteger(value[0]) && typeof value[1] === 'number' && typeof value[2] === 'string';
}

/** The record as static data holds it, or undefined when there is none (or it is not one). */
export function readPosition(value: unknown): Position | undefined {
	const record = value as Partial<Position> | undefined;
	if (record === undefined || record === null || typeof record !== 'object') return undefined;
	if (!Number.isInteger(record.from) || !Array.isArray(record.ran) || !record.ran.every(isRanBlock)) return undefined;
	const open: Record<string, [number, number]> = {};
	for (const [writer, window] of Object.entries(record.open ?? {})) {
		if (Array.isArray(window) && typeof window[0] === 'number' && typeof window[1] === 'number') open[writer] = [window[0], window[1]];
	}
	const fromTime = typeof record.fromTime === 'number' ? record.fromTime : undefined;
	return { from: record.from as number, ran: record.ran.map((entry) => [entry[0], entry[1], entry[2]]), open, ...(fromTime === undefined ? {} : { fromTime }) };
}

/**
 * Where a catch-up from this record starts, and when the gap began as near as the record tells
 * (ms; for Catch Up At Most): the time of the newest transaction it lists as run.
 */
export function recordStart(position: Position, mark: { at: number } | undefined): { fromBlock: number; at: number | null; seen: string[] } {
	const seconds = position.ran[position.ran.length - 1]?.[1] ?? position.fromTime;
	const at = seconds !== undefined ? seconds * 1000 : (mark?.at ?? null);
	return { fromBlock: position.from, at: mark !== undefined && at !== null ? Math.max(at, mark.at) : at, seen: [] };
}

/** The keys of the transactions the record says ran. */
export function ranKeys(position: Position | undefined): Set<string> {
	const keys = new Set<string>();
	for (const [, , joined] of position?.ran ?? []) for (let at = 0; at < joined.length; at += KEY_DIGITS) keys.add(joined.slice(at, at + KEY_DIGITS));
	return keys;
}

/** Whether the record already accounts for this transaction (it ran, or it is before `from`). */
export function recorded(position: Position | undefined, keys: Set<string>, transaction: { hash: string; block: number }): boolean {
	if (position === undefined) return false;
	return transaction.block < position.from || keys.has(transactionKey(transaction.hash));
}

export interface Trim {
	now: number;
	/** Blocks whose time is older than this are forgotten (ms). */
	horizonMs: number;
	/** At most this many transactions are kept: the oldest whole blocks go first. */
	maxTransactions: number;
	/** `from` does not move past this block (a delivery answered non-2xx there, or trimming is not allowed yet). */
	keepFrom?: number;
}

/**
 * The record with `transactions` added (those before `from` are not), forgetting whole old blocks
 * as `trim` says. `initialFrom` starts a record where there is none.
 */
export function withRuns(position: Position | undefined, transactions: RanTransaction[], initialFrom: number, trim: Trim): Position {
	const from = position?.from ?? Math.min(initialFrom, ...transactions.map((transaction) => transaction.block));
	const blocks = new Map<number, { time: number; keys: Set<string> }>();
	const add = (block: number, time: number, key: string) => {
		if (block < from) return;
		const entry = blocks.get(block) ?? { time, keys: new Set<string>() };
		entry.time = Math.max(entry.time, time);
		entry.keys.add(key);
		blocks.set(block, entry);
	};
	for (const [block, time, joined] of position?.ran ?? []) for (let at = 0; at < joined.length; at += KEY_DIGITS) add(block, time, joined.slice(at, at + KEY_DIGITS));
	for (const transaction of transactions) add(transaction.block, transaction.time, transactionKey(transaction.hash));
	const ordered = [...blocks.entries()].sort(([a], [b]) => a - b);
	let total = ordered.reduce((sum, [, entry]) => sum + entry.keys.size, 0);
	let newFrom = from;
	let fromTime = position?.fromTime;
	while (ordered.length > 0) {
		const [block, entry] = ordered[0];
		if (trim.keepFrom !== undefined && block >= trim.keepFrom) break;
		const old = entry.time * 1000 < trim.now - trim.horizonMs;
		if (!old && total <= trim.maxTransactions) break;
		ordered.shift();
		total -= entry.keys.size;
		newFrom = block + 1;
		fromTime = entry.time;
	}
	const open: Record<string, [number, number]> = {};
	for (const [writer, window] of Object.entries(position?.open ?? {})) if (window[1] >= trim.now - trim.horizonMs) open[writer] = window;
	return { from: newFrom, ran: ordered.map(([block, entry]) => [block, entry.time, [...entry.keys].join('')]), open, ...(fromTime === undefined ? {} : { fromTime }) };
}

/** Opens (or extends) a writer's window: it may run transactions not written yet, until `until`. */
export function withOpenWindow(position: Position, writer: string, since: number, until: number): Position {
	const open = { ...(position.open ?? {}) };
	const current = open[writer];
	open[writer] = [current === undefined ? since : Math.min(current[0], since), Math.max(until, current?.[1] ?? until)];
	return { ...position, open };
}

/** Closes a writer's window: everything it ran is in `ran`. */
export function withoutOpenWindow(position: Position, writer: string): Position {
	const open = { ...(position.open ?? {}) };
	delete open[writer];
	return { ...position, open };
}

/**
 * Whether a transaction made at `blockTimeMs` that the record does not list may still have run:
 * it falls in a window in which a process may have run transactions not written here. `lateMs`
 * widens each window backwards for deliveries that arrive after their transaction (retries).
 */
export function mayHaveRun(position: Position | undefined, blockTimeMs: number, lateMs: number): boolean {
	return Object.values(position?.open ?? {}).some(([since, until]) => blockTimeMs >= since - lateMs && blockTimeMs <= until);
}

/** The union of two records of the same chain (e.g. a catch-up's answer and a publication's copy). */
export function mergedPositions(a: Position | undefined, b: Position | undefined, trim: Trim): Position | undefined {
	if (a === undefined) return b;
	if (b === undefined) return a;
	const later = a.from >= b.from ? a : b;
	const other = later === a ? b : a;
	const transactions: RanTransaction[] = [];
	for (const [block, time, joined] of other.ran) for (let at = 0; at < joined.length; at += KEY_DIGITS) transactions.push({ hash: joined.slice(at, at + KEY_DIGITS), block, time });
	let merged = withRuns(later, transactions, later.from, trim);
	for (const [writer, [since, until]] of Object.entries(other.open ?? {})) merged = withOpenWindow(merged, writer, since, until);
	return merged;
}
