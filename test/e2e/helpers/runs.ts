// Counting transfers in n8n's executions: which executions put out each transaction hash.
import { nodeOutput, type Workflow } from '../../support/n8nClient';
import { TRIGGER_NODE_NAME } from '../../harness/names';
import { waitFor } from '../../harness/wait';
import { settledExecutions } from './settled';
import type { Stack } from './stack';

export type TransactionRuns = Map<string, Array<{ execution: string; catchUp: boolean }>>;

/**
 * Per transaction hash: the executions of the trigger that put it out, and whether as a catch-up;
 * waits until every hash ran, then until no more executions can come (settledExecutions), so a
 * hash's count is final.
 */
export async function runsPerTransaction(stack: Stack, workflow: Workflow, hashes: string[]): Promise<TransactionRuns> {
	const read = async () => {
		const runs: TransactionRuns = new Map();
		for (const summary of await stack.client.listExecutions(workflow.id)) {
			if (['running', 'new'].includes(summary.status)) return undefined;
			const items = nodeOutput(await stack.getExecution(summary.id), TRIGGER_NODE_NAME);
			for (const hash of new Set(items.map((item) => String(item.txHash)))) {
				const catchUp = items.some((item) => item.txHash === hash && item.catchUp === true);
				runs.set(hash, [...(runs.get(hash) ?? []), { execution: summary.id, catchUp }]);
			}
		}
		return runs;
	};
	await waitFor(`executions of all ${hashes.length} transfers of "${workflow.name}"`, async () => {
		const runs = await read();
		return runs !== undefined && hashes.every((hash) => runs.has(hash));
	}, 90_000);
	await settledExecutions(stack, workflow);
	const runs = await read();
	if (runs === undefined) throw new Error(`an execution of "${workflow.name}" started after every delivery and request was settled`);
	return runs;
}

export type TransactionRun = { execution: string; status: string; catchUp: boolean; possibleRepeat: boolean };

/**
 * Per transaction hash: every execution of the trigger that holds it, including one n8n marked
 * crashed (its items are then still on its stack: the execution exists and n8n shows it), with
 * whether it came as a catch-up and whether that says it may be a repeat; oldest first. Waits until
 * every hash is in one, then until no more executions can come (settledExecutions).
 */
export async function transactionRuns(stack: Stack, workflow: Workflow, hashes: string[]): Promise<Map<string, TransactionRun[]>> {
	const read = async () => {
		const runs = new Map<string, TransactionRun[]>();
		const summaries = (await stack.client.listExecutions(workflow.id)).sort((a, b) => Number(a.id) - Number(b.id));
		for (const summary of summaries) {
			if (['running', 'new'].includes(summary.status)) return undefined;
			const execution = await stack.getExecution(summary.id);
			const ran = execution.data.resultData.runData[TRIGGER_NODE_NAME];
			const items = ran?.length
				? nodeOutput(execution, TRIGGER_NODE_NAME)
				: (execution.data.executionData?.nodeExecutionStack ?? [])
						.filter((entry) => entry.node.name === TRIGGER_NODE_NAME)
						.flatMap((entry) => entry.data?.main?.[0] ?? [])
						.map((item) => item.json as Record<string, unknown>);
			for (const hash of new Set(items.map((item) => String(item.txHash)))) {
				const mine = items.filter((item) => item.txHash === hash);
				const run = {
					execution: summary.id,
					status: summary.status,
					catchUp: mine.some((item) => item.catchUp === true),
					possibleRepeat: mine.some((item) => item.possibleRepeat === true),
				};
				runs.set(hash, [...(runs.get(hash) ?? []), run]);
			}
		}
		return runs;
	};
	await waitFor(`executions of all ${hashes.length} transfers of "${workflow.name}"`, async () => {
		const runs = await read();
		return runs !== undefined && hashes.every((hash) => runs.has(hash));
	}, 120_000);
	await settledExecutions(stack, workflow);
	return (await waitFor('the executions to end', read, 30_000))!;
}
