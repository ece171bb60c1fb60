// Execute step on the webhook trigger, as the editor does it (POST /rest/workflows/:id/run naming
// the trigger): n8n listens at the test URL, the trigger's sample ends the first listening, and a
// second Execute step within minutes waits for a live transfer.
import { waitFor } from '../../harness/wait';
import type { ExecutionSummary } from '../../support/n8nClient';
import type { Stack } from './stack';

/** n8n answers Execute step with `waitingForWebhook` once the test webhooks are registered. */
export async function executeStep(stack: Stack, workflowId: string, triggerName: string): Promise<void> {
	const started = await stack.client.startRun(workflowId, triggerName);
	if (started.waitingForWebhook !== true) throw new Error(`Execute step did not listen: ${JSON.stringify(started)}`);
}

/** The test webhooks registered at the emulator for this n8n's test URL of a node (its webhookId). */
export async function testWebhooksOf(stack: Stack, webhookPath: string) {
	return (await stack.control.webhooks()).filter((webhook) => webhook.url.includes(`/webhook-test/${webhookPath}/`));
}

/** The next finished execution of the workflow after `known` of them. */
export async function nextExecution(stack: Stack, workflowId: string, known: number, timeoutMs = 60_000): Promise<ExecutionSummary> {
	return await waitFor(
		'the next execution',
		async () => {
			const list = await stack.client.listExecutions(workflowId);
			return list.length > known && list[0].status !== 'running' && list[0].status !== 'new' ? list[0] : undefined;
		},
		timeoutMs,
	);
}

/**
 * Execute step twice, as a user who wants to see a live transfer: the first listening ends with the
 * trigger's sample run (and n8n deleting its test webhook), the second waits for a live transfer.
 * Resolves once the second listening's test webhook is registered at the emulator.
 */
export async function listenForLiveTransfer(stack: Stack, workflowId: string, triggerName: string, webhookPath: string): Promise<void> {
	const known = (await stack.client.listExecutions(workflowId)).length;
	await executeStep(stack, workflowId, triggerName);
	await nextExecution(stack, workflowId, known);
	// n8n removes every test registration of the workflow after the run: the second waits for that.
	await waitFor('the first test webhook to be removed', async () => (await testWebhooksOf(stack, webhookPath)).length === 0);
	await executeStep(stack, workflowId, triggerName);
	await waitFor('the second test webhook at the emulator', async () => (await testWebhooksOf(stack, webhookPath)).length > 0);
}
