/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// n8n's internal REST API (/rest) with an owner account, the way the editor talks to it, and the
// shapes of what it answers (workflows, executions).
import * as path from 'path';

import { sleep } from '../harness/wait';
import { N8N_MAJOR, type N8nInstall } from './install';

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

	/**
	 * Replaces a workflow's name, nodes, connections, settings and pinned data with `workflow`'s: the
	 * same workflow (id, executions) with the new content, published or not as before.
	 */
	async replaceWorkflow(id: string, workflow: WorkflowInput): Promise<Workflow> {
		const { versionId } = await this.getWorkflow(id);
		return await this.request('PATCH', `/rest/workflows/${id}?forceSave=true`, {
			name: workflow.name,
			nodes: workflow.nodes,
			connections: workflow.connections,
			settings: { executionOrder: 'v1', ...workflow.settings },
			pinData: workflow.pinData ?? {},
			versionId,
		});
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

	/**
	 * One execution with its run data decoded (n8n stores it in the `flatted` format). n8n 1.x on
	 * SQLite writes an ended execution's status and its run data in two statements: a read between
	 * them sees "success" without run data, so that read is made again.
	 */
	async getExecution(id: string, flattedParse: (text: string) => unknown): Promise<Execution> {
		const deadline = Date.now() + 10_000;
		for (;;) {
			const raw = await this.request<ExecutionSummary & { data: string }>('GET', `/rest/executions/${id}`);
			const execution = { ...raw, data: flattedParse(raw.data) as ExecutionData };
			const dataPending = (raw.status === 'success' || raw.status === 'error') && !execution.data?.resultData;
			if (!dataPending) return execution;
			if (Date.now() > deadline) throw new Error(`execution ${id} ended (${raw.status}) but n8n wrote no run data within 10 s`);
			await sleep(50);
		}
	}

	/**
	 * An execution once it has ended. n8n lists an execution as soon as it starts: on a busy machine a
	 * poll's execution was still "running" when a test read it (CI, n8n 1.123.81), so tests that read
	 * what a run put out wait for its end here.
	 */
	async getFinishedExecution(id: string, flattedParse: (text: string) => unknown, timeoutMs = 60_000): Promise<Execution> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.getExecution(id, flattedParse);
			if (execution.status !== 'new' && execution.status !== 'running') return execution;
			if (Date.now() > deadline) throw new Error(`execution ${id} still ${execution.status} after ${timeoutMs} ms`);
			await sleep(100);
		}
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
	/** What is still to run: a webhook execution that never ran holds its trigger's items here. */
	executionData?: { nodeExecutionStack?: Array<{ node: { name: string }; data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> } }> };
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
