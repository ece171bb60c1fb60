// The trigger's durable position as n8n's REST API shows the workflow's static data: which
// transactions it lists as run, and whether a process's window is still open.
import { ranKeys, readPosition, transactionKey, type Position } from '../../../nodes/AddressActivityTrigger/staticData/position';
import type { Workflow } from '../../support/n8nClient';
import { TRIGGER_NODE_NAME } from '../../harness/names';
import { waitFor } from '../../harness/wait';
import type { Stack } from './stack';

/** The position of one chain as the workflow's static data holds it now. */
export async function storedPosition(stack: Stack, workflow: Workflow, chainId: string): Promise<Position | undefined> {
	const saved = (await stack.client.getWorkflow(workflow.id)) as Workflow & { staticData?: Record<string, { chains?: Record<string, { position?: unknown }> }> };
	return readPosition(saved.staticData?.[`node:${TRIGGER_NODE_NAME}`]?.chains?.[chainId]?.position);
}

/**
 * Waits until the position lists every hash as run and keeps no process's window open: what ran is
 * durable, as it is a second or two after a delivery when no process was stopped in between.
 */
export async function recordedAsRun(stack: Stack, workflow: Workflow, chainId: string, hashes: string[]): Promise<void> {
	await waitFor(`${hashes.length} transactions recorded in the durable position of "${workflow.name}"`, async () => {
		const position = await storedPosition(stack, workflow, chainId);
		const keys = ranKeys(position);
		return position !== undefined && hashes.every((hash) => keys.has(transactionKey(hash))) && Object.keys(position.open ?? {}).length === 0;
	}, 60_000);
}
