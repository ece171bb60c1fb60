/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// Starts the real n8n application (Node 24, sqlite, 127.0.0.1 only) and talks to it through its
// REST API with an owner account, the way the editor does.
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
 * The settings the README recommends for n8n 2.41 (Quick start, Running at scale): with lazy
 * acquisition n8n takes an expression isolate only when an expression is evaluated, and version 2
 * of the trigger evaluates none while receiving (about 3x the deliveries per second, bench:n8n).
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
	stop(): Promise<void>;
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

/** Starts `n8n start` in its own process group and waits until its REST API answers. */
export async function startN8n(options: StartN8nOptions): Promise<RunningN8n> {
	const n8n = await spawnN8n('start', options);
	// /healthz answers before the migrations finish; readiness waits for the database. n8n 1.x
	// answers readiness before its REST routes exist: it is ready once it says the editor is.
	await waitUntilReady(n8n, `${n8n.url}/healthz/readiness`, {
		also: async () => (await fetch(`${n8n.url}/rest/settings`)).ok && (options.install.major === 2 || n8n.output().includes('Editor is now accessible via')),
	});
	return { url: n8n.url, port: n8n.port, pid: n8n.pid, userFolder: options.userFolder, output: n8n.output, stop: n8n.stop };
}

export class N8nApiError extends Error {
	constructor(
		message: string,
		readonly status: number,
		readonly body: unknown,
	) {
		super(message);
	}
}

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEFAULT_OWNER: Owner = {
	email: 'owner@example.com',
	password: 'Sandbox-Pass1',
	firstName: 'Sandbox',
	lastName: 'Owner',
};

/** n8n's internal REST API (/rest), authenticated with the owner's session cookie like the editor. */
export class N8nClient {
	private cookie = '';
	// n8n binds the session to a browser id sent as a header with every request.
	private readonly browserId = 'address-activity-e2e';

	/** n8n 1.x wants the workflow itself with a manual run. */
	constructor(
		readonly baseUrl: string,
		readonly major: 1 | 2 = N8N_MAJOR,
	) {}

	async request<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.baseUrl}${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.get('set-cookie');
		const auth = setCookie?.match(/n8n-auth=([^;]+)/);
		if (auth) this.cookie = `n8n-auth=${auth[1]}`;
		const text = await response.text();
		let parsed: unknown = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			// not JSON
		}
		if (!response.ok) {
			const message = (parsed as { message?: string } | undefined)?.message ?? text.slice(0, 500);
			throw new N8nApiError(`${method} ${route} -> ${response.status}: ${message}`, response.status, parsed);
		}
		// Internal REST answers wrap results in {data}; static routes (/types/*) do not.
		return (parsed && typeof parsed === 'object' && 'data' in parsed ? (parsed as { data: T }).data : parsed) as T;
	}

	/** Creates the owner account on a fresh instance (or logs in when it exists), then logs in. */
	async setupOwner(owner: Owner = DEFAULT_OWNER): Promise<void> {
		const settings = await this.request<{ userManagement: { showSetupOnFirstLoad?: boolean } }>('GET', '/rest/settings');
		if (settings.userManagement.showSetupOnFirstLoad) {
			await this.request('POST', '/rest/owner/setup', owner);
		}
		await this.login(owner);
	}

	async login(owner: Owner = DEFAULT_OWNER): Promise<void> {
		await this.request('POST', '/rest/login', { emailOrLdapLoginId: owner.email, password: owner.password });
	}

	nodeTypes(): Promise<
		Array<{
			name: string;
			displayName: string;
			version: number | number[];
			credentials?: Array<{ name: string }>;
			iconUrl?: string | { light: string; dark: string };
			webhooks?: unknown[];
		}>
	> {
		return this.request('GET', '/types/nodes.json');
	}

	credentialTypes(): Promise<Array<{ name: string; displayName: string }>> {
		return this.request('GET', '/types/credentials.json');
	}

	createCredential(name: string, type: string, data: Record<string, unknown>): Promise<{ id: string; name: string; type: string }> {
		return this.request('POST', '/rest/credentials', { name, type, data });
	}

	updateCredential(id: string, name: string, type: string, data: Record<string, unknown>): Promise<{ id: string; name: string; type: string }> {
		return this.request('PATCH', `/rest/credentials/${id}`, { name, type, data });
	}

	listCredentials(): Promise<Array<{ id: string; name: string; type: string }>> {
		return this.request('GET', '/rest/credentials');
	}

	/**
	 * The editor's "Test" button: runs the credential type's test request with these values. An empty
	 * id tests values not saved yet (as the editor does for a new credential).
	 */
	async testCredential(
		credential: { id?: string; name: string; type: string; data: Record<string, unknown> },
	): Promise<{ status: 'OK' | 'Error'; message: string }> {
		if (this.major === 2 || credential.id) return await this.request('POST', '/rest/credentials/test', { credentials: { id: '', ...credential } });
		// n8n 1.x tests stored credentials only (its editor saves before testing): save, test, remove.
		const saved = await this.createCredential(credential.name, credential.type, credential.data);
		try {
			return await this.request('POST', '/rest/credentials/test', { credentials: { ...credential, id: saved.id } });
		} finally {
			await this.request('DELETE', `/rest/credentials/${saved.id}`);
		}
	}

	createWorkflow(workflow: WorkflowInput): Promise<Workflow> {
		// An exported workflow carries id and active: a new one gets its own id and starts inactive.
		const rest: Record<string, unknown> = { ...workflow };
		delete rest.id;
		delete rest.active;
		// n8n 1.x requires `active` on a new workflow; 2.x publishes separately.
		const active = this.major === 1 ? { active: false } : {};
		return this.request('POST', '/rest/workflows', { settings: { executionOrder: 'v1' }, ...rest, ...active });
	}

	getWorkflow(id: string): Promise<Workflow> {
		return this.request('GET', `/rest/workflows/${id}`);
	}

	listWorkflows(): Promise<Workflow[]> {
		return this.request('GET', '/rest/workflows');
	}

	/** Publishes the current version (n8n 2.x "activate"): triggers register their webhooks. */
	async activateWorkflow(id: string): Promise<Workflow> {
		const workflow = await this.getWorkflow(id);
		return this.request('POST', `/rest/workflows/${id}/activate`, { versionId: workflow.versionId });
	}

	deactivateWorkflow(id: string): Promise<Workflow> {
		return this.request('POST', `/rest/workflows/${id}/deactivate`, {});
	}

	/**
	 * The editor's "Execute workflow" from the named trigger: an execution id, or, for a webhook
	 * trigger, `waitingForWebhook` while n8n listens for a test event at the test URL.
	 */
	async startRun(id: string, triggerName: string): Promise<{ executionId?: string; waitingForWebhook?: boolean }> {
		const workflowData = this.major === 1 ? { workflowData: await this.getWorkflow(id) } : {};
		return await this.request('POST', `/rest/workflows/${id}/run`, { triggerToStartFrom: { name: triggerName }, ...workflowData });
	}

	/** The editor's "Execute workflow" from the named trigger; returns the execution id. */
	async runWorkflow(id: string, triggerName: string): Promise<string> {
		const result = await this.startRun(id, triggerName);
		if (!result.executionId) throw new Error(`n8n started no execution: ${JSON.stringify(result)}`);
		return result.executionId;
	}

	async listExecutions(workflowId: string): Promise<ExecutionSummary[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const result = await this.request<{ results: ExecutionSummary[] }>('GET', `/rest/executions?filter=${filter}&limit=100`);
		return result.results;
	}

	/** One execution with its run data decoded (n8n stores it in the `flatted` format). */
	async getExecution(id: string, flattedParse: (text: string) => unknown): Promise<Execution> {
		const raw = await this.request<ExecutionSummary & { data: string }>('GET', `/rest/executions/${id}`);
		return { ...raw, data: flattedParse(raw.data) as ExecutionData };
	}
}

export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
}

export interface WorkflowInput {
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	pinData?: Record<string, unknown>;
}

export interface Workflow extends WorkflowInput {
	id: string;
	versionId: string;
	active: boolean;
	activeVersionId?: string | null;
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	mode: string;
	status: 'success' | 'error' | 'running' | 'waiting' | 'canceled' | 'crashed' | 'new' | 'unknown';
	startedAt: string;
	stoppedAt?: string | null;
}

export interface NodeRun {
	executionStatus?: string;
	error?: { message: string; description?: string; httpCode?: string };
	data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
}

export interface ExecutionData {
	resultData: { runData: Record<string, NodeRun[]>; error?: { message: string }; lastNodeExecuted?: string };
}

export interface Execution extends ExecutionSummary {
	data: ExecutionData;
}

/** The items a node put out on its first output in its last run of an execution. */
export function nodeOutput(execution: Execution, nodeName: string): Array<Record<string, unknown>> {
	const runs = execution.data.resultData.runData[nodeName];
	if (!runs?.length) throw new Error(`node "${nodeName}" did not run in execution ${execution.id}`);
	const run = runs[runs.length - 1];
	if (run.error) throw new Error(`node "${nodeName}" failed: ${run.error.message} ${run.error.description ?? ''}`);
	return (run.data?.main[0] ?? []).map((item) => item.json);
}

/** Loads `flatted` from the n8n install (the format n8n stores run data in). */
export function loadFlatted(install: N8nInstall): (text: string) => unknown {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const flatted = require(path.join(install.nodeModules, 'flatted')) as { parse: (text: string) => unknown };
	return (text) => flatted.parse(text);
}
