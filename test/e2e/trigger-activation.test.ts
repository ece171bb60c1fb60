/* eslint-disable no-console */
// Activation when the service keeps failing: n8n 2.41 gives a publication 84 s (70% of its 120 s
// outbox lease) and then fails it with its own "exceeded its deadline", showing the workflow as
// active. The trigger's retries must end first, with its own message, and leave no webhook.
import { N8N_MAJOR } from '../../scripts/lib/install';
import { waitFor } from '../harness/wait';
import { startStack, type Stack } from './helpers/stack';
import { triggerWorkflow } from './helpers/workflows';

const CHAIN = '43113';
const WALLET = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
/** n8n 2.41: publicationOutboxLeaseSeconds (120) x ABORT_AFTER_LEASE_FRACTION (0.7). */
const N8N_PUBLICATION_DEADLINE_MS = 84_000;

interface PublicationStatus {
	status: string;
	triggers: Array<{ nodeId: string; status: string; errorMessage?: string | null }>;
}

describe('activating the Address Activity Trigger while the service fails', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack();
	});

	afterAll(async () => {
		await stack?.stop();
	});

	(N8N_MAJOR === 2 ? it : it.skip)(
		'fails with the node’s own message inside n8n’s publication deadline and leaves no webhook (every webhook read answered 503)',
		async () => {
			await stack.control.addFault({ method: 'GET', path: '/v1/webhooks', count: 10_000, status: 503 });
			const workflow = await stack.client.createWorkflow(
				triggerWorkflow({ name: 'Activation: service failing', chainId: CHAIN, addresses: [WALLET], credential: stack.credential, typeVersion: 2 }),
			);
			const started = Date.now();
			await stack.client.activateWorkflow(workflow.id).catch(() => undefined);
			const status = await waitFor(
				'the publication to settle',
				async () => {
					const current = await stack.client.request<PublicationStatus>('GET', `/rest/workflows/${workflow.id}/publication-status`);
					return current.status === 'in_progress' || current.status === 'not_published' ? undefined : current;
				},
				N8N_PUBLICATION_DEADLINE_MS + 30_000,
				1000,
			);
			const elapsedMs = Date.now() - started;
			console.log(`[activation] settled as ${status.status} after ${(elapsedMs / 1000).toFixed(1)} s: ${status.triggers.map((trigger) => trigger.errorMessage).join(' | ')}`);
			expect(status.status).toBe('failed');
			const [trigger] = status.triggers;
			expect(trigger.errorMessage).toMatch(/The service failed with 503/);
			expect(trigger.errorMessage).toMatch(/no time left to retry/);
			expect(trigger.errorMessage).not.toMatch(/exceeded its deadline/);
			expect(elapsedMs).toBeLessThan(N8N_PUBLICATION_DEADLINE_MS);
			await stack.control.clearFaults();
			expect((await stack.control.webhooks()).filter((webhook) => webhook.url.includes(workflow.nodes[0].webhookId!))).toEqual([]);
		},
		N8N_PUBLICATION_DEADLINE_MS + 60_000,
	);
});
