/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
// Starts the real n8n application (Node 24, sqlite, 127.0.0.1 only): single instance, or one
// process of a queue-mode deployment. Its REST client is in n8nClient.ts.
import * as fs from 'fs';
import * as path from 'path';

import { N8N_MAJOR, type N8nInstall } from './install';
import { freePort } from './ports';
import { spawnServer, waitUntilServerReady } from './processes';

export interface StartN8nOptions {
	install: N8nInstall;
	/** N8N_USER_FOLDER: n8n keeps its database, settings and community packages in <it>/.n8n. */
	userFolder: string;
	/** Default: a free port. */
	port?: number;
	/** Where n8n's output goes (appended); default: kept in memory for error messages only. */
	logFile?: string;
	env?: Record<string, string>;
}

/**
 * The settings docs/running-at-scale.md recommends for n8n 2.x ("Faster receiving on n8n 2.x"): with
 * lazy acquisition n8n takes an expression isolate only when an expression is evaluated, and
 * versions 2 and 3 of the trigger evaluate none while receiving (figures: docs/measured.md).
 * n8n 1.x ignores it.
 */
export const RECOMMENDED_N8N_ENV: Record<string, string> = { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' };

export interface RunningN8n {
	url: string;
	port: number;
	/** The n8n process (its task runner is a child of its own). */
	pid: number | undefined;
	userFolder: string;
	/** The last lines n8n printed, for error messages. */
	output(): string;
	/** SIGTERM (n8n's graceful shutdown), SIGKILL after 15 s. */
	stop(): Promise<void>;
	/** SIGKILL at once: a crash. */
	kill(): Promise<void>;
}

/**
 * Environment that keeps n8n on loopback, quiet and away from the internet. n8n 1.x reads the
 * webhook base URL from WEBHOOK_URL only; 2.x from N8N_WEBHOOK_URL (and warns about WEBHOOK_URL).
 */
export function n8nEnvironment(port: number, brokerPort: number, userFolder: string, major: 1 | 2 = N8N_MAJOR): Record<string, string> {
	const url = `http://127.0.0.1:${port}/`;
	return {
		...(major === 1 ? { WEBHOOK_URL: url } : { N8N_WEBHOOK_URL: url }),
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: url,
		DB_TYPE: 'sqlite',
		// The editor runs on plain http on loopback: the auth cookie must not be Secure.
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		// 2.x fetches a server list from the internet at start; 1.x has no such module and refuses the name.
		...(major === 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// The editor's node panel would otherwise fetch the verified-package list from the internet.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		// The JS task runner's broker gets its own free port so that several n8n can run at once.
		N8N_RUNNERS_MODE: 'internal',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// Set to today's defaults explicitly: 2.41 otherwise prints a deprecation notice for each at start.
		N8N_RUNNERS_TASK_TIMEOUT: '300',
		N8N_COMPRESSION_NODE_MAX_DECOMPRESSED_SIZE_BYTES: String(2 * 1024 ** 3),
		N8N_COMPRESSION_NODE_MAX_ZIP_ENTRIES: '5000',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
	};
}

/**
 * The environment without what `npm run`/`npx` (npm_config_*, npm_package_*) and jest (NODE_ENV=test,
 * which makes n8n silent and exit at once) put there, and without any N8N_* of the caller's.
 */
function cleanEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	const dropped = ['WEBHOOK_URL', 'NODE_OPTIONS', 'NODE_ENV', 'NODE_PATH'];
	for (const [name, value] of Object.entries(process.env)) {
		if (name.toLowerCase().startsWith('npm_') || name.startsWith('N8N_') || name.startsWith('JEST_') || dropped.includes(name)) continue;
		env[name] = value;
	}
	return env;
}

/** The n8n commands a deployment runs: the main process, queue-mode webhook processes and workers. */
export type N8nCommand = 'start' | 'webhook' | 'worker';

export interface N8nProcessOptions extends StartN8nOptions {
	/** Extra command-line arguments, e.g. `--concurrency=10` for a worker. */
	args?: string[];
	/** Also kill it when this process is killed outright (SIGKILL, a jest worker timeout): see reaper.ts. */
	reap?: boolean;
}

/** One n8n process in its own process group (n8n starts a task runner child). */
export interface N8nProcess {
	command: N8nCommand;
	/** N8N_PORT: the main process's editor/API, a webhook process's webhooks. */
	port: number;
	url: string;
	pid: number | undefined;
	/** The last lines it printed, for error messages. */
	output(): string;
	/** The exit code once it ended (-1 for a signal), else undefined. */
	exitCode(): number | null | undefined;
	/** SIGTERM (n8n's graceful shutdown), SIGKILL after 15 s. */
	stop(): Promise<void>;
	/** SIGKILL at once: a crash. */
	kill(): Promise<void>;
}

/**
 * Spawns `n8n <command>` with the loopback environment of n8nEnvironment (a free port and task
 * runner broker port unless given) plus `options.env`; does not wait for readiness.
 */
export async function spawnN8n(command: N8nCommand, options: N8nProcessOptions): Promise<N8nProcess> {
	const port = options.port ?? (await freePort());
	const brokerPort = await freePort();
	fs.mkdirSync(options.userFolder, { recursive: true });
	const env = {
		...cleanEnv(),
		...n8nEnvironment(port, brokerPort, options.userFolder, options.install.major),
		...options.env,
		PATH: `${path.dirname(options.install.nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
	};
	// n8n starts a task runner child: stop() signals the whole group.
	const server = spawnServer(options.install.nodeBin, [options.install.n8nBin, command, ...(options.args ?? [])], {
		cwd: options.userFolder,
		env,
		logFile: options.logFile,
		reap: options.reap,
	});
	return {
		command,
		port,
		url: `http://127.0.0.1:${port}`,
		pid: server.pid,
		output: server.output,
		exitCode: server.exitCode,
		stop: () => server.stop('SIGTERM'),
		kill: () => server.stop('SIGKILL'),
	};
}

/** Polls `url` until it answers 2xx (and `also`, if given, holds); stops the process on failure. */
export async function waitUntilReady(n8n: N8nProcess, url: string, options: { timeoutMs?: number; also?: () => Promise<boolean> } = {}): Promise<void> {
	// A request that fails means n8n is not listening yet.
	await waitUntilServerReady(`n8n ${n8n.command}`, n8n, async () => (await fetch(url)).ok && (!options.also || (await options.also())), {
		timeoutMs: options.timeoutMs ?? 180_000,
		intervalMs: 250,
	});
}

/**
 * Starts `n8n start` in its own process group and waits until its REST API answers.
 * `whileStarting` runs alongside (given n8n's URL), e.g. to send requests while n8n starts; the
 * start ends when both are done.
 */
export async function startN8n(options: StartN8nOptions & { whileStarting?: (url: string) => Promise<void> }): Promise<RunningN8n> {
	const n8n = await spawnN8n('start', options);
	// /healthz answers before the migrations finish; readiness waits for the database. n8n 1.x
	// answers readiness before its REST routes exist: it is ready once it says the editor is.
	const ready = waitUntilReady(n8n, `${n8n.url}/healthz/readiness`, {
		also: async () => (await fetch(`${n8n.url}/rest/settings`)).ok && (options.install.major === 2 || n8n.output().includes('Editor is now accessible via')),
	});
	try {
		await Promise.all([ready, options.whileStarting?.(n8n.url)]);
	} catch (error) {
		await n8n.kill();
		throw error;
	}
	return { url: n8n.url, port: n8n.port, pid: n8n.pid, userFolder: options.userFolder, output: n8n.output, stop: n8n.stop, kill: n8n.kill };
}
