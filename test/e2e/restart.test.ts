/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// A single n8n killed (SIGKILL) during a trickle of transfers and started again, with deliveries
// landing while n8n answers 200 "n8n is starting up" (held open on purpose: the migrations wait
// while the test holds them, as in a long upgrade). The service counts that 200 as delivered and
// never sends those messages again; the trigger catches up by itself (n8n 2.x at the first
// delivery after the start, n8n 1.x at its start-up activation), so every transfer runs.
import { ensureN8n } from '../support/install';
import type { Workflow } from '../support/n8nClient';
import { migrationHold, waitForStartingUp, STARTING_UP_ANSWER, type MigrationHold } from '../support/startingUp';
import type { DeliveryAttempt } from '../harness/emulatorControl';
import { sleep, waitFor } from '../harness/wait';
import { transactionRuns } from './helpers/runs';
import { startStack, type Stack } from './helpers/stack';
import { addresses, triggerWorkflow } from './helpers/workflows';

const CHAIN = '43113';
const [WATCHED] = addresses(1, 'b007');
const STRANGER = addresses(1, 'fffb')[0];

describe('a single n8n killed during a trickle and started again', () => {
	let stack: Stack;
	let hold: MigrationHold;

	beforeAll(async () => {
		hold = migrationHold(await ensureN8n({ dir: process.env.AA_E2E_N8N_DIR }));
		stack = await startStack({ n8nEnv: hold.env });
	});

	afterAll(async () => {
		hold?.off();
		await stack?.stop();
		hold?.remove();
	});

	const urlOf = (workflow: Workflow) => `${stack.n8n.url}/webhook/${workflow.nodes[0].webhookId}/webhook`;
	const pay = async () => (await stack.control.activity({ chainId: CHAIN, from: STRANGER, to: WATCHED, value: '1000000000000000000' })).txHash;
	const attemptTx = (attempt: DeliveryAttempt) => (attempt.body.event as { transaction: { txHash: string } }).transaction.txHash;

	it('every transfer runs once, those n8n acknowledged while starting up in a catch-up run', async () => {
		const workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'Trickle through a crash', chainId: CHAIN, addresses: [WATCHED], credential: stack.credential, typeVersion: 2 }),
		);
		await stack.client.activateWorkflow(workflow.id);
		await waitFor('the webhook receiving', async () => (await stack.control.webhooks()).some((webhook) => webhook.url === urlOf(workflow) && webhook.status === 'active'));
		const [webhook] = (await stack.control.webhooks()).filter((each) => each.url === urlOf(workflow));

		const sent: string[] = [];
		let trickling = true;
		const trickle = (async () => {
			while (trickling) {
				sent.push(await pay());
				await sleep(1000);
			}
		})();
		await waitFor('5 live runs', async () => (await stack.client.listExecutions(workflow.id)).length >= 5, 60_000);

		// Killed; started again with the migrations held: n8n answers "starting up" to everything.
		let inTheWindow = '';
		// While the migrations are held n8n cannot leave its start-up answer: attempts in between got it.
		let holdFrom = Infinity;
		let holdUntil = 0;
		hold.on();
		await stack.restartN8n(undefined, {
			crash: true,
			whileStarting: async (url) => {
				try {
					await waitForStartingUp(url);
					holdFrom = Date.now();
					inTheWindow = await pay();
					// Its first attempt answered 200 while n8n starts: the service counts it delivered.
					await waitFor('the delivery answered during the start-up', async () =>
						(await stack.control.deliveries({ webhookId: webhook.id })).some((attempt) => attemptTx(attempt) === inTheWindow && attempt.statusCode === 200),
					30_000);
				} finally {
					holdUntil = Date.now();
					hold.off();
				}
			},
		});
		const sentBeforeBack = sent.length;
		await waitFor('4 transfers after the restart', () => sent.length >= sentBeforeBack + 4, 30_000);
		trickling = false;
		await trickle;
		const all = [...sent, inTheWindow];

		const attempts = await stack.control.deliveries({ webhookId: webhook.id });
		const answeredStartingUp = attempts.filter((attempt) => attempt.statusCode === 200 && attempt.startedAt >= holdFrom && attempt.startedAt + attempt.durationMs <= holdUntil).map(attemptTx);
		expect(answeredStartingUp).toContain(inTheWindow);
		expect(stack.logText()).not.toContain(STARTING_UP_ANSWER);

		const runs = await transactionRuns(stack, workflow, all);
		const sentAgain = new Set(attempts.filter((attempt) => attempt.statusCode !== 200).map(attemptTx));
		const problems: string[] = [];
		for (const hash of all) {
			const list = runs.get(hash) ?? [];
			const repeats = list.slice(1);
			// A second run: the service sent the message again (its first attempt got no 200 in time,
			// e.g. in flight at the kill), or a catch-up that says it may be a repeat.
			const explained = repeats.every((run) => (run.catchUp && run.possibleRepeat) || sentAgain.has(hash));
			if (list.length === 0 || list.length > 2 || !explained) problems.push(`${hash}: ${JSON.stringify(list)}`);
		}
		expect(problems).toEqual([]);
		// The one acknowledged while n8n started came back in a catch-up, once. It may say possibleRepeat:
		// made within seconds of the killed process's last write, it falls in the window the position
		// keeps open for that process (the record cannot tell when the process stopped).
		expect(runs.get(inTheWindow)).toEqual([expect.objectContaining({ catchUp: true })]);
		for (const hash of answeredStartingUp) expect(runs.get(hash)?.[0]).toEqual(expect.objectContaining({ catchUp: true }));
		const repeated = all.filter((hash) => (runs.get(hash)?.length ?? 0) > 1);
		// eslint-disable-next-line no-console
		console.log(`[restart] ${all.length} transfers, ${answeredStartingUp.length} answered "starting up", ${repeated.length} run twice (${repeated.map((hash) => JSON.stringify(runs.get(hash))).join(' ')})`);
		await stack.client.deactivateWorkflow(workflow.id);
	}, 420_000);
});
