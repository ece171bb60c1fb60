/**
 * Who writes the durable position (position.ts) and when. A request to the trigger's URL (a
 * delivery, a catch-up, a flush) writes `loaded ∪ what this process ran` when the record it loaded
 * lacks some of it; n8n then saves the whole document (2.x only once it accepted the request's run).
 * A process writes at most once a second: within a second of its last write the record keeps a
 * window open for it, and a flush (positionRequests.ts) writes the rest and closes it.
 */
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { answersBeforeRun as n8nAnswersBeforeRun, keepStaticDataChangeUntilAnswered } from '../../shared/n8n/n8nInternals';
import { inBlockTime, positionMemoryFor, positionTasksSignal, WRITER, type PositionMemory, type RanTransaction } from '../memory/positionMemory';
import { publicationKey, publicationNear } from '../memory/publications';
import { catchUpLimitMs } from '../parameters/readParameters';
import { readPosition, ranKeys, recorded, withOpenWindow, withoutOpenWindow, withRuns, type Position, type Trim } from './position';
import { markedStart, storedPosition, storePosition } from './positionSlots';

/** A process writes the record at most this often. */
export const WRITE_INTERVAL_MS = 1000;
/** How long a flush may take to land: its request through n8n, and n8n's save. */
export const FLUSH_LANDS_MS = 4000;
/**
 * A request's save may come this long after it loaded static data (n8n saves once the run exists),
 * and its older copy then undoes what others wrote meanwhile: a process forgets a run it sees
 * recorded only this long after the run, so that its flush writes it again if it was undone.
 */
export const SETTLE_MS = 10_000;
/** A window also covers transactions made this long before it opened (a delivery arrives after its block). */
export const LATE_MS = 10_000;
/** Transactions that ran longer ago than this (or than Catch Up At Most) are forgotten, whole blocks at a time. */
const HORIZON_MS = 3_600_000;
/** At most this many transactions per chain; beyond, the oldest whole blocks are forgotten. */
const MAX_TRANSACTIONS = 2000;
/** n8n 1.x answers before it creates the run: what it acknowledged counts as run only this much later. */
const RUN_CREATED_AFTER_1X_MS = 5000;

type TriggerContext = IHookFunctions | IWebhookFunctions;

/** Whether this call keeps the position: production (test listening writes no static data) with the catch-up on. */
export function positionKept(context: TriggerContext): boolean {
	return context.getMode() !== 'manual' && catchUpLimitMs(context) > 0;
}

/** n8n 1.x answers (and saves static data) before it creates the run. */
export function answersBeforeRun(context: TriggerContext): boolean {
	return n8nAnswersBeforeRun(context as { getWebhookResourceUrl?: unknown });
}

/** The record of one chain (or a P-Chain or validator trigger's: positionSlots.ts) as this request loaded it. */
export function loadedPosition(context: TriggerContext, chainId: string): Position | undefined {
	return readPosition(storedPosition(context.getWorkflowStaticData('node'), chainId));
}

/** What this process forgets at a write: old blocks, never past a pending delivery, and nothing before its heal. */
function trimFor(context: TriggerContext, memory: PositionMemory, current: number | undefined, now: number): Trim {
	const pending = [...memory.pending.values()];
	const keepFrom = memory.heal !== 'done' ? current : pending.length > 0 ? Math.min(...pending) : undefined;
	return { now, horizonMs: Math.min(HORIZON_MS, catchUpLimitMs(context) || HORIZON_MS), maxTransactions: MAX_TRANSACTIONS, keepFrom };
}

/** A run this process hands to n8n: until n8n answers, it may exist unwritten (the record keeps this process's window open). */
export function noteRunStarted(url: string, chainId: string, transactions: RanTransaction[]): void {
	const memory = positionMemoryFor(url, chainId);
	for (const transaction of transactions) memory.unrecorded.set(transaction.hash.toLowerCase(), { ...transaction, readyAt: Number.POSITIVE_INFINITY });
}

/** After n8n answered a run of this process: a 2xx adds its transactions to what is to be written; anything else keeps `from` before them. */
export function noteRunAnswered(context: TriggerContext, url: string, chainId: string, transactions: RanTransaction[], acknowledged: boolean): void {
	if (!positionKept(context)) return;
	const memory = positionMemoryFor(url, chainId);
	const now = Date.now();
	const readyAt = answersBeforeRun(context) ? now + RUN_CREATED_AFTER_1X_MS : now;
	for (const transaction of transactions) {
		const key = transaction.hash.toLowerCase();
		if (acknowledged) {
			memory.pending.delete(key);
			memory.unrecorded.set(key, { ...transaction, readyAt });
		} else {
			memory.unrecorded.delete(key);
			memory.pending.set(key, transaction.block);
		}
	}
}

export type WriteReason = 'run' | 'catchUp' | 'flush';

export interface PositionWrite {
	reason: WriteReason;
	/** When the request arrived (it loaded static data then). */
	arrivedAt: number;
	/** The request's own transactions: saved with its run (n8n 2.x); leave empty on 1.x, where the save precedes the run. */
	own?: RanTransaction[];
	/** Transactions another process ran (a flush's), and whose window the flush closes. */
	flushed?: { writer: string; transactions: RanTransaction[] };
}

export interface PositionWritten {
	/** Whether this request changed the record (n8n saves it). */
	wrote: boolean;
	/** The record as written, or as loaded when nothing was written. */
	position: Position | undefined;
	/** Whether the record already held everything this write would add (a flush's confirmation). */
	alreadyRecorded: boolean;
}

/**
 * Writes the record of one chain from a request to the trigger's URL when it lacks something this
 * process ran (or the request brings), at most once a second per process for deliveries. Returns
 * what it wrote; a delivery that did not write, or left its window open, needs a flush (the caller
 * sends one).
 */
export function writePosition(context: IWebhookFunctions, url: string, chainId: string, write: PositionWrite): PositionWritten {
	const loaded = loadedPosition(context, chainId);
	if (!positionKept(context)) return { wrote: false, position: loaded, alreadyRecorded: true };
	const memory = positionMemoryFor(url, chainId);
	const now = Date.now();
	const keys = ranKeys(loaded);
	for (const [key, transaction] of memory.unrecorded) if (transaction.readyAt + SETTLE_MS <= now && recorded(loaded, keys, transaction)) memory.unrecorded.delete(key);
	const ready = [...memory.unrecorded.values()].filter((transaction) => transaction.readyAt <= now && !recorded(loaded, keys, transaction));
	const brought = [...(write.own ?? []), ...(write.flushed?.transactions ?? [])].filter((transaction) => !recorded(loaded, keys, transaction));
	const adds = [...ready, ...brought];
	const ownFlush = write.flushed?.writer === WRITER;
	const closing = write.flushed !== undefined && loaded?.open?.[write.flushed.writer] !== undefined;
	const notWritten = { wrote: false, position: loaded, alreadyRecorded: brought.length === 0 && !closing };
	// Runs this process acknowledged on n8n 1.x that may not exist yet: written later, covered by a window meanwhile.
	const waiting = [...memory.unrecorded.values()].some((transaction) => transaction.readyAt > now) || (write.reason === 'run' && answersBeforeRun(context));
	let open = false;
	if (write.reason === 'run') {
		const burst = now - memory.lastRunAt < WRITE_INTERVAL_MS;
		memory.lastRunAt = now;
		// Within a second of its last write the record keeps this process's window open: the flush writes the rest.
		if (memory.windowOpen && now - memory.lastWriteAt < WRITE_INTERVAL_MS) return notWritten;
		open = burst || waiting;
		if (adds.length === 0 && (!open || memory.windowOpen)) return notWritten;
	} else if (adds.length === 0 && !closing && !(ownFlush && !waiting && memory.windowOpen)) {
		return notWritten;
	}
	// A publication of this trigger saves the document it loaded: a write now would be undone.
	if (write.reason !== 'catchUp' && publicationNear(publicationKey(context.getWorkflow().id, context.getNode().name), write.arrivedAt)) return notWritten;
	const marked = markedStart(context.getWorkflowStaticData('node'), chainId);
	const initialFrom = marked ?? (adds.length > 0 ? Math.min(...adds.map((transaction) => transaction.block)) : (loaded?.from ?? 0));
	let position = withRuns(loaded, adds, initialFrom, trimFor(context, memory, loaded?.from, now));
	if (write.flushed !== undefined && !(ownFlush && waiting)) position = withoutOpenWindow(position, write.flushed.writer);
	if (write.reason === 'run') {
		const until = now + WRITE_INTERVAL_MS + FLUSH_LANDS_MS + (waiting ? RUN_CREATED_AFTER_1X_MS : 0);
		position = open ? withOpenWindow(position, WRITER, ...inBlockTime(memory, now, until)) : withoutOpenWindow(position, WRITER);
		memory.windowOpen = open;
	} else if (ownFlush) {
		memory.windowOpen = waiting;
	}
	storePosition(context.getWorkflowStaticData('node'), chainId, position as unknown as IDataObject);
	if (write.reason !== 'flush') keepStaticDataChangeUntilAnswered(context, positionTasksSignal());
	memory.lastWriteAt = now;
	return { wrote: true, position, alreadyRecorded: notWritten.alreadyRecorded };
}

/**
 * At the end of a publication or unpublication (n8n saves its copy of static data last): what this
 * process ran and has not seen recorded goes into the record (in a single n8n that is every
 * delivery, also those whose own write waited for the publication), and runs n8n has not answered
 * yet keep this process's window open until a flush writes them. `holder.position` is the record
 * in the lifecycle's copy; `initialFrom`, where a new one starts (after the last mark).
 */
export function recordRunsInLifecycle(context: IHookFunctions, holder: { position?: unknown }, initialFrom: number | undefined, url: string, chainId: string): void {
	if (!positionKept(context)) return;
	const memory = positionMemoryFor(url, chainId);
	const now = Date.now();
	const loaded = readPosition(holder.position);
	const keys = ranKeys(loaded);
	const adds = [...memory.unrecorded.values()].filter((transaction) => transaction.readyAt <= now && !recorded(loaded, keys, transaction));
	const waiting = [...memory.unrecorded.values()].some((transaction) => transaction.readyAt > now);
	if (adds.length === 0 && !waiting) return;
	const from = initialFrom ?? (adds.length > 0 ? Math.min(...adds.map((transaction) => transaction.block)) : (loaded?.from ?? 0));
	let position = withRuns(loaded, adds, from, trimFor(context, memory, loaded?.from, now));
	if (waiting) position = withOpenWindow(position, WRITER, ...inBlockTime(memory, now, now + WRITE_INTERVAL_MS + FLUSH_LANDS_MS + RUN_CREATED_AFTER_1X_MS));
	holder.position = position as unknown as IDataObject;
}
