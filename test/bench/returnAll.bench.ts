/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error */
/**
 * Return All benchmark: what one page costs when the node reads a whole list (10,500 transactions
 * in 105 pages), next to a bare fetch loop (the least a client can do), through n8n-core's
 * WorkflowExecute and (`--n8n`) in real n8n, timed by n8n itself. The readers take turns.
 * `--in-process` runs the emulator in the benchmark's process instead of its own.
 * Beside each reader's time: the span of its requests as the emulator saw them (first to last
 * arrival), the time before the first and after the last (the node's work on the items comes after
 * it), and the CPU time of the reading process (this one; for the n8n reader, n8n's main process,
 * which also saves the execution and answers the polls).
 *
 *   npm run bench:returnall [-- --rounds 7] [-- --n8n] [-- --in-process]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { currentBuildTarball } from '../support/currentBuild';
import { ensureN8n, N8N_VERSION } from '../support/install';
import { startN8n } from '../support/n8n';
import { loadFlatted, N8nClient } from '../support/n8nClient';
import { installIntoUserFolder, removePacked } from '../support/package';
import { AddressActivityApi } from '../../credentials/AddressActivityApi.credentials';
import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import packageJson from '../../package.json';
import type { AddressActivityCredentialData } from '../harness/credentials';
import { EmulatorControl } from '../harness/emulatorControl';
import { byId, startTestService } from '../harness/fixtures';
import { runNode } from '../harness/runNode';

const CHAIN_ID = '43114';
const PATH = `/v1/chains/${CHAIN_ID}/transactions`;
const PAGE_SIZE = 100;
const PARAMETERS = { resource: 'transaction', operation: 'getMany', chainId: byId(CHAIN_ID), returnAll: true };

interface Round {
	/** When the read started, ms since the epoch (n8n: the node's start). */
	startedAt: number;
	ms: number;
	pages: number;
	entries: number;
	/** From the first request's arrival at the emulator to the last one's. */
	requestsMs?: number;
	/** From the start to the first request's arrival. */
	beforeMs?: number;
	/** CPU time of the reading process during the read. */
	cpuMs?: number;
}

type Reader = {
	label: string;
	read: () => Promise<Round>;
	/** The reading process's CPU time so far, in ms (default: this process's). */
	cpuMs?: () => number;
	close?: () => Promise<void>;
};

function ownCpuMs(): number {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
}

/** Another process's CPU time so far (Linux: utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return (Number(fields[11]) + Number(fields[12])) * 10;
}

function pagesOf(entries: number): number {
	return Math.ceil(entries / PAGE_SIZE);
}

function bareReader(credentials: AddressActivityCredentialData): Reader {
	return {
		label: 'bare fetch loop (fetch, JSON, keep entries)',
		read: async () => {
			const startedAt = Date.now();
			const started = performance.now();
			const entries: unknown[] = [];
			let pages = 0;
			let pageToken: string | undefined;
			do {
				const query = new URLSearchParams({ pageSize: String(PAGE_SIZE), ...(pageToken ? { pageToken } : {}) });
				const response = await fetch(`${credentials.baseUrl}${PATH}?${query.toString()}`, {
					headers: { 'x-service-api-key': credentials.apiKey },
				});
				if (response.status !== 200) throw new Error(`bare loop: ${response.status} ${await response.text()}`);
				const page = (await response.json()) as { transactions: unknown[]; nextPageToken?: string };
				for (const entry of page.transactions) entries.push(entry);
				pageToken = page.nextPageToken;
				pages++;
			} while (pageToken);
			return { startedAt, ms: performance.now() - started, pages, entries: entries.length };
		},
	};
}

function harnessReader(credentials: AddressActivityCredentialData): Reader {
	return {
		label: 'node Return All via n8n-core (harness)',
		read: async () => {
			const startedAt = Date.now();
			const started = performance.now();
			const result = await runNode({ credentials, parameters: PARAMETERS });
			const ms = performance.now() - started;
			if (result.error) throw new Error(`harness: ${result.error.message}`);
			return { startedAt, ms, pages: pagesOf(result.items.length), entries: result.items.length };
		},
	};
}

/** The real n8n with the package as built, a credential for the emulator and a Return All workflow. */
async function n8nReader(credentials: AddressActivityCredentialData): Promise<Reader> {
	const install = await ensureN8n();
	const flatted = loadFlatted(install);
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-bench-returnall-'));
	const tarball = currentBuildTarball();
	try {
		installIntoUserFolder(tarball, userFolder);
	} finally {
		removePacked(tarball);
	}
	const n8n = await startN8n({ install, userFolder, logFile: path.join(userFolder, 'n8n.log') });
	const close = async () => {
		await n8n.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		const client = new N8nClient(n8n.url);
		await client.setupOwner();
		const credentialType = new AddressActivityApi().name;
		const credential = await client.createCredential('Address Activity account', credentialType, { ...credentials });
		const node = new AddressActivity().description;
		const nodeName = node.defaults.name ?? node.displayName;
		const workflow = await client.createWorkflow({
			name: 'Return All benchmark',
			nodes: [
				{ name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{
					name: nodeName,
					type: `${packageJson.name}.${node.name}`,
					typeVersion: 1,
					position: [200, 0],
					parameters: PARAMETERS,
					credentials: { [credentialType]: { id: credential.id, name: credential.name } },
				},
			],
			connections: { 'Manual Trigger': { main: [[{ node: nodeName, type: 'main', index: 0 }]] } },
		});
		const pid = n8n.pid;
		return {
			label: `node Return All in n8n ${N8N_VERSION}`,
			close,
			...(pid !== undefined && fs.existsSync(`/proc/${pid}/stat`) ? { cpuMs: () => processCpuMs(pid) } : {}),
			read: async () => {
				const executionId = await client.runWorkflow(workflow.id, 'Manual Trigger');
				for (;;) {
					await new Promise((resolve) => setTimeout(resolve, 200));
					const summary = (await client.listExecutions(workflow.id)).find((execution) => String(execution.id) === String(executionId));
					if (summary && summary.status !== 'running' && summary.status !== 'new') break;
				}
				const execution = await client.getExecution(executionId, flatted);
				const run = execution.data.resultData.runData[nodeName]?.[0] as
					| { startTime?: number; executionTime?: number; error?: { message: string }; data?: { main: unknown[][] } }
					| undefined;
				if (!run || run.error || run.executionTime === undefined || run.startTime === undefined) throw new Error(`n8n: ${run?.error?.message ?? 'no run'}`);
				const entries = run.data?.main[0]?.length ?? 0;
				return { startedAt: run.startTime, ms: run.executionTime, pages: pagesOf(entries), entries };
			},
		};
	} catch (error) {
		await close();
		throw error;
	}
}

interface Service {
	credentials: AddressActivityCredentialData;
	control: EmulatorControl;
	close(): Promise<void>;
}

/** The emulator CLI in a child process, with a paid key and no rate limit in the way. */
async function emulatorProcess(): Promise<Service> {
	const apiKey = `bench-${randomBytes(8).toString('hex')}`;
	const root = path.resolve(__dirname, '..', '..');
	const child: ChildProcess = spawn(
		process.execPath,
		['-r', 'ts-node/register/transpile-only', 'test/emulator/cli.ts', '--port', '0', '--api-key', apiKey, '--plan', 'paid'],
		{ cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const url = await new Promise<string>((resolve, reject) => {
		let output = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			output += chunk.toString('utf8');
			const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
			if (match) resolve(match[1]);
		});
		child.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)));
	});
	const control = new EmulatorControl(url);
	await control.setRateLimit({ limit: 1_000_000, windowSeconds: 60 });
	return {
		credentials: { apiKey, baseUrl: url },
		control,
		close: async () => {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill('SIGTERM');
			await exited;
		},
	};
}

async function emulatorInProcess(): Promise<Service> {
	const service = await startTestService({ rateLimit: { limit: 1_000_000, windowSeconds: 60 } });
	return { credentials: await service.newAccount({ plan: 'paid' }), control: service.control, close: service.close };
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

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
		readers.push(bareReader(credentials), harnessReader(credentials));
		if (process.argv.includes('--n8n')) readers.push(await n8nReader(credentials));
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
		const entries = results[0][0].entries;
		if (results.some((list) => list.some((result) => result.entries !== entries))) {
			throw new Error('the readers did not read the same list');
		}
		console.log(
			`Node ${process.version}; ${entries} transactions of chain ${CHAIN_ID} in ${pagesOf(entries)} pages of ${PAGE_SIZE}; ` +
				`${rounds} rounds, readers taking turns; emulator ${inProcess ? 'in this process' : 'in its own process'}; ` +
				`1-minute load ${loadAtStart.toFixed(1)} at the first round, ${os.loadavg()[0].toFixed(1)} after the last on ${os.cpus().length} cores`,
		);
		console.log(
			`${'reader'.padEnd(46)} ${'ms/page median'.padStart(15)} ${'ms/page best'.padStart(13)} ${'x bare (median)'.padStart(16)}` +
				` ${'requests ms/page'.padStart(17)} ${'ms before first'.padStart(16)} ${'ms after last'.padStart(14)} ${'CPU ms/page'.padStart(12)}`,
		);
		console.log(`${''.padEnd(46)} ${''.padStart(15)} ${''.padStart(13)} ${''.padStart(16)} ${'(medians)'.padStart(17)}`);
		const bareMedian = median(results[0].map((r) => r.ms / r.pages));
		const column = (value: number, width: number) => (Number.isFinite(value) ? value.toFixed(2) : '-').padStart(width);
		for (const [index, reader] of readers.entries()) {
			const rounds = results[index];
			const perPage = rounds.map((r) => r.ms / r.pages);
			console.log(
				`${reader.label.padEnd(46)} ${column(median(perPage), 15)} ${column(Math.min(...perPage), 13)} ${(median(perPage) / bareMedian).toFixed(2).padStart(15)}x` +
					` ${column(median(rounds.map((r) => (r.requestsMs ?? NaN) / r.pages)), 17)}` +
					` ${column(median(rounds.map((r) => r.beforeMs ?? NaN)), 16)}` +
					` ${column(median(rounds.map((r) => r.ms - (r.beforeMs ?? NaN) - (r.requestsMs ?? NaN))), 14)}` +
					` ${column(median(rounds.map((r) => (r.cpuMs ?? NaN) / r.pages)), 12)}`,
			);
		}
	} finally {
		for (const reader of readers) await reader.close?.();
		await service.close();
	}
}

void main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
