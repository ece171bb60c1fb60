// Signals that nothing more will happen, for checks of "exactly one" and "none": a check that
// watches for a while passes when the unwanted event comes late; these wait until it can no
// longer come. The emulator says when it has nothing under way or scheduled to send; n8n 2.x
// answers a delivery once the execution exists and says when a publication has ended; n8n 1.x
// answers a delivery first and creates the execution just after, so a later request to a sentinel
// workflow, run to its end, shows that every execution of a request answered before it exists.
import { randomUUID } from 'crypto';

import { N8N_MAJOR } from '../../support/install';
import type { ExecutionSummary, Workflow } from '../../support/n8nClient';
import { waitFor } from '../../harness/wait';
import type { Stack } from './stack';

export interface PublicationStatus {
	status: 'in_progress' | 'not_published' | 'published' | 'partial' | 'failed';
	triggers: Array<{ nodeId: string; status: string; errorMessage?: string | null }>;
}

const ended = (execution: ExecutionSummary) => !['new', 'running'].includes(execution.status);

/** Waits until the emulator has no attempt under way and no retry scheduled for these webhooks (for any webhook when none is named). */
export async function deliveriesSettled(stack: Stack, webhookIds?: string[], timeoutMs = 90_000): Promise<void> {
	await waitFor(
		`the emulator to have nothing more to send${webhookIds ? ` to ${webhookIds.join(', ')}` : ''}`,
		async () => {
			const lists = webhookIds === undefined ? [await stack.control.outstanding()] : await Promise.all(webhookIds.map((webhookId) => stack.control.outstanding({ webhookId })));
			return lists.every((list) => list.inFlight.length === 0 && list.retries.length === 0);
		},
		timeoutMs,
	);
}

/**
 * Waits until n8n has carried out the last activation or deactivation of the workflow, and returns
 * how it ended. n8n 2.x queues them (its publication status says when one ended); n8n 1.x runs
 * them before it answers the request, so there it returns undefined at once.
 */
export async function publicationSettled(stack: Stack, workflowId: string, timeoutMs = 120_000): Promise<PublicationStatus | undefined> {
	if (N8N_MAJOR === 1) return undefined;
	return await waitFor(
		`n8n to end the publication of workflow ${workflowId}`,
		async () => {
			const current = await stack.client.request<PublicationStatus>('GET', `/rest/workflows/${workflowId}/publication-status`);
			return current.status === 'in_progress' ? undefined : current;
		},
		timeoutMs,
	);
}

/** Per stack, a workflow of n8n's own Webhook node that answers at once (n8n 1.x only). */
const sentinels = new WeakMap<Stack, Promise<{ id: string; path: string }>>();

async function createSentinel(stack: Stack): Promise<{ id: string; path: string }> {
	const path = randomUUID();
	const workflow = await stack.client.createWorkflow({
		name: 'Sentinel (test)',
		nodes: [
			{
				id: randomUUID(),
				name: 'Sentinel',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	await stack.client.activateWorkflow(workflow.id);
	return { id: workflow.id, path };
}

/**
 * n8n 1.x: once this returns, every execution of a request n8n answered before the call exists.
 * n8n 1.x queues the execution's insert on its one SQLite connection in the same turn as it hands
 * over its answer (webhook-helpers.js: the answer, then WorkflowRunner.run without a pause for I/O);
 * the sentinel's request comes after that answer, and its run reads and writes the same database
 * before it ends. n8n 2.x needs none of this: it answers once the execution exists.
 */
export async function answeredRequestsRun(stack: Stack): Promise<void> {
	if (N8N_MAJOR !== 1) return;
	if (!sentinels.has(stack)) sentinels.set(stack, createSentinel(stack));
	const sentinel = await sentinels.get(stack)!;
	const url = `${stack.n8n.url}/webhook/${sentinel.path}`;
	const latest = Math.max(0, ...(await stack.client.listExecutions(sentinel.id)).map((execution) => Number(execution.id)));
	const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
	await answer.text();
	if (answer.status !== 200) throw new Error(`the sentinel workflow answered ${answer.status}`);
	await waitFor('the sentinel run to end', async () =>
		(await stack.client.listExecutions(sentinel.id)).some((execution) => Number(execution.id) > latest && ended(execution)),
	);
}

/**
 * The workflow's executions once no more can come from what happened so far: its last activation
 * or deactivation has ended; the emulator has nothing under way or scheduled for `webhookIds` (for
 * any webhook when none is named); every request n8n answered has its execution (see
 * answeredRequestsRun); and n8n lists at least `atLeast` executions, every one ended. Requests the
 * test sends itself must have been answered before this is called. A count of it is final: assert it.
 */
export async function settledExecutions(
	stack: Stack,
	workflow: Pick<Workflow, 'id' | 'name'>,
	options: { atLeast?: number; webhookIds?: string[]; timeoutMs?: number } = {},
): Promise<ExecutionSummary[]> {
	const { atLeast = 0, webhookIds, timeoutMs = 90_000 } = options;
	await publicationSettled(stack, workflow.id, timeoutMs);
	await deliveriesSettled(stack, webhookIds, timeoutMs);
	await answeredRequestsRun(stack);
	return await waitFor(
		`${atLeast} ended executions of "${workflow.name}"`,
		async () => {
			const list = await stack.client.listExecutions(workflow.id);
			return list.length >= atLeast && list.every(ended) ? list : undefined;
		},
		timeoutMs,
	);
}
