/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Return All benchmark: what one page costs when a reader reads a whole list (10,500 transactions
 * in 105 pages), the readers taking turns over the same emulator:
 * - a bare fetch loop (the least a client can do, over one kept connection), and a node:http loop
 *   over one kept connection and opening a new connection for every request (as n8n's HTTP client
 *   does);
 * - the action node's Return All through n8n-core's WorkflowExecute;
 * - with `--n8n`, in real n8n, timed by n8n itself: the action node's Return All, and n8n's own way
 *   to read the same pages without this package (HTTP Request's pagination, then Split Out).
 * `--in-process` runs the emulator in the benchmark's process instead of its own.
 * Beside each reader's time: the span of its requests as the emulator saw them (first to last
 * arrival), the time before the first and after the last (the work on the items comes after it),
 * and the CPU time of the reading process (this one; for the n8n readers, n8n's main process,
 * which also saves the execution and answers the polls). Every reader must read the same
 * transactions in the same order.
 *
 *   npm run bench:returnall [-- --rounds 7] [-- --n8n] [-- --in-process]
 */
import * as os from 'node:os';

import { bareReader, keptConnectionReader, newConnectionReader } from './returnAll/bareReaders';
import { harnessReader } from './returnAll/harnessReader';
import { n8nReaders } from './returnAll/n8nReaders';
import { printReport } from './returnAll/report';
import { CHAIN_ID, PAGE_SIZE, PATH, pagesOf, ownCpuMs, type Reader, type Round } from './returnAll/round';
import { emulatorInProcess, emulatorProcess } from './returnAll/service';

function argument(name: string, fallback: number): number {
	const index = process.argv.indexOf(`--${name}`);
	const value = index === -1 ? NaN : Number(process.argv[index + 1]);
	return Number.isFinite(value) && value > 0 ? value : fallback;
}

async function main(): Promise<void> {
	const rounds = argument('rounds', 7);
	const inProcess = process.argv.includes('--in-process');
	const service = inProcess ? await emulatorInProcess() : await emulatorProcess();
	const readers: Reader[] = [];
	try {
		const { credentials } = service;
		readers.push(bareReader(credentials), keptConnectionReader(credentials), newConnectionReader(credentials), harnessReader(credentials));
		if (process.argv.includes('--n8n')) readers.push(...(await n8nReaders(credentials)));
		// Warm-up: the emulator generates the chain on first read, and every reader warms its code.
		for (const reader of readers) await reader.read();

		const loadAtStart = os.loadavg()[0];
		const results = readers.map(() => [] as Round[]);
		for (let round = 0; round < rounds; round++) {
			for (const [index, reader] of readers.entries()) {
				await service.control.clearRequests();
				const cpuMs = reader.cpuMs ?? ownCpuMs;
				const cpuBefore = cpuMs();
				const result = await reader.read();
				const cpu = cpuMs() - cpuBefore;
				const seen = (await service.control.requests()).filter((request) => request.path === PATH);
				const requestsMs = seen.length ? seen[seen.length - 1].at - seen[0].at : NaN;
				const beforeMs = seen.length ? seen[0].at - result.startedAt : NaN;
				results[index].push({ ...result, requestsMs, beforeMs, cpuMs: cpu });
			}
		}
		const { entries, fingerprint } = results[0][0];
		for (const [index, reader] of readers.entries()) {
			const other = results[index].find((result) => result.entries !== entries || result.fingerprint !== fingerprint);
			if (other) throw new Error(`${reader.label} read ${other.entries} transactions (${other.fingerprint}), the bare loop ${entries} (${fingerprint})`);
		}
		console.log(
			`Node ${process.version}; ${entries} transactions of chain ${CHAIN_ID} in ${pagesOf(entries)} pages of ${PAGE_SIZE}, ` +
				`the same (hashes in order) for every reader; ${rounds} rounds, readers taking turns; emulator ${inProcess ? 'in this process' : 'in its own process'}; ` +
				`1-minute load ${loadAtStart.toFixed(1)} at the first round, ${os.loadavg()[0].toFixed(1)} after the last on ${os.cpus().length} cores`,
		);
		printReport(readers, results);
	} finally {
		for (const reader of readers) await reader.close?.();
		await service.close();
	}
}

void main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
