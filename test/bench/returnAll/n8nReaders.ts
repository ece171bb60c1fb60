/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
// The readers in real n8n, timed by n8n itself (the nodes' start and execution time in the run
// data): the action node's Return All, and the HTTP Request node's pagination followed by Split Out.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { AddressActivityApi } from '../../../credentials/AddressActivityApi.credentials';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { currentBuildTarball } from '../../support/currentBuild';
import { ensureN8n, N8N_VERSION } from '../../support/install';
import { startN8n } from '../../support/n8n';
import { loadFlatted, N8nClient, type Execution } from '../../support/n8nClient';
import { installIntoUserFolder, removePacked } from '../../support/package';
import { axiosReader } from './axiosReader';
import { fingerprintOf, pagesOf, processCpuMs, type Reader, type Round } from './round';
import { actionNodeName, HTTP_REQUEST_NAME, HTTP_REQUEST_VERSION, httpRequestWorkflow, nodeWorkflow, SPLIT_OUT_NAME } from './workflows';

interface TimedRun {
	startTime: number;
	executionTime: number;
	items: Array<{ json: unknown }>;
}

/** A node's first run in an execution, with its items; throws when it failed or did not run. */
function timedRun(execution: Execution, nodeName: string): TimedRun {
	const run = execution.data.resultData.runData[nodeName]?.[0] as
		| { startTime?: number; executionTime?: number; error?: { message: string }; data?: { main: Array<Array<{ json: unknown }> | null> } }
		| undefined;
	if (!run || run.error || run.executionTime === undefined || run.startTime === undefined) {
		throw new Error(`n8n, ${nodeName}: ${run?.error?.message ?? 'no run'}`);
	}
	return { startTime: run.startTime, executionTime: run.executionTime, items: run.data?.main[0] ?? [] };
}

/**
 * Starts real n8n with the package as built, creates the credentials and both workflows, and
 * returns their readers (the n8n process is stopped by the node reader's close), after a loop
 * with n8n's own axios in this process.
 */
export async function n8nReaders(credentials: AddressActivityCredentialData): Promise<Reader[]> {
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
		const headerAuth = await client.createCredential('Service API key header', 'httpHeaderAuth', { name: 'x-service-api-key', value: credentials.apiKey });
		const nodeFlow = await client.createWorkflow(nodeWorkflow(credentialType, { id: credential.id, name: credential.name }));
		const httpFlow = await client.createWorkflow(httpRequestWorkflow(credentials.baseUrl, { id: headerAuth.id, name: headerAuth.name }));

		const execute = async (workflowId: string): Promise<Execution> => {
			const executionId = await client.runWorkflow(workflowId, 'Manual Trigger');
			for (;;) {
				await new Promise((resolve) => setTimeout(resolve, 200));
				const summary = (await client.listExecutions(workflowId)).find((execution) => String(execution.id) === String(executionId));
				if (summary && summary.status !== 'running' && summary.status !== 'new') break;
			}
			return await client.getExecution(executionId, flatted);
		};
		const pid = n8n.pid;
		const cpu = pid !== undefined && fs.existsSync(`/proc/${pid}/stat`) ? { cpuMs: () => processCpuMs(pid) } : {};
		const nodeName = actionNodeName();
		const nodeReader: Reader = {
			label: `node Return All in n8n ${N8N_VERSION}`,
			close,
			...cpu,
			read: async () => {
				const run = timedRun(await execute(nodeFlow.id), nodeName);
				const entries = run.items.length;
				return { startedAt: run.startTime, ms: run.executionTime, pages: pagesOf(entries), entries, fingerprint: fingerprintOf(run.items.map((item) => item.json)) };
			},
		};
		const httpReader: Reader = {
			label: `HTTP Request ${HTTP_REQUEST_VERSION} + Split Out in n8n`,
			partLabel: `  of which HTTP Request alone (1 item a page)`,
			...cpu,
			read: async (): Promise<Round> => {
				const execution = await execute(httpFlow.id);
				const request = timedRun(execution, HTTP_REQUEST_NAME);
				const split = timedRun(execution, SPLIT_OUT_NAME);
				const entries = split.items.length;
				const pages = request.items.length;
				if (pages !== pagesOf(entries)) throw new Error(`HTTP Request put out ${pages} items for ${entries} transactions`);
				return {
					startedAt: request.startTime,
					ms: split.startTime + split.executionTime - request.startTime,
					partMs: request.executionTime,
					pages,
					entries,
					fingerprint: fingerprintOf(split.items.map((item) => item.json)),
				};
			},
		};
		return [axiosReader(install, credentials), nodeReader, httpReader];
	} catch (error) {
		await close();
		throw error;
	}
}
