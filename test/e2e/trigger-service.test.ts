// The trigger in real n8n when the service misbehaves or changes under it. Activation when the
// service keeps failing: n8n 2.41 gives a publication 84 s (70% of its 120 s outbox lease) and then
// fails it with its own "exceeded its deadline", showing the workflow as active; the trigger's
// retries must end first, with its own message, and leave no webhook. A secret rotation right after
// a forged request: the forged request must not spend the re-read the genuine delivery needs.
// Shared Secret > Rotate run by the action node in the same n8n: the trigger (another node, same
// process) refuses the old secret at once, so both nodes share the package's process memory.
// Signed deliveries with objects where the specification has text (own toString, valueOf, toJSON,
// __proto__, constructor): each answered within the service's 10 s, then run, or refused with the
// field named when the trigger reads that field.
import { N8N_MAJOR } from '../support/install';
import { nodeOutput } from '../support/n8nClient';
import { TRIGGER_NODE_NAME } from '../harness/names';
import { sleep, waitFor } from '../harness/wait';
import { newMessage, post, type SignedBody } from './helpers/signedDeliveries';
import type { DeliveryAttempt } from '../harness/emulatorControl';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';
import { runsPerTransaction } from './helpers/runs';
import { deliveriesSettled, settledExecutions, type PublicationStatus } from './helpers/settled';
import { linearWorkflow, triggerWorkflow } from './helpers/workflows';

const CHAIN = '43113';
const WALLET = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const OTHER_WALLET = '0x' + '6b'.repeat(20);
const PAYER = '0x' + '5'.repeat(40);
const ROTATION_WALLET = '0x' + '7c'.repeat(20);
/** How long the service waits for an answer before it gives up and retries. */
const SERVICE_WAIT_MS = 10_000;
/** JSON objects whose string coercion throws or misleads (own toString, valueOf, toJSON, __proto__, constructor; nested 1,000 deep). */
const HOSTILE = ['{"toString":1}', '{"valueOf":1}', '{"toJSON":1}', '{"__proto__":{"toString":1}}', '{"constructor":{"name":1}}', '{"status":{"toString":1,"valueOf":1}}', `${'{"a":'.repeat(1000)}{"toString":1}${'}'.repeat(1000)}`];
/** n8n 2.41: publicationOutboxLeaseSeconds (120) x ABORT_AFTER_LEASE_FRACTION (0.7). */
const N8N_PUBLICATION_DEADLINE_MS = 84_000;

describe('the Address Activity Trigger when the service fails or rotates its secret', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack();
	});

	afterAll(async () => {
		await stack?.stop();
	});

	/** A published trigger workflow watching `address`, once the emulator has its webhook. */
	async function publishTrigger(name: string, address: string) {
		const workflow = await stack.client.createWorkflow(triggerWorkflow({ name, chainId: CHAIN, addresses: [address], credential: stack.credential, typeVersion: 2 }));
		await stack.client.activateWorkflow(workflow.id);
		const url = `${stack.n8n.url}/webhook/${workflow.nodes[0].webhookId!}/webhook`;
		const webhook = await waitFor('the webhook at the emulator', async () =>
			(await stack.control.webhooks()).find((entry) => entry.url === url && entry.status === 'active'),
		);
		return { workflow, url, webhook };
	}

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
		const { workflow, url, webhook } = await publishTrigger('Rotation under forged requests', WALLET);
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
			// Paced at one forged request a second, as an attacker's steady trickle (not a wait for anything).
			await sleep(300);
			genuine.push((await pay(String(10 + second))).txHash);
			await sleep(700);
		}
		expect(await stack.control.sharedSecret(EMULATOR_KEY)).not.toBe(secretBefore);
		expect((await Promise.all(forgedAnswers)).map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
		// Once the service has nothing more to send, each genuine delivery was acknowledged at its first
		// attempt: none lost, none left to a retry.
		await deliveriesSettled(stack, [webhook.id]);
		const attempts = (await stack.control.deliveries({ webhookId: webhook.id })).filter((attempt) =>
			genuine.includes(String((attempt.body.event.transaction as { txHash: string }).txHash)),
		);
		expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual(genuine.map(() => [1, 200]));
		await stack.client.deactivateWorkflow(workflow.id);
	});

	it('refuses a message signed with the old secret at once after the action node’s Shared Secret > Rotate in the same n8n, and runs the next genuine delivery once', async () => {
		const { workflow, url, webhook } = await publishTrigger('Rotation by the action node', ROTATION_WALLET);
		const pay = async (value: string) => (await stack.control.activity({ chainId: CHAIN, from: PAYER, to: ROTATION_WALLET, value })).txHash;
		const answered = async (txHash: string) =>
			await waitFor(`the delivery of ${txHash} to be answered`, async () =>
				(await stack.control.deliveries({ webhookId: webhook.id })).find(
					(attempt) => (attempt.body.event.transaction as { txHash: string }).txHash === txHash && attempt.outcome !== 'pending',
				),
			60_000);
		// A genuine delivery runs: the trigger has read (and keeps) the current secret.
		const firstHash = await pay('1');
		const first = await answered(firstHash);
		expect([first.attempt, first.statusCode]).toEqual([1, 200]);
		await runsPerTransaction(stack, workflow, [firstHash]);
		const oldSecret = await stack.control.sharedSecret(EMULATOR_KEY);

		// Shared Secret > Rotate in a manual workflow of the same n8n, with the trigger's credential.
		const rotation = await stack.client.createWorkflow(
			linearWorkflow('Rotate the shared secret', [{ name: 'Rotate Secret', parameters: { resource: 'sharedSecret', operation: 'rotate' } }], stack.credential),
		);
		const executionId = await stack.client.runWorkflow(rotation.id, 'Start');
		const execution = await waitFor('the rotation to finish', async () => {
			const current = await stack.getExecution(executionId);
			return ['running', 'new'].includes(current.status) ? undefined : current;
		}, 120_000);
		expect(execution.status).toBe('success');
		const newSecret = await stack.control.sharedSecret(EMULATOR_KEY);
		expect(newSecret).not.toBe(oldSecret);
		expect(nodeOutput(execution, 'Rotate Secret')).toEqual([{ secret: newSecret }]);

		// A copy of the real delivery, as a new message signed with the old secret: refused, no run.
		const executionsBefore = (await stack.client.listExecutions(workflow.id)).length;
		const forged = newMessage(first, oldSecret);
		expect((await post(url, forged.text, forged.signature)).status).toBe(401);

		// The next genuine delivery (signed with the new secret) is acknowledged at once and runs once.
		const nextHash = await pay('2');
		const next = await answered(nextHash);
		expect([next.attempt, next.statusCode]).toEqual([1, 200]);
		const runs = await runsPerTransaction(stack, workflow, [nextHash]);
		expect(runs.get(nextHash)).toHaveLength(1);
		expect(runs.has(String((forged.body.event as { transaction: { txHash: string } }).transaction.txHash))).toBe(false);
		// Every execution since the forged message is the genuine delivery's run.
		expect((await stack.client.listExecutions(workflow.id)).length).toBe(executionsBefore + 1);
		await stack.client.deactivateWorkflow(workflow.id);
	});

	describe('signed deliveries with objects where text is expected', () => {
		type Output = 'transfers' | 'raw';
		const OUTPUTS: Output[] = ['transfers', 'raw'];
		const workflows = {} as Record<Output, { id: string; url: string; genuine: DeliveryAttempt }>;
		let secret: string;

		beforeAll(async () => {
			const urls = {} as Record<Output, { id: string; url: string }>;
			for (const output of OUTPUTS) {
				const workflow = await stack.client.createWorkflow(
					triggerWorkflow({ name: `Object values (${output})`, chainId: CHAIN, addresses: [OTHER_WALLET], credential: stack.credential, typeVersion: 2, output }),
				);
				await stack.client.activateWorkflow(workflow.id);
				urls[output] = { id: workflow.id, url: `${stack.n8n.url}/webhook/${workflow.nodes[0].webhookId!}/webhook` };
			}
			const registered = await waitFor('both webhooks at the emulator', async () => {
				const found = (await stack.control.webhooks()).filter((entry) => OUTPUTS.some((output) => urls[output].url === entry.url) && entry.status === 'active');
				return found.length === OUTPUTS.length ? found : undefined;
			});
			// One genuine delivery to each workflow: the bodies the hostile copies are made from.
			await stack.control.activity({ chainId: CHAIN, from: PAYER, to: OTHER_WALLET, value: '7' });
			for (const output of OUTPUTS) {
				const webhook = registered.find((entry) => entry.url === urls[output].url)!;
				const genuine = await waitFor(`the ${output} workflow's first delivery`, async () =>
					(await stack.control.deliveries({ webhookId: webhook.id })).find((attempt) => attempt.statusCode === 200),
				);
				workflows[output] = { ...urls[output], genuine };
			}
			secret = await stack.control.sharedSecret(EMULATOR_KEY);
		});

		/** POSTs the message as the service does: n8n's answer, or 'no answer' once the service would have given up. */
		async function send(message: SignedBody, url: string): Promise<{ status: number | 'no answer'; body: unknown }> {
			try {
				const response = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'x-signature': message.signature },
					body: message.text,
					signal: AbortSignal.timeout(SERVICE_WAIT_MS),
				});
				return { status: response.status, body: await response.json() };
			} catch {
				return { status: 'no answer', body: undefined };
			}
		}

		/** What the trigger put out in the workflow's run of the message (found by its fresh txHash). */
		async function itemsOfRun(output: Output, message: SignedBody) {
			const txHash = (message.body.event as { transaction: { txHash: string } }).transaction.txHash;
			const execution = await waitFor(`the run of message ${message.messageId}`, async () => {
				for (const summary of await stack.client.listExecutions(workflows[output].id)) {
					const found = await stack.getExecution(summary.id);
					if (JSON.stringify(found.data.resultData.runData[TRIGGER_NODE_NAME] ?? []).includes(txHash)) return found;
				}
				return undefined;
			}, 30_000, 500);
			expect(execution.status).toBe('success');
			return nodeOutput(execution, TRIGGER_NODE_NAME);
		}

		it.each(HOSTILE.flatMap((shape) => OUTPUTS.map((output) => [shape.length > 60 ? `${shape.slice(0, 30)}…` : shape, output, shape] as const)))(
			'txStatus %s, output %s: answered 200 within the service’s 10 s, and the run puts out the transfer',
			async (_name, output, shape) => {
				const message = newMessage(workflows[output].genuine, secret, (transaction) => (transaction.txStatus = JSON.parse(shape)));
				expect(await send(message, workflows[output].url)).toEqual({ status: 200, body: { received: true } });
				const items = await itemsOfRun(output, message);
				expect(items).toHaveLength(1);
				if (output === 'transfers') {
					expect(items[0]).toMatchObject({ messageId: message.messageId, monitoredAddress: OTHER_WALLET, counterparty: PAYER, direction: 'in', amountRaw: '7' });
				} else {
					const transaction = (items[0].event as { transaction: Record<string, unknown> }).transaction;
					expect([items[0].messageId, JSON.stringify(transaction.txStatus)]).toEqual([message.messageId, shape]);
				}
			},
			SERVICE_WAIT_MS + 60_000,
		);

		it('txStatus {"toString":1} with a block time past any date: answered 200, the transfer’s time is null', async () => {
			const message = newMessage(workflows.transfers.genuine, secret, (transaction) => Object.assign(transaction, { txStatus: { toString: 1 }, blockTimestamp: 8640000000001 }));
			expect(await send(message, workflows.transfers.url)).toEqual({ status: 200, body: { received: true } });
			expect(await itemsOfRun('transfers', message)).toEqual([expect.objectContaining({ messageId: message.messageId, amountRaw: '7', time: null })]);
		}, SERVICE_WAIT_MS + 60_000);

		it.each([
			['value', '{"toString":1}'],
			['from', '{"valueOf":1}'],
			['blockNumber', '{"__proto__":{"toString":1}}'],
		])('%s %s (a field the trigger reads): answered 200 at once with the reason, no run', async (field, shape) => {
			const transfers = { id: workflows.transfers.id, name: 'Object values (transfers)' };
			const before = (await settledExecutions(stack, transfers)).length;
			const message = newMessage(workflows.transfers.genuine, secret, (transaction) => (transaction[field] = JSON.parse(shape)));
			expect(await send(message, workflows.transfers.url)).toEqual({
				status: 200,
				body: { received: false, message: expect.stringContaining(`not a valid address_activity delivery: event.transaction.${field}: `) },
			});
			// n8n answered: no more executions can come of it.
			expect(await settledExecutions(stack, transfers)).toHaveLength(before);
		}, SERVICE_WAIT_MS + 30_000);
	});
});
