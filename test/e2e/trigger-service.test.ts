// The trigger in real n8n when the service misbehaves or changes under it. Activation when the
// service keeps failing: n8n 2.41 gives a publication 84 s (70% of its 120 s outbox lease) and then
// fails it with its own "exceeded its deadline", showing the workflow as active; the trigger's
// retries must end first, with its own message, and leave no webhook. A secret rotation right after
// a forged request: the forged request must not spend the re-read the genuine delivery needs.
import { N8N_MAJOR } from '../support/install';
import { sleep, waitFor } from '../harness/wait';
import { newMessage, post } from './helpers/signedDeliveries';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';
import { triggerWorkflow } from './helpers/workflows';

const CHAIN = '43113';
const WALLET = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
/** n8n 2.41: publicationOutboxLeaseSeconds (120) x ABORT_AFTER_LEASE_FRACTION (0.7). */
const N8N_PUBLICATION_DEADLINE_MS = 84_000;

interface PublicationStatus {
	status: string;
	triggers: Array<{ nodeId: string; status: string; errorMessage?: string | null }>;
}

describe('the Address Activity Trigger when the service fails or rotates its secret', () => {
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

	it('runs a genuine delivery signed with a secret rotated just after a forged request, while forged requests keep coming', async () => {
		const workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'Rotation under forged requests', chainId: CHAIN, addresses: [WALLET], credential: stack.credential, typeVersion: 2 }),
		);
		await stack.client.activateWorkflow(workflow.id);
		const url = `${stack.n8n.url}/webhook/${workflow.nodes[0].webhookId!}/webhook`;
		const [webhook] = await waitFor('the webhook at the emulator', async () => {
			const found = (await stack.control.webhooks()).filter((entry) => entry.url === url && entry.status === 'active');
			return found.length ? found : undefined;
		});
		const pay = async (value: string) => await stack.control.activity({ chainId: CHAIN, from: '0x' + '5'.repeat(40), to: WALLET, value });
		await pay('1');
		const [first] = await waitFor('the first delivery', async () => {
			const attempts = await stack.control.deliveries({ webhookId: webhook.id });
			return attempts.some((attempt) => attempt.statusCode === 200) ? attempts : undefined;
		});
		// One forged request a second (a copy of a real body, signed with a secret of its own), with
		// the account's secret rotated and genuine deliveries in between.
		const secretBefore = await stack.control.sharedSecret(EMULATOR_KEY);
		const forged = newMessage(first, 'cd'.repeat(32));
		const forgedAnswers: Array<Promise<{ status: number }>> = [];
		const genuine: string[] = [];
		for (let second = 0; second < 4; second++) {
			forgedAnswers.push(post(url, forged.text, forged.signature));
			if (second === 1) await stack.control.call('POST', '/v1/webhooks:generateOrRotateSharedSecret', undefined, EMULATOR_KEY);
			await sleep(300);
			genuine.push((await pay(String(10 + second))).txHash);
			await sleep(700);
		}
		expect(await stack.control.sharedSecret(EMULATOR_KEY)).not.toBe(secretBefore);
		expect((await Promise.all(forgedAnswers)).map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
		const attempts = await waitFor('the genuine deliveries to be answered', async () => {
			const all = await stack.control.deliveries({ webhookId: webhook.id });
			const ours = all.filter((attempt) => genuine.includes(String((attempt.body.event.transaction as { txHash: string }).txHash)));
			return ours.length >= genuine.length && ours.every((attempt) => attempt.outcome !== undefined) ? ours : undefined;
		}, 60_000);
		// Each genuine delivery acknowledged at its first attempt: none lost, none left to a retry.
		expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual(genuine.map(() => [1, 200]));
		await stack.client.deactivateWorkflow(workflow.id);
	});
});
