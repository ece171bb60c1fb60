/**
 * What this process ran and has not yet seen in a loaded record of the durable position
 * (../staticData/position.ts), per trigger URL and chain, and how its writes of that record stand:
 * when it last wrote, whether the record keeps a window open for it, whether a flush is on its way,
 * whether its own start-up catch-up (heal) was accepted. Lost with the process: what it held is
 * then in the record, or inside the window the record keeps open for it.
 */
import { randomBytes } from 'crypto';

import { BoundedMap } from '../../shared/memory/boundedMap';

/** A transaction that ran (or was put out by a catch-up). */
export interface RanTransaction {
	hash: string;
	block: number;
	/** Block time, unix seconds. */
	time: number;
}

/** This process, as the record's windows name it (a new name at every start). */
export const WRITER = randomBytes(6).toString('hex');

export interface PositionMemory {
	/** Transactions this process ran (or put out in a catch-up), by key, not yet seen in a loaded record; `readyAt`: from when they may be written. */
	unrecorded: Map<string, RanTransaction & { readyAt: number }>;
	/** Deliveries this process answered non-2xx (key -> block) that have not run since: `from` must not pass them. */
	pending: Map<string, number>;
	/** When this process last wrote the record (ms; 0 = never). */
	lastWriteAt: number;
	/** When this process last ran a delivery (ms; 0 = never): a run soon after another is part of a burst. */
	lastRunAt: number;
	/** Whether the record, as this process last wrote it, keeps a window open for it. */
	windowOpen: boolean;
	/** A flush is on its way (waiting or sent). */
	flushing: boolean;
	/** This process's start-up catch-up: not yet, on its way, or accepted. */
	heal: 'due' | 'underWay' | 'done';
	/** When the last heal attempt failed (ms), so that the next one waits a little. */
	healFailedAt: number;
	/** For this process's last runs: block time minus arrival (ms), how far the chain's clock ran ahead of this machine's, less the delivery's delay. */
	chainAhead: number[];
}

/** Runs whose clock difference is kept. */
const CLOCK_SAMPLES = 32;

/** Notes how far a delivered block's time was ahead of this machine's clock when it arrived. */
export function noteChainClock(memory: PositionMemory, blockTimeMs: number, arrivedAt: number): void {
	memory.chainAhead.push(blockTimeMs - arrivedAt);
	if (memory.chainAhead.length > CLOCK_SAMPLES) memory.chainAhead.shift();
}

/**
 * A window of this machine's time [since, until] (ms) as block times: widened by how far the
 * chain's clock was seen ahead of (or behind) this machine's, so a catch-up comparing block times
 * with it marks what this process may have run, whatever the two clocks say.
 */
export function inBlockTime(memory: PositionMemory, since: number, until: number): [number, number] {
	const ahead = memory.chainAhead.length === 0 ? 0 : Math.max(...memory.chainAhead);
	return [since + Math.min(0, ahead), until + Math.max(0, ahead)];
}

const memories = new BoundedMap<string, PositionMemory>(2000);

/** Ends the waits of this process's flushes and heals when its memory is forgotten (as a restart ends them). */
let tasks = new AbortController();

/** When this process started (n8n loads the package's nodes before it listens), or its memory was last forgotten. */
let startedAt = Date.now();

export function processStartedAt(): number {
	return startedAt;
}

export function positionTasksSignal(): AbortSignal {
	return tasks.signal;
}

/** This process's memory for one trigger URL and chain; a new one means a process that just started (or never received here). */
export function positionMemoryFor(url: string, chainId: string): PositionMemory {
	const key = `${chainId} ${url}`;
	let memory = memories.get(key);
	if (memory === undefined) {
		memory = { unrecorded: new Map(), pending: new Map(), lastWriteAt: 0, lastRunAt: 0, windowOpen: false, flushing: false, heal: 'due', healFailedAt: 0, chainAhead: [] };
		memories.set(key, memory);
	}
	return memory;
}

export function forgetPositionMemories(): void {
	memories.clear();
	startedAt = Date.now();
	tasks.abort();
	tasks = new AbortController();
}
