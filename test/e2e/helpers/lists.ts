// Large address lists in real n8n, shared by test/e2e/addresses-scale.test.ts and
// `npm run bench:addresses -- --n8n`: numbered wallets, a Code node emitting them, and a manual
// run waited for with the emulator's view of it.
import type { Execution, WorkflowNode } from '../../support/n8nClient';
import { waitFor } from '../../harness/wait';
import type { Stack } from './stack';
import { linearWorkflow } from './workflows';

/** Wallet `index` of a numbered set, as the Code node and the test both write it. */
export const wallet = (set: number, index: number) => `0x${set.toString(16).padStart(2, '0')}${index.toString(16).padStart(38, '0')}`;

/** A Code node putting out `count` items `{address}`: wallets `from`.. of set `set`. */
export const codeEmitting = (set: number, from: number, count: number): WorkflowNode =>
	({
		name: 'Wallets',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: {
			jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { address: '0x' + (${set}).toString(16).padStart(2, '0') + (${from} + i).toString(16).padStart(38, '0') } }));`,
		},
	}) as unknown as WorkflowNode;

export interface ListRun {
	execution: Execution;
	/** Methods of the /v1 requests the emulator saw, in order. */
	requests: string[];
	/** Bytes of the emulator's answers to them. */
	receivedBytes: number;
	/** The execution's time as n8n recorded it. */
	seconds: number;
	/** Each node's own time, as n8n recorded it, e.g. "Add 10.0 s". */
	nodeTimes: string[];
}

/** Imports a linear workflow (a manual trigger named Start, then `steps`), runs it and waits for it to end. */
export async function runToEnd(stack: Stack, name: string, steps: WorkflowNode[]): Promise<ListRun> {
	const workflow = await stack.client.createWorkflow(linearWorkflow(name, steps as never, stack.credential));
	await stack.control.clearRequests();
	const executionId = await stack.client.runWorkflow(workflow.id, 'Start');
	const execution = await waitFor(
		`"${name}" to finish`,
		async () => {
			const current = await stack.getExecution(executionId);
			return ['running', 'new'].includes(current.status) ? undefined : current;
		},
		600_000,
		500,
	);
	const seen = (await stack.control.requests()).filter((request) => request.path.startsWith('/v1/'));
	const runData = (execution.data as { resultData?: { runData?: Record<string, Array<{ executionTime?: number }>> } } | undefined)?.resultData?.runData ?? {};
	return {
		execution,
		requests: seen.map((request) => request.method),
		receivedBytes: seen.reduce((sum, request) => sum + (request.responseBytes ?? 0), 0),
		seconds: (new Date(execution.stoppedAt!).getTime() - new Date(execution.startedAt).getTime()) / 1000,
		nodeTimes: Object.entries(runData).map(([node, runs]) => `${node} ${((runs[0]?.executionTime ?? 0) / 1000).toFixed(1)} s`),
	};
}
