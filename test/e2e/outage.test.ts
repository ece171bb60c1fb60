/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The free-plan outage in real n8n with the emulator: n8n stops while transfers keep coming, the
// service deactivates the webhook after the sixth failed message (free plan) and drops its retries.
// Every transfer must run exactly once, counted by transaction hash in n8n's executions: those
// delivered live before the outage too (the trigger's durable position records what ran, and the
// catch-up starts there), twice in a row, with the workflow published longer ago than its Catch Up
// At Most. The last case keeps n8n running: the deliveries fail until the service deactivates the
// webhook, twice, and Webhook > Reactivate catches up each time.
import * as fs from 'fs';
import * as path from 'path';

import { N8N_MAJOR } from '../support/install';
import { nodeOutput, type Execution, type Workflow, type WorkflowInput } from '../support/n8nClient';
import { exampleFiles } from '../support/sandbox';
import { CREDENTIAL_TYPE, TRIGGER_NODE_NAME } from '../harness/names';
import { waitFor } from '../harness/wait';
import { recordedAsRun } from './helpers/position';
import { runsPerTransaction, transactionRuns, type TransactionRun } from './helpers/runs';
import { settledExecutions } from './helpers/settled';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';
import { addresses, byId, linearWorkflow, triggerWorkflow } from './helpers/workflows';

const CHAIN = '43113';
const [RESTART_WATCH, HEALTH_WATCH, FAILING_WATCH] = addresses(3, 'd0d');
const STRANGER = addresses(1, 'fffd')[0];
/** The free plan deactivates a webhook once more than 5 of its messages entered the retry queue. */
const MESSAGES_TO_DEACTIVATE = 6;

const onN8n1 = N8N_MAJOR === 1 ? it : it.skip;
const onN8n2 = N8N_MAJOR === 2 ? it : it.skip;

describe('a free-plan webhook the service deactivated, in n8n', () => {
	let stack: Stack;

	beforeAll(async () => {
		// The emulator retries at 1/1000 of the service's schedule (startStack's timeScale).
		stack = await startStack({ emulator: { apiKeys: [{ key: EMULATOR_KEY, plan: 'free' }] } });
	});

	afterAll(async () => {
		await stack?.stop();
	});

	const urlOf = (workflow: Workflow) => `${stack.n8n.url}/webhook/${workflow.nodes.find((node) => node.name === TRIGGER_NODE_NAME)!.webhookId}/webhook`;
	const webhooksOf = async (workflow: Workflow) => (await stack.control.webhooks()).filter((webhook) => webhook.url === urlOf(workflow));
	const statusOf = async (workflow: Workflow) => (await webhooksOf(workflow)).map((webhook) => webhook.status);
	const pay = async (to: string) => (await stack.control.activity({ chainId: CHAIN, from: STRANGER, to, value: '1000000000000000000' })).txHash;

	async function activate(workflow: Workflow): Promise<void> {
		await stack.client.activateWorkflow(workflow.id);
		await waitFor(`the webhook of "${workflow.name}" receiving`, async () => (await statusOf(workflow)).includes('active'));
	}

	/**
	 * Two transfers delivered live (and recorded as run), then n8n stopped: transfers until the
	 * service deactivates the webhook, and one more to the inactive webhook. Returns the hashes
	 * before and during the outage.
	 */
	async function throughAnOutage(workflow: Workflow, address: string): Promise<{ live: string[]; down: string[] }> {
		const live = [await pay(address), await pay(address)];
		await transactionRuns(stack, workflow, live);
		await recordedAsRun(stack, workflow, CHAIN, live);
		const down: string[] = [];
		await stack.restartN8n(async () => {
			for (let count = 0; count < MESSAGES_TO_DEACTIVATE; count++) down.push(await pay(address));
			await waitFor('the service to deactivate the webhook', async () => (await statusOf(workflow)).includes('inactive'));
			down.push(await pay(address));
		});
		return { live, down };
	}

	/**
	 * Every transfer ran exactly once: those made before the outage live, those of each outage in one
	 * catch-up run, marked catchUp (and not possibleRepeat: nothing can have run them).
	 */
	function expectEachOnce(runs: Map<string, TransactionRun[]>, live: string[], caughtUp: string[][]): void {
		const problems = [...runs].filter(([, list]) => list.length !== 1).map(([hash, list]) => `${hash}: ${JSON.stringify(list)}`);
		expect(problems).toEqual([]);
		expect(live.map((hash) => runs.get(hash)![0].catchUp)).toEqual(live.map(() => false));
		for (const gap of caughtUp) {
			expect(gap.map((hash) => [runs.get(hash)![0].catchUp, runs.get(hash)![0].possibleRepeat])).toEqual(gap.map(() => [true, false]));
			expect(new Set(gap.map((hash) => runs.get(hash)![0].execution)).size).toBe(1);
		}
	}

	/** Catch Up At Most of these workflows: shorter than the test, so the second outage comes after it (the catch-up starts where the trigger stopped, not at the publication). */
	const CATCH_UP_HOURS = 0.03;
	const catchUpLimitPassed = async (publishedAt: number) =>
		await waitFor('the publication to be older than Catch Up At Most', () => Date.now() - publishedAt > CATCH_UP_HOURS * 3_600_000, CATCH_UP_HOURS * 3_600_000 + 5000, 500);

	onN8n1('n8n 1.x: each restart after an outage turns the webhook on and puts out the outage once, nothing that ran before it, twice', async () => {
		const workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'Outage, then a restart', chainId: CHAIN, addresses: [RESTART_WATCH], credential: stack.credential, typeVersion: 2, options: { catchUpHours: CATCH_UP_HOURS } }),
		);
		await activate(workflow);
		const publishedAt = Date.now();
		const all: string[] = [];
		const live: string[] = [];
		const gaps: string[][] = [];
		for (const round of [1, 2]) {
			if (round === 2) await catchUpLimitPassed(publishedAt);
			const outage = await throughAnOutage(workflow, RESTART_WATCH);
			// n8n 1.x says its editor is accessible only after it activated the workflows at start-up.
			expect(await statusOf(workflow)).toEqual(['active']);
			const after = [await pay(RESTART_WATCH), await pay(RESTART_WATCH)];
			live.push(...outage.live);
			gaps.push(outage.down);
			all.push(...outage.live, ...outage.down, ...after);
			const runs = await transactionRuns(stack, workflow, all);
			expect([...runs.keys()].sort()).toEqual([...all].sort());
			expectEachOnce(runs, live, gaps);
		}
		// The outages came in catch-up runs sent while n8n was starting (its HTTP server listens before it activates the workflows).
		expect(stack.logText()).not.toMatch(/catch-up request|gapTooLong/);
		await stack.client.deactivateWorkflow(workflow.id);
	});

	/** The webhook-health example, imported with the stack's credential, run once from its schedule trigger. */
	async function runHealthExample(): Promise<Execution> {
		const example = JSON.parse(fs.readFileSync(exampleFiles().find((file) => path.basename(file) === 'address-activity-webhook-health.json')!, 'utf8')) as WorkflowInput;
		for (const node of example.nodes) if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = stack.credential;
		const health = await stack.client.createWorkflow(example);
		const start = health.nodes.find((node) => node.type === 'n8n-nodes-base.scheduleTrigger')!;
		return await stack.getExecution(await stack.client.runWorkflow(health.id, start.name));
	}

	onN8n2('n8n 2.x: the webhook stays inactive after the restart; the webhook-health example turns it on and puts out the gap once, nothing that ran before it, twice', async () => {
		const workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'Outage, then the health example', chainId: CHAIN, addresses: [HEALTH_WATCH], credential: stack.credential, typeVersion: 2, options: { catchUpHours: CATCH_UP_HOURS } }),
		);
		await activate(workflow);
		const publishedAt = Date.now();
		const all: string[] = [];
		const live: string[] = [];
		const gaps: string[][] = [];
		for (const round of [1, 2]) {
			if (round === 2) await catchUpLimitPassed(publishedAt);
			const runsBefore = (await settledExecutions(stack, workflow)).length;
			const { live: before, down } = await throughAnOutage(workflow, HEALTH_WATCH);
			// n8n 2.x does not run the trigger's checkExists at start-up: nothing turns the webhook on. (The
			// restart returns once n8n has activated its workflows; after it only a publication could.)
			const stillDown = [await pay(HEALTH_WATCH), await pay(HEALTH_WATCH)];
			expect(await settledExecutions(stack, workflow)).toHaveLength(runsBefore + before.length);
			expect(await statusOf(workflow)).toEqual(['inactive']);

			const health = await runHealthExample();
			expect(health.data.resultData.error?.message).toBeUndefined();
			const [webhook] = await webhooksOf(workflow);
			expect(nodeOutput(health, 'Reactivate and Catch Up')).toEqual([
				expect.objectContaining({ id: webhook.id, status: 'active', reactivated: true, catchUp: expect.objectContaining({ requested: true, statusCode: 200 }) }),
			]);
			expect(webhook.status).toBe('active');
			const after = [await pay(HEALTH_WATCH), await pay(HEALTH_WATCH)];
			live.push(...before);
			gaps.push([...down, ...stillDown]);
			all.push(...before, ...down, ...stillDown, ...after);
			const runs = await transactionRuns(stack, workflow, all);
			expect([...runs.keys()].sort()).toEqual([...all].sort());
			expectEachOnce(runs, live, gaps);
		}
		await stack.client.deactivateWorkflow(workflow.id);
	});

	/**
	 * n8n stays up but the service cannot deliver: the webhook's URL is changed to a path n8n answers
	 * 404 for, transfers are made until the service deactivates it, and one more; then the URL is
	 * set back (the webhook stays inactive). Returns the hashes of the outage.
	 */
	async function whileDeliveriesFail(workflow: Workflow, address: string): Promise<string[]> {
		const [webhook] = await webhooksOf(workflow);
		const patch = async (url: string) => await stack.control.call('PATCH', `/v1/webhooks/${webhook.id}`, { url }, EMULATOR_KEY);
		await patch(`${webhook.url}-unreachable`);
		const down: string[] = [];
		for (let count = 0; count < MESSAGES_TO_DEACTIVATE; count++) down.push(await pay(address));
		await waitFor('the service to deactivate the webhook', async () => (await stack.control.webhooks()).find((each) => each.id === webhook.id)?.status === 'inactive');
		down.push(await pay(address));
		await patch(webhook.url);
		return down;
	}

	it('deliveries failing while n8n runs: Webhook > Reactivate puts out each gap once, also the second time', async () => {
		const workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'Failing deliveries, then Reactivate', chainId: CHAIN, addresses: [FAILING_WATCH], credential: stack.credential, typeVersion: 2 }),
		);
		await activate(workflow);
		const [webhook] = await webhooksOf(workflow);
		const reactivate = await stack.client.createWorkflow(
			linearWorkflow('Reactivate', [{ name: 'Reactivate', parameters: { resource: 'webhook', operation: 'reactivate', webhookId: byId(webhook.id) } }], stack.credential),
		);
		const runReactivate = async () => nodeOutput(await stack.getExecution(await stack.client.runWorkflow(reactivate.id, 'Start')), 'Reactivate');
		const caughtUp = (transactions: number) => [
			expect.objectContaining({ id: webhook.id, status: 'active', reactivated: true, catchUp: expect.objectContaining({ requested: true, statusCode: 200, transactions }) }),
		];
		const live = [await pay(FAILING_WATCH), await pay(FAILING_WATCH)];
		await waitFor('both live transfers to run', async () => (await stack.client.listExecutions(workflow.id)).length === 2);

		const firstGap = await whileDeliveriesFail(workflow, FAILING_WATCH);
		const first = await runReactivate();
		expect(first).toEqual(caughtUp(firstGap.length));
		const between = [await pay(FAILING_WATCH)];
		await runsPerTransaction(stack, workflow, [...live, ...firstGap, ...between]);
		const secondGap = await whileDeliveriesFail(workflow, FAILING_WATCH);
		const second = await runReactivate();
		expect(second).toEqual(caughtUp(secondGap.length));
		// The second reads the first gap's blocks again (from the durable position's start, which is
		// the first's, or earlier when the first read from the publication's mark because the live
		// runs' record was not saved yet); the position lists the first gap as run (written by the
		// first catch-up), so only the second gap runs (its count above, each run once below).
		expect((second[0].catchUp as { fromBlock: number }).fromBlock).toBeLessThanOrEqual((first[0].catchUp as { fromBlock: number }).fromBlock);
		const after = [await pay(FAILING_WATCH)];

		const runs = await runsPerTransaction(stack, workflow, [...live, ...firstGap, ...between, ...secondGap, ...after]);
		expect([...runs.keys()].sort()).toEqual([...live, ...firstGap, ...between, ...secondGap, ...after].sort());
		for (const hash of runs.keys()) expect(runs.get(hash)).toHaveLength(1);
		const catchUps = [...runs].filter(([, [run]]) => run.catchUp).map(([hash]) => hash);
		expect(catchUps.sort()).toEqual([...firstGap, ...secondGap].sort());
		for (const gap of [firstGap, secondGap]) expect(new Set(gap.map((hash) => runs.get(hash)![0].execution)).size).toBe(1);
		await stack.client.deactivateWorkflow(workflow.id);
	});
});
