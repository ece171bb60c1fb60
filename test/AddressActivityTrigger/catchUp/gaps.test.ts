/**
 * The catch-up within n8n's time for a publication: activation and deactivation give their reads of
 * the chain's head the lifecycle budget (45 s of n8n's 84 s), and send no catch-up request when too
 * little of it is left. Each case ends with what the user sees next: the gap put out by the next
 * activation.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { logLines } from '../../harness/logger';
import type { TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { ALICE, CAROL, FUJI, triggerParameters, useTriggerStack } from '../support';

const stack = useTriggerStack();
/** The test's trigger: unpublished after the test even when it failed midway (its webhook would get the next test's deliveries). */
let current: TriggerHarness | undefined;

afterEach(async () => {
	jest.restoreAllMocks();
	await stack.control.clearFaults();
	await current?.deactivate().catch(() => undefined);
	current = undefined;
	stack.receiver.harness = undefined;
});

const HEAD_READS = `/v1/chains/${FUJI}/blocks`;
/** Far past the lifecycle budget: a read held this long ends only by the node's deadline. */
const HOLD_MS = 600_000;
/** How long an activation or deactivation gives its calls to the service (the lifecycle budget). */
const LIFECYCLE_BUDGET_MS = 45_000;

/** The held read ended with the lifecycle budget: the method took that long, and not much longer (not the hold, nor the transport's 60 s per attempt). */
function expectEndedWithTheBudget(elapsedMs: number): void {
	expect(elapsedMs).toBeGreaterThanOrEqual(LIFECYCLE_BUDGET_MS - 1000);
	expect(elapsedMs).toBeLessThan(LIFECYCLE_BUDGET_MS + 15_000);
}

async function activeTrigger(parameters: INodeParameters = triggerParameters()): Promise<TriggerHarness> {
	const trigger = stack.trigger(parameters);
	current = trigger;
	await trigger.activate();
	return trigger;
}

/** A transfer to ALICE while the trigger's webhook is off: only a catch-up puts it out. */
async function missedTransfer(): Promise<string> {
	return (await stack.control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000000000000000000' })).txHash;
}

/** The warnings the trigger logged since `from`. */
function warningsSince(from: number): string[] {
	return logLines.slice(from).filter((line) => line.level === 'warn').map((line) => line.message);
}

/** What the workflow ran: each run's transaction hashes and catchUp marks. */
function runs(trigger: TriggerHarness): unknown[][] {
	return trigger.startedRuns.map((run) => run.map((item) => [(item.json as IDataObject).txHash, (item.json as IDataObject).catchUp]));
}

/** What the user sees next: unpublished and published again, the trigger puts out the missed transfer, marked catchUp. */
async function expectCaughtUpNextTime(trigger: TriggerHarness, missed: string): Promise<void> {
	await trigger.deactivate();
	await trigger.activate();
	expect(runs(trigger)).toEqual([[[missed, true]]]);
	await trigger.deactivate();
}

async function headReadsSent(): Promise<number> {
	return (await stack.control.requests()).filter((request) => request.method === 'GET' && request.path === HEAD_READS).length;
}

it('a head read the service holds at activation ends with the lifecycle budget: published, the gap kept, and the next activation puts it out', async () => {
	const trigger = await activeTrigger();
	await trigger.deactivate();
	const missed = await missedTransfer();
	await stack.control.clearRequests();
	await stack.control.addFault({ method: 'GET', path: HEAD_READS, count: 1, delayMs: HOLD_MS });
	const logged = logLines.length;
	const catchUpRequests = stack.receiver.deliveries.length;
	const started = Date.now();

	await trigger.activate();
	expectEndedWithTheBudget(Date.now() - started);
	expect(warningsSince(logged)).toEqual([
		expect.stringMatching(new RegExp(`could not read the head of chain ${FUJI} to catch up \\(Could not reach the service .*\\); the next activation tries again$`)),
	]);
	// The held read was sent once and not again; no catch-up request reached n8n, no run started.
	expect(await headReadsSent()).toBe(1);
	expect(stack.receiver.deliveries.length).toBe(catchUpRequests);
	expect(trigger.startedRuns).toEqual([]);

	await expectCaughtUpNextTime(trigger, missed);
}, 180_000);

it('a head read the service holds at deactivation ends with the lifecycle budget: the webhook is deleted, and the next activation catches up from the last activation', async () => {
	const trigger = await activeTrigger();
	const webhookId = String(((trigger.state.chains as IDataObject)[FUJI] as IDataObject).webhookId);
	await stack.control.clearRequests();
	await stack.control.addFault({ method: 'GET', path: HEAD_READS, count: 1, delayMs: HOLD_MS });
	const logged = logLines.length;
	const started = Date.now();

	await trigger.deactivate();
	expectEndedWithTheBudget(Date.now() - started);
	expect(warningsSince(logged)).toEqual([
		expect.stringMatching(new RegExp(`could not read the head of chain ${FUJI} at deactivation \\(Could not reach the service .*\\); the next activation catches up from the last activation instead$`)),
	]);
	expect(await headReadsSent()).toBe(1);
	// Stopping the webhook did not wait on the read: the service no longer has it.
	expect((await stack.control.webhooks()).some((webhook) => webhook.id === webhookId)).toBe(false);

	const missed = await missedTransfer();
	await trigger.activate();
	expect(runs(trigger)).toEqual([[[missed, true]]]);
	await trigger.deactivate();
}, 180_000);

it('sends no catch-up request when too little of the activation\'s time is left: says so, keeps the gap, and the next activation puts it out', async () => {
	const trigger = await activeTrigger();
	await trigger.deactivate();
	const missed = await missedTransfer();
	await stack.control.clearRequests();
	// The head read is answered after 10 s; meanwhile n8n's clock moves 41 s on, as if the calls
	// before it had taken that long: of the 80 s the catch-ups may end by, fewer than the 40 s a request needs are left.
	await stack.control.addFault({ method: 'GET', path: HEAD_READS, count: 1, delayMs: 10_000 });
	const logged = logLines.length;
	const catchUpRequests = stack.receiver.deliveries.length;
	const activation = trigger.activate();
	await waitFor('the head read at the service', async () => (await headReadsSent()) === 1, 60_000);
	const realNow = Date.now.bind(Date);
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 41_000);
	await activation;
	jest.restoreAllMocks();

	expect(warningsSince(logged)).toEqual([
		expect.stringMatching(new RegExp(`too little of n8n's time for an activation is left to catch up on chain ${FUJI} \\(\\d+ s left, 40 s needed\\); the gap is kept for the next activation$`)),
	]);
	expect(stack.receiver.deliveries.length).toBe(catchUpRequests);
	expect(trigger.startedRuns).toEqual([]);

	await expectCaughtUpNextTime(trigger, missed);
}, 180_000);
