/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// What every reader of the Return All benchmark reads and what one read of it measures.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';

export const CHAIN_ID = '43114';
export const PATH = `/v1/chains/${CHAIN_ID}/transactions`;
export const PAGE_SIZE = 100;

export interface Round {
	/** When the read started, ms since the epoch (n8n: the first node's start). */
	startedAt: number;
	ms: number;
	pages: number;
	entries: number;
	/** The transactions' hashes in order, hashed: two readers that read the same list agree. */
	fingerprint: string;
	/** The reader's first step alone (the HTTP Request node without the Split Out after it). */
	partMs?: number;
	/** From the first request's arrival at the emulator to the last one's. */
	requestsMs?: number;
	/** From the start to the first request's arrival. */
	beforeMs?: number;
	/** CPU time of the reading process during the read. */
	cpuMs?: number;
}

export interface Reader {
	label: string;
	/** What `partMs` times, when the reader reports it. */
	partLabel?: string;
	read: () => Promise<Round>;
	/** The reading process's CPU time so far, in ms (default: this process's). */
	cpuMs?: () => number;
	close?: () => Promise<void>;
}

export function pagesOf(entries: number): number {
	return Math.ceil(entries / PAGE_SIZE);
}

/** A list transaction's hash (the list puts the transaction under `nativeTransaction`). */
function txHashOf(entry: unknown): string {
	const record = entry as { nativeTransaction?: { txHash?: unknown }; txHash?: unknown };
	const txHash = record.nativeTransaction?.txHash ?? record.txHash;
	if (typeof txHash !== 'string' || !txHash) throw new Error(`a transaction without a txHash: ${JSON.stringify(entry).slice(0, 200)}`);
	return txHash;
}

export function fingerprintOf(entries: readonly unknown[]): string {
	const hash = createHash('sha256');
	for (const entry of entries) hash.update(`${txHashOf(entry)}\n`);
	return hash.digest('hex').slice(0, 16);
}

export function ownCpuMs(): number {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
}

/** Another process's CPU time so far (Linux: utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
