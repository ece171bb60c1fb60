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
