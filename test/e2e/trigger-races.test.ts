/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The Address Activity Trigger in real n8n under races and failures, driven through the
// emulator's faults and delays: a delivery during activation, copies of one message at once, a
// burst and its repetition, a database that refuses the execution, odd but signed bodies, the
// three signature schemes, a forged request, and what static data holds afterwards. Each test
// asserts executions per message, the webhooks left at the service and what the service was
// answered. One n8n for the whole file.
import { randomBytes } from 'crypto';
import * as path from 'path';
import { request } from 'undici';

import { nodeOutput, type ExecutionSummary, type Workflow } from '../support/n8nClient';
import { signMessage } from '../emulator/delivery/signing';
import type { DeliveryAttempt } from '../harness/emulatorControl';
import { TRIGGER_NODE_NAME } from '../harness/names';
import { waitFor } from '../harness/wait';
import { lockDatabase } from './helpers/databaseLock';
import { settledExecutions } from './helpers/settled';
import { newMessage, post, postAndGiveUp, type SignedBody } from './helpers/signedDeliveries';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';
import { addresses, triggerWorkflow } from './helpers/workflows';

const CHAIN = '43113';
const TRIGGER = TRIGGER_NODE_NAME;
const [EARLY, PAIRS, BURST, DAVE, HOLE_A, HOLE_B, HOLE_C, STEADY] = addresses(8, 'ace');
/** Addresses someone else added to a trigger's webhook at the service (the Address Activity node can). */
const [ADDED_A, ADDED_B] = addresses(2, 'add');
const STRANGER = addresses(1, 'ffff')[0];
const STATIC_DATA_KEY = `node:${TRIGGER}`;
/** How long activation's chain read is held up in test 1, so that a delivery arrives during activation. */
const ACTIVATION_DELAY_MS = 4000;

type EmulatorWebhook = { id: string; url: string; status: string };

interface Watcher {
	workflow: Workflow;
	url: string;
	address: string;
}

describe('the Address Activity Trigger in n8n, under races and failures', () => {
	let stack: Stack;
	let secret: string;
	/** Secrets the account had before a rotation. */
	const earlierSecrets: string[] = [];
	/**
	 * A watcher active throughout whose activation ran with the database healthy, and its first
	 * delivery (acknowledged, run once): the body the odd, forged and oversized requests are copied from.
	 */
	let steady: Watcher;
	let steadyBase: DeliveryAttempt;

	const productionUrl = (workflow: Workflow) =>
		`${stack.n8n.url}/webhook/${workflow.nodes.find((node) => node.name === TRIGGER)!.webhookId}/webhook`;
	const webhooksAt = async (url: string) => ((await stack.control.webhooks()) as unknown as EmulatorWebhook[]).filter((webhook) => webhook.url === url);
	const webhookOf = async (watcher: Watcher) => {
		const [webhook] = await webhooksAt(watcher.url);
		if (!webhook) throw new Error(`no webhook at ${watcher.url}`);
		return webhook;
	};
	const attemptsFor = async (watcher: Watcher) => await stack.control.deliveries({ webhookId: (await webhookOf(watcher)).id });
	const pay = async (to: string, value = '1000000000000000000') => await stack.control.activity({ chainId: CHAIN, from: STRANGER, to, value });
	const executions = async (watcher: Watcher): Promise<ExecutionSummary[]> => await stack.client.listExecutions(watcher.workflow.id);
	/** A call to the service with the account's key, as another client of the account makes it. */
	const service = async (method: string, route: string, body?: unknown) =>
		await stack.control.call<Record<string, unknown>>(method, route, body, EMULATOR_KEY);
	const requested = async (route: string) => (await stack.control.requests()).some((request) => request.path === route);

	/** A workflow with the trigger (typeVersion 2, what the editor creates) watching one address; activated unless told not to. */
	async function watch(name: string, address: string, activate = true): Promise<Watcher> {
		const workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name, chainId: CHAIN, addresses: [address], credential: stack.credential, typeVersion: 2 }),
		);
		const watcher = { workflow, url: productionUrl(workflow), address };
		if (activate) {
			await stack.client.activateWorkflow(workflow.id);
			await waitFor(`the webhook of "${name}"`, async () => (await webhooksAt(watcher.url)).length === 1);
		}
		return watcher;
	}

	/**
	 * The watcher's executions once no more can come from what happened so far (every delivery
	 * settled at the emulator, every request n8n answered run, all ended): exactly `count`.
	 */
	async function exactlyRuns(watcher: Watcher, count: number): Promise<ExecutionSummary[]> {
		const list = await settledExecutions(stack, watcher.workflow, { atLeast: count });
		expect(list).toHaveLength(count);
		return list;
	}

	/** How many executions ran each messageId (from the messageId of the trigger's items). */
	async function runsPerMessage(list: ExecutionSummary[]): Promise<Map<string, number>> {
		const runs = new Map<string, number>();
		for (const summary of list) {
			const messageIds = new Set(nodeOutput(await stack.getExecution(summary.id), TRIGGER).map((item) => String(item.messageId)));
			expect(messageIds.size).toBe(1);
			const [messageId] = messageIds;
			runs.set(messageId, (runs.get(messageId) ?? 0) + 1);
		}
		return runs;
	}

	/** The delivered attempt of the message about `txHash` (waits for it). */
	async function deliveredAttempt(watcher: Watcher, txHash: string): Promise<DeliveryAttempt> {
		return await waitFor(`the delivery of ${txHash}`, async () =>
			(await attemptsFor(watcher)).find((attempt) => txHashOf(attempt) === txHash && attempt.outcome === 'delivered'),
		);
	}

	beforeAll(async () => {
		stack = await startStack();
		secret = await stack.control.sharedSecret(EMULATOR_KEY);
	});

	afterAll(async () => {
		await stack?.stop();
	});

	it('1. a delivery that arrives between the webhook’s creation and the end of activation runs once; later ones run; deactivation leaves no webhook', async () => {
		const early = await watch('Race: delivery during activation', EARLY, false);
		await stack.control.clearRequests();
		// Activation creates the webhook, then reads the shared secret and the chain (for its native
		// token); only activation reads the chain, and that read takes 4 s.
		await stack.control.addFault({ method: 'GET', path: `/v1/chains/${CHAIN}`, count: 1, delayMs: ACTIVATION_DELAY_MS });
		const activation = stack.client.activateWorkflow(early.workflow.id);
		activation.catch(() => undefined);
		const [webhook] = await waitFor(
			'the webhook at the emulator',
			async () => {
				const list = await webhooksAt(early.url);
				return list.length ? list : undefined;
			},
			30_000,
			25,
		);
		const tx = await pay(EARLY);
		await activation;

		// The message went out while activation was still waiting for the chain.
		// (n8n answers the activation request before its activation has run: wait for what it does.)
		const chainRead = await waitFor('activation to read the chain', async () =>
			(await stack.control.requests()).find((request) => request.path === `/v1/chains/${CHAIN}`),
		);
		const attempts = await waitFor('the message to be delivered', async () => {
			const list = await stack.control.deliveries({ webhookId: webhook.id });
			return list.some((attempt) => attempt.outcome === 'delivered') ? list : undefined;
		});
		const delivered = attempts.find((attempt) => attempt.outcome === 'delivered')!;
		expect(delivered.startedAt).toBeLessThan(chainRead.at + ACTIVATION_DELAY_MS);

		// It ran exactly once, and the service was answered 200 (after any refused attempts).
		const [run] = await exactlyRuns(early, 1);
		expect(run.status).toBe('success');
		expect(nodeOutput(await stack.getExecution(run.id), TRIGGER)).toEqual([
			expect.objectContaining({ txHash: tx.txHash, messageId: attempts[0].messageId, monitoredAddress: EARLY, direction: 'in' }),
		]);
		const final = await stack.control.deliveries({ webhookId: webhook.id });
		expect(final.filter((attempt) => attempt.outcome === 'delivered')).toHaveLength(1);
		expect(final[final.length - 1]).toMatchObject({ outcome: 'delivered', statusCode: 200 });

		// Later deliveries run, each once.
		const later = await pay(EARLY, '2000000000000000000');
		const all = await exactlyRuns(early, 2);
		expect((await deliveredAttempt(early, later.txHash)).statusCode).toBe(200);
		expect([...(await runsPerMessage(all)).values()]).toEqual([1, 1]);

		// One webhook, and activation's record of it, saved once its delayed read is over, is not
		// overwritten by the deliveries (an overwrite would leave no webhookId: the wait times out).
		expect(await webhooksAt(early.url)).toHaveLength(1);
		const savedId = await waitFor("activation's record of the webhook in static data", async () => {
			const saved = (await stack.client.getWorkflow(early.workflow.id)) as Workflow & { staticData?: Record<string, Record<string, unknown>> };
			return registrationOf(saved.staticData?.[STATIC_DATA_KEY])?.webhookId as string | undefined;
		});
		expect(savedId).toBe(webhook.id);

		await stack.client.deactivateWorkflow(early.workflow.id);
		await waitFor('the webhook to be deleted', async () => (await webhooksAt(early.url)).length === 0);
		expect((await stack.control.webhooks()).some((remaining) => remaining.id === webhook.id)).toBe(false);
	});

	it('2. the same message delivered twice at once (50 pairs) runs once per messageId', async () => {
		const pairs = await watch('Race: copies of one message', PAIRS);
		const first = await pay(PAIRS);
		await exactlyRuns(pairs, 1);
		const base = await deliveredAttempt(pairs, first.txHash);

		// 50 messages, both copies of each sent at the same moment, 10 messages (20 requests) at a time.
		const messages = Array.from({ length: 50 }, () => newMessage(base, secret));
		const answers: Array<Array<{ status: number }>> = [];
		for (let wave = 0; wave < messages.length; wave += 10) {
			const batch = messages.slice(wave, wave + 10);
			answers.push(...(await Promise.all(batch.map((message) => Promise.all([0, 1].map(() => post(pairs.url, message.text, message.signature)))))));
		}

		const list = await exactlyRuns(pairs, 51);
		expect(list.every((execution) => execution.status === 'success')).toBe(true);
		const runs = await runsPerMessage(list);
		for (const message of messages) expect(runs.get(message.messageId)).toBe(1);
		expect(runs.get(base.messageId)).toBe(1);

		// One copy of each pair is acknowledged once its run was accepted; the other waited for that
		// answer and was acknowledged 200 too, or (when the wait ran out) asked for a retry with 503.
		const statuses = answers.map((pair) => pair.map((answer) => answer.status).sort());
		for (const pair of statuses) {
			expect(pair[0]).toBe(200);
			expect([200, 503]).toContain(pair[1]);
		}
		const bothAcknowledged = statuses.filter((pair) => pair[1] === 200).length;
		expect(bothAcknowledged).toBeGreaterThan(0);
		const retried = answers.flatMap((pair, index) => pair.filter((answer) => answer.status !== 200).map(() => messages[index]));
		// The service's retry of a copy that was told to retry is acknowledged without a run.
		for (const message of retried) expect((await post(pairs.url, message.text, message.signature)).status).toBe(200);
		await exactlyRuns(pairs, 51);
		await stack.client.deactivateWorkflow(pairs.workflow.id);
		await waitFor('the webhook to be deleted', async () => (await webhooksAt(pairs.url)).length === 0);
	});

	it('3. 20 distinct messages at once, then the same 20 again: 20 executions', async () => {
		const burst = await watch('Race: a burst, then the same burst', BURST);
		const txs = await Promise.all(Array.from({ length: 20 }, (_, index) => pay(BURST, String(1_000_000_000_000_000 * (index + 1)))));
		const list = await exactlyRuns(burst, 20);
		const attempts = await waitFor('20 delivered messages', async () => {
			const all = await attemptsFor(burst);
			return all.filter((attempt) => attempt.outcome === 'delivered').length === 20 ? all : undefined;
		});
		// Each message was answered 200 at its first attempt.
		expect(attempts).toHaveLength(20);
		expect(attempts.every((attempt) => attempt.statusCode === 200 && attempt.attempt === 1)).toBe(true);
		expect(new Set(attempts.map(txHashOf))).toEqual(new Set(txs.map((tx) => tx.txHash)));

		// The same 20 messages again, all at once, as the service sent them.
		const again = await Promise.all(attempts.map((attempt) => post(burst.url, JSON.stringify(attempt.body), attempt.headers['x-signature'])));
		expect(again.map((answer) => answer.status)).toEqual(Array(20).fill(200));
		const after = await exactlyRuns(burst, 20);
		expect(after.map((execution) => execution.id).sort()).toEqual(list.map((execution) => execution.id).sort());
		const runs = await runsPerMessage(after);
		expect(new Set(runs.keys())).toEqual(new Set(attempts.map((attempt) => attempt.messageId)));
		expect([...runs.values()].every((count) => count === 1)).toBe(true);
		await stack.client.deactivateWorkflow(burst.workflow.id);
		await waitFor('the webhook to be deleted', async () => (await webhooksAt(burst.url)).length === 0);
	});

	it('4. when n8n’s database cannot start the execution, the service is answered 500 and its retry runs the message once', async () => {
		const dave = await watch('Race: database refuses writes', DAVE);
		const webhook = await webhookOf(dave);
		const lock = await lockDatabase(stack.install, path.join(stack.userFolder, '.n8n', 'database.sqlite'));
		let refused: DeliveryAttempt | undefined;
		let tx: { txHash: string } | undefined;
		try {
			tx = await pay(DAVE);
			refused = await waitFor(
				'an attempt n8n did not accept',
				async () => (await stack.control.deliveries({ webhookId: webhook.id })).find((attempt) => attempt.outcome === 'failed'),
				20_000,
				50,
			);
		} finally {
			await lock.release();
		}
		expect(refused?.statusCode).toBe(500);
		await deliveredAttempt(dave, tx!.txHash);
		const list = await exactlyRuns(dave, 1);
		expect(list[0].status).toBe('success');
		const attempts = await stack.control.deliveries({ webhookId: webhook.id });
		// Every attempt before the last was refused; the last was acknowledged; one message, one run.
		expect(new Set(attempts.map((attempt) => attempt.messageId)).size).toBe(1);
		expect(attempts.slice(0, -1).every((attempt) => attempt.outcome === 'failed' && attempt.statusCode !== 200)).toBe(true);
		expect(attempts[attempts.length - 1]).toMatchObject({ outcome: 'delivered', statusCode: 200 });
		expect(await runsPerMessage(list)).toEqual(new Map([[attempts[0].messageId, 1]]));
		expect(await webhooksAt(dave.url)).toHaveLength(1);
	});

	// Holes found while writing these tests, since fixed. Each scenario is set up in its beforeAll,
	// which records what it observed; the test asserts every fact recorded.
	describe('answers the service gave up on, and addresses the trigger cannot re-read', () => {
		/** A workflow watching `address`, with one real delivery (run once) to copy. */
		async function watchWithDelivery(name: string, address: string): Promise<{ watcher: Watcher; base: DeliveryAttempt; webhookId: string }> {
			const watcher = await watch(name, address);
			const tx = await pay(address);
			const base = await deliveredAttempt(watcher, tx.txHash);
			await exactlyRuns(watcher, 1);
			return { watcher, base, webhookId: (await webhookOf(watcher)).id };
		}

		/** How many of the watcher's executions ran the message, once no more can come. */
		async function runsOf(watcher: Watcher, message: SignedBody | string): Promise<number> {
			const messageId = typeof message === 'string' ? message : message.messageId;
			return (await runsPerMessage(await settledExecutions(stack, watcher.workflow))).get(messageId) ?? 0;
		}

		describe('A. the service gives up on a delivery the trigger has already claimed (n8n slower than the service waits), then retries it', () => {
			const seen: Record<string, unknown> = {};

			beforeAll(async () => {
				const { watcher, base, webhookId } = await watchWithDelivery('Hole: the answer is lost after the claim', HOLE_A);
				// A message about an address added elsewhere makes the trigger re-read its webhook after
				// claiming the message; that read takes 3 s, and the service stops waiting meanwhile.
				await service('PATCH', `/v1/webhooks/${webhookId}/addresses`, { addresses: [ADDED_A] });
				await stack.control.clearRequests();
				await stack.control.addFault({ method: 'GET', path: `/v1/webhooks/${webhookId}`, count: 1, delayMs: 3000 });
				const message = newMessage(base, secret, (transaction) => {
					transaction.from = STRANGER;
					transaction.to = ADDED_A;
				});
				seen.first = await postAndGiveUp(watcher.url, message.text, message.signature, async () => await requested(`/v1/webhooks/${webhookId}`));
				// n8n still runs the first copy once the read is back: its execution is the second.
				await waitFor('the run of the first copy', async () => (await executions(watcher)).length >= 2, 60_000);
				seen.firstRuns = await runsOf(watcher, message);
				seen.retry = (await post(watcher.url, message.text, message.signature)).status;
				seen.runs = await runsOf(watcher, message);
				seen.executions = (await executions(watcher)).length;
			});

			it('the first copy runs once though nobody waits for its answer; the retry is acknowledged without a second run', () => {
				expect(seen).toEqual({ first: 'abandoned', firstRuns: 1, retry: 200, runs: 1, executions: 2 });
			});
		});

		describe('B. messages about an address added elsewhere arrive while the trigger cannot re-read its webhook', () => {
			const seen: Record<string, unknown> = {};

			beforeAll(async () => {
				const { watcher, webhookId } = await watchWithDelivery('Hole: an address added elsewhere', HOLE_B);
				await service('PATCH', `/v1/webhooks/${webhookId}/addresses`, { addresses: [ADDED_B] });
				await stack.control.addFault({ method: 'GET', path: `/v1/webhooks/${webhookId}`, count: 1, status: 503 });
				const first = await pay(ADDED_B);
				const firstAttempt = await deliveredAttempt(watcher, first.txHash);
				// A second one moments later (a failed read does not count as a read).
				const second = await pay(ADDED_B, '2000000000000000000');
				const secondAttempt = await deliveredAttempt(watcher, second.txHash);
				seen.runs = [await runsOf(watcher, firstAttempt.messageId), await runsOf(watcher, secondAttempt.messageId)];
				// What the service was answered, per message, once it has nothing more to send (runsOf settles).
				const attempts = await attemptsFor(watcher);
				seen.answers = [first.txHash, second.txHash].map((txHash) => attempts.filter((attempt) => txHashOf(attempt) === txHash).map((attempt) => attempt.statusCode));
			});

			it('a message about an address the webhook monitors is not acknowledged without a run: asked to retry while the read fails, then run once', () => {
				expect(seen).toEqual({
					runs: [1, 1],
					answers: [
						[503, 200],
						[200],
					],
				});
			});
		});

		describe('C. the service gives up on a delivery before the trigger claims it, then retries it', () => {
			const seen: Record<string, unknown> = {};

			beforeAll(async () => {
				const { watcher, base } = await watchWithDelivery('Hole: the service gives up before the claim', HOLE_C);
				// After a rotation the trigger reads the secret again before it claims a message; that read
				// takes 3 s, and the service stops waiting meanwhile. (Its activation just now allows the re-read.)
				await stack.control.clearRequests();
				earlierSecrets.push(secret);
				secret = String((await service('POST', '/v1/webhooks:generateOrRotateSharedSecret')).secret);
				await stack.control.addFault({ method: 'GET', path: '/v1/webhooks:getSharedSecret', count: 1, delayMs: 3000 });
				const message = newMessage(base, secret);
				seen.first = await postAndGiveUp(watcher.url, message.text, message.signature, async () => await requested('/v1/webhooks:getSharedSecret'));
				await waitFor('the run of the first copy', async () => (await executions(watcher)).length >= 2, 60_000);
				seen.firstRuns = await runsOf(watcher, message);
				const retries = [await post(watcher.url, message.text, message.signature), await post(watcher.url, message.text, message.signature)];
				seen.retries = retries.map((retry) => retry.status);
				seen.runs = await runsOf(watcher, message);
				seen.executions = (await executions(watcher)).length;
			});

			it('the retries of a message whose first copy ran are acknowledged (not 503 until the service gives up on the webhook), without a second run', () => {
				expect(seen).toEqual({ first: 'abandoned', firstRuns: 1, retries: [200, 200], runs: 1, executions: 2 });
			});
		});
	});

	describe('one watcher active throughout', () => {
		beforeAll(async () => {
			// Made after row 1, whose activation must be the process's first read of the chain.
			steady = await watch('Race: odd bodies and signatures', STEADY);
			const tx = await pay(STEADY);
			steadyBase = await deliveredAttempt(steady, tx.txHash);
			await exactlyRuns(steady, 1);
		});

		it('5. a signed body with a block time no date can hold and an object as txStatus runs once with time null', async () => {
			const before = await executions(steady);
			const odd = newMessage(steadyBase, secret, (transaction) => {
				transaction.blockTimestamp = 8640000000001;
				transaction.txStatus = { code: 1, text: 'success' };
			});
			const answer = await post(steady.url, odd.text, odd.signature);
			expect(answer.status).toBe(200);
			const list = await exactlyRuns(steady, before.length + 1);
			expect(list.every((execution) => execution.status === 'success')).toBe(true);
			const added = list.find((execution) => !before.some((earlier) => earlier.id === execution.id))!;
			const items = nodeOutput(await stack.getExecution(added.id), TRIGGER);
			expect(items).toEqual([expect.objectContaining({ messageId: odd.messageId, monitoredAddress: STEADY, direction: 'in', time: null })]);
		});

		it('7. deliveries signed with each of the three schemes run', async () => {
			const webhook = await webhookOf(steady);
			for (const scheme of ['raw', 'rawUtf8Key', 'jcs'] as const) {
				const before = (await executions(steady)).length;
				await stack.control.setSignatureScheme({ scheme, webhookId: webhook.id });
				const tx = await pay(STEADY);
				const attempt = await deliveredAttempt(steady, tx.txHash);
				expect(attempt.statusCode).toBe(200);
				// Signed the way the scheme says (and, but for jcs, not the documented way).
				expect(attempt.headers['x-signature']).toBe(signMessage(attempt.body, secret, scheme, JSON.stringify(attempt.body)));
				if (scheme !== 'jcs') expect(attempt.headers['x-signature']).not.toBe(signMessage(attempt.body, secret, 'jcs'));
				const list = await exactlyRuns(steady, before + 1);
				expect(list.every((execution) => execution.status === 'success')).toBe(true);
				expect((await runsPerMessage(list)).get(attempt.messageId)).toBe(1);
			}
		});

		it('8. a forged request is answered 401, starts nothing, and n8n’s log says why', async () => {
			const before = (await executions(steady)).length;
			const forged = newMessage(steadyBase, secret);
			const answer = await post(steady.url, forged.text, randomBytes(32).toString('base64'));
			expect(answer.status).toBe(401);
			await exactlyRuns(steady, before);
			const line = await waitFor('the refusal in n8n’s log', async () =>
				stack.logText().split('\n').find((text) => text.includes('Refused a request whose x-signature does not match')),
			);
			expect(line).toContain('answered 401');
		});

		it('8b. a request with two x-signature headers ("[]" and the genuine signature) is answered 401 and starts nothing', async () => {
			const before = (await executions(steady)).length;
			const message = newMessage(steadyBase, secret);
			// Two headers of the same name, as a client can send them (n8n joins them with ", ").
			const answer = await request(steady.url, {
				method: 'POST',
				headers: ['content-type', 'application/json', 'x-signature', '[]', 'x-signature', message.signature],
				body: message.text,
			});
			await answer.body.text();
			expect(answer.statusCode).toBe(401);
			// The same message with the one genuine header runs: only the doubled header was refused.
			expect((await post(steady.url, message.text, message.signature)).status).toBe(200);
			await exactlyRuns(steady, before + 1);
		});

		it('8c. a delivery over n8n’s request size limit (N8N_PAYLOAD_SIZE_MAX, 16 MiB) is refused by n8n before the trigger runs, never acknowledged', async () => {
			const before = (await executions(steady)).length;
			// 17 MiB of logs in one transaction, signed: a genuine delivery n8n cannot take with its defaults.
			const message = newMessage(steadyBase, secret, (transaction) => {
				transaction.logs = [{ address: steady.address, topic0: `0x${'0'.repeat(64)}`, data: `0x${'ab'.repeat(17 * 1024 * 1024 / 2)}`, logIndex: 0 }];
			});
			const answer = await post(steady.url, message.text, message.signature);
			expect(answer.status).toBeGreaterThanOrEqual(400);
			expect(stack.logText()).not.toContain(message.messageId);
			await exactlyRuns(steady, before);
		});

		it('6. static data seen through n8n’s REST API holds the registration, the catch-up mark and the durable position, never the shared secret (nor does the log)', async () => {
			// Every workflow this file made so far (all eight when the file runs whole), among them the steady one.
			const workflows = await stack.client.listWorkflows();
			const ours = workflows.filter((workflow) => /^(Race|Hole): /.test(workflow.name));
			expect(ours.map((workflow) => workflow.id)).toContain(steady.workflow.id);
			for (const { id } of ours) {
				const workflow = (await stack.client.getWorkflow(id)) as Workflow & { staticData?: Record<string, Record<string, unknown>> };
				for (const known of [secret, ...earlierSecrets]) expect(JSON.stringify(workflow)).not.toContain(known);
				const state = workflow.staticData?.[STATIC_DATA_KEY] ?? {};
				// Per chain: the registration and the catch-up position.
				expect(Object.keys(state).filter((key) => key !== 'chains')).toEqual([]);
				for (const chain of Object.values((state.chains ?? {}) as Record<string, object>)) {
					expect(Object.keys(chain).filter((key) => !['webhookId', 'webhookUrl', 'ownAddresses', 'catchUp', 'position'].includes(key))).toEqual([]);
				}
			}
			// An active one shows its registration there: static data is what this looks at. (The steady
			// watcher, not the one of row 4: the lock taken right after its webhook appeared can make n8n's
			// own save of the activation's static data fail, which the trigger copes with by finding the
			// webhook by URL.)
			const registration = await waitFor('the activation saved in static data', async () => {
				const active = (await stack.client.getWorkflow(steady.workflow.id)) as Workflow & { staticData?: Record<string, Record<string, unknown>> };
				return registrationOf(active.staticData?.[STATIC_DATA_KEY]);
			});
			expect(registration).toMatchObject({ webhookId: (await webhookOf(steady)).id, webhookUrl: steady.url });
			const log = stack.logText();
			for (const known of [secret, ...earlierSecrets]) expect(log).not.toContain(known);
			expect(log).not.toContain(EMULATOR_KEY);
		});
	});
});

/** The trigger's registration on CHAIN in its static data (`chains[chainId]`). */
function registrationOf(state: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
	return (state?.chains as Record<string, Record<string, unknown>> | undefined)?.[CHAIN];
}

function txHashOf(attempt: DeliveryAttempt): string {
	return (attempt.body.event as { transaction: { txHash: string } }).transaction.txHash;
}
