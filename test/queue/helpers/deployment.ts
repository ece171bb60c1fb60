/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
// One queue-mode environment for the tests: the emulator, and n8n in queue mode (Postgres, Redis,
// main, two webhook processes behind a load balancer, one worker) sharing a fresh user folder
// with the packed package installed, an owner account and a credential pointing at the emulator.
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { currentBuildTarball } from '../../support/currentBuild';
import { ensureN8n, type N8nInstall } from '../../support/install';
import { loadFlatted, N8nClient, type Execution, type ExecutionSummary } from '../../support/n8nClient';
import { installIntoUserFolder } from '../../support/package';
import { ensurePostgres } from '../../support/postgres';
import { startQueueDeployment, type QueueDeployment } from '../../support/queue';
import { reapWithThisProcess } from '../../support/reaper';
import { migrationLockKeys } from '../../support/startingUp';
import { signMessage } from '../../emulator/delivery/signing';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { EmulatorControl } from '../../harness/emulatorControl';
import { CREDENTIAL_TYPE } from '../../harness/names';

export const EMULATOR_KEY = `queue-${randomUUID()}`;

export interface QueueStack {
	emulator: RunningEmulator;
	control: EmulatorControl;
	install: N8nInstall;
	deployment: QueueDeployment;
	client: N8nClient;
	credential: { id: string; name: string };
	/** The execution once it has ended (see N8nClient.getFinishedExecution). */
	getExecution(id: string): Promise<Execution>;
	executions(workflowId: string): Promise<ExecutionSummary[]>;
	/** The service's current shared secret (what the emulator signs with). */
	sharedSecret(): Promise<string>;
	rotateSharedSecret(): Promise<string>;
	/** Posts a message to one URL, signed as the emulator signs (or with the given signature). */
	post(url: string, body: unknown, signature?: string): Promise<{ status: number; text: string }>;
	/** Every log line of the worker(s) so far, restarted workers included. */
	workerLog(): string;
	/** Runs SQL in the deployment's Postgres (with the `pg` client n8n ships); `$1`... take `values`. */
	sql(text: string, values?: unknown[]): Promise<Array<Record<string, unknown>>>;
	/**
	 * Every execution row of a workflow as n8n's database has it, soft-deleted ones included (the
	 * REST API hides those), with whether its stored data mentions `text` (e.g. a transaction hash).
	 */
	executionRows(workflowId: string, text?: string): Promise<ExecutionRow[]>;
	/**
	 * Takes the Postgres lock every n8n process takes to migrate (startingUp.ts migrationLockKeys):
	 * a process that starts meanwhile answers "n8n is starting up" until the lock is released.
	 */
	holdMigrationLock(): Promise<{ release(): Promise<void> }>;
	/** The jobs in n8n's Redis queue now (bull keeps a job until a worker finished it). */
	redisJobs(): Promise<Array<{ id: string; executionId?: string; state: string }>>;
	/** An n8n Postgres credential for the deployment's database, for workflows that use it. */
	postgresCredential(): Promise<{ id: string; name: string }>;
	stop(): Promise<void>;
}

export interface ExecutionRow {
	id: string;
	status: string;
	mode: string;
	createdAt: string;
	startedAt: string | null;
	stoppedAt: string | null;
	deletedAt: string | null;
	/** Whether the execution's stored data contains the text asked about. */
	mentions: boolean;
}

function tarball(): string {
	// Set by global-setup.ts; running one file on its own with a custom config still works.
	process.env.AA_QUEUE_TARBALL = currentBuildTarball(process.env.AA_QUEUE_TARBALL);
	return process.env.AA_QUEUE_TARBALL;
}

export async function startQueueStack(options: { env?: Record<string, string> } = {}): Promise<QueueStack> {
	const install = await ensureN8n({ dir: process.env.AA_E2E_N8N_DIR });
	const postgres = await ensurePostgres();
	const emulator = await startEmulator({ timeScale: 1000, apiKeys: [{ key: EMULATOR_KEY, plan: 'paid' }] });
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-queue-n8n-'));
	// Removed by stop(), or after an interrupted run once this process is gone (AA_QUEUE_KEEP keeps it).
	const folderReaper = process.env.AA_QUEUE_KEEP ? undefined : reapWithThisProcess(undefined, userFolder);
	let deployment: QueueDeployment | undefined;
	try {
		installIntoUserFolder(tarball(), userFolder);
		// Debug logs with timestamps in the webhook processes: a message acknowledged without a run can then be followed there.
		const webhookEnv = { N8N_LOG_LEVEL: 'debug', NO_COLOR: '1' };
		deployment = await startQueueDeployment({ install, postgres, userFolder, env: options.env, webhookEnv });
		const running = deployment;
		const client = new N8nClient(deployment.url);
		await client.setupOwner();
		const credential = await client.createCredential('Address Activity (emulator)', CREDENTIAL_TYPE, { apiKey: EMULATOR_KEY, baseUrl: emulator.url });
		const flatted = loadFlatted(install);
		const control = new EmulatorControl(emulator.url);
		const stack: QueueStack = {
			emulator,
			control,
			install,
			deployment,
			client,
			credential: { id: credential.id, name: credential.name },
			getExecution: (id) => stack.client.getFinishedExecution(id, flatted),
			executions: (workflowId) => stack.client.listExecutions(workflowId),
			sharedSecret: () => control.sharedSecret(EMULATOR_KEY),
			rotateSharedSecret: async () =>
				(await control.call<{ secret: string }>('POST', '/v1/webhooks:generateOrRotateSharedSecret', undefined, EMULATOR_KEY)).secret,
			async post(url, body, signature) {
				const response = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'x-signature': signature ?? signMessage(body, await stack.sharedSecret()) },
					body: JSON.stringify(body),
				});
				return { status: response.status, text: await response.text() };
			},
			workerLog: () =>
				fs
					.readdirSync(userFolder)
					.filter((file) => file.startsWith('worker-') && file.endsWith('.log'))
					.map((file) => fs.readFileSync(path.join(userFolder, file), 'utf8'))
					.join('\n'),
			async sql(text, values) {
				// eslint-disable-next-line @typescript-eslint/no-require-imports
				const pg = require(path.join(install.nodeModules, 'pg')) as {
					Client: new (config: object) => {
						connect(): Promise<void>;
						query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
						end(): Promise<void>;
					};
				};
				const db = new pg.Client({ host: running.postgres.host, port: running.postgres.port, user: running.postgres.user, database: running.postgres.database });
				await db.connect();
				try {
					return (await db.query(text, values)).rows;
				} finally {
					await db.end();
				}
			},
			async executionRows(workflowId, text) {
				const rows = await stack.sql(
					`SELECT e.id, e.status, e.mode, e."createdAt", e."startedAt", e."stoppedAt", e."deletedAt",
						COALESCE(d.data LIKE $2, false) AS mentions
					 FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id
					 WHERE e."workflowId" = $1 ORDER BY e.id`,
					[workflowId, text === undefined ? '' : `%${text}%`],
				);
				const when = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value));
				return rows.map((row) => ({
					id: String(row.id),
					status: String(row.status),
					mode: String(row.mode),
					createdAt: when(row.createdAt) ?? '',
					startedAt: when(row.startedAt),
					stoppedAt: when(row.stoppedAt),
					deletedAt: when(row.deletedAt),
					mentions: text !== undefined && row.mentions === true,
				}));
			},
			async holdMigrationLock() {
				// eslint-disable-next-line @typescript-eslint/no-require-imports
				const pg = require(path.join(install.nodeModules, 'pg')) as {
					Client: new (config: object) => { connect(): Promise<void>; query(text: string, values?: unknown[]): Promise<unknown>; end(): Promise<void> };
				};
				const db = new pg.Client({ host: running.postgres.host, port: running.postgres.port, user: running.postgres.user, database: running.postgres.database });
				await db.connect();
				const keys = migrationLockKeys();
				await db.query('SELECT pg_advisory_lock($1, $2)', keys);
				return {
					async release() {
						await db.query('SELECT pg_advisory_unlock($1, $2)', keys);
						await db.end();
					},
				};
			},
			async redisJobs() {
				// eslint-disable-next-line @typescript-eslint/no-require-imports
				const Redis = require(path.join(install.nodeModules, 'ioredis')) as new (options: object) => {
					keys(pattern: string): Promise<string[]>;
					hgetall(key: string): Promise<Record<string, string>>;
					lrange(key: string, from: number, to: number): Promise<string[]>;
					zrange(key: string, from: number, to: number): Promise<string[]>;
					smembers(key: string): Promise<string[]>;
					quit(): Promise<unknown>;
				};
				const redis = new Redis({ host: running.redis.host, port: running.redis.port, lazyConnect: false, maxRetriesPerRequest: 1 });
				try {
					const state = new Map<string, string>();
					for (const list of ['wait', 'active', 'paused']) for (const id of await redis.lrange(`bull:jobs:${list}`, 0, -1)) state.set(id, list);
					for (const set of ['delayed', 'completed', 'failed']) for (const id of await redis.zrange(`bull:jobs:${set}`, 0, -1)) state.set(id, set);
					const jobs: Array<{ id: string; executionId?: string; state: string }> = [];
					for (const key of await redis.keys('bull:jobs:[0-9]*')) {
						const id = key.slice('bull:jobs:'.length);
						if (id.includes(':')) continue;
						const job = await redis.hgetall(key);
						let executionId: string | undefined;
						try {
							executionId = String((JSON.parse(job.data ?? '{}') as { executionId?: unknown }).executionId ?? '') || undefined;
						} catch {
							executionId = undefined;
						}
						jobs.push({ id, executionId, state: state.get(id) ?? (job.finishedOn ? 'finished' : 'unknown') });
					}
					return jobs;
				} finally {
					await redis.quit();
				}
			},
			async postgresCredential() {
				const { host, port, user, database } = running.postgres;
				const created = await stack.client.createCredential('Postgres account', 'postgres', { host, port, user, database, password: '', ssl: 'disable' });
				return { id: created.id, name: created.name };
			},
			async stop() {
				await running.stop();
				await emulator.close();
				folderReaper?.dismiss();
				if (!process.env.AA_QUEUE_KEEP) fs.rmSync(userFolder, { recursive: true, force: true });
			},
		};
		return stack;
	} catch (error) {
		await deployment?.stop();
		await emulator.close();
		const logs = fs.existsSync(userFolder)
			? fs
					.readdirSync(userFolder)
					.filter((file) => file.endsWith('.log'))
					.map((file) => `--- ${file} ---\n${fs.readFileSync(path.join(userFolder, file), 'utf8').slice(-1500)}`)
					.join('\n')
			: '';
		folderReaper?.dismiss();
		fs.rmSync(userFolder, { recursive: true, force: true });
		throw new Error(`${(error as Error).message}\n${logs}`);
	}
}
