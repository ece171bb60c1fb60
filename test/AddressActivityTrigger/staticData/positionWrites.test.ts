/**
 * Each transfer once across restarts, through n8n-core with static data kept as n8n keeps it
 * (loaded per request and per publication, saved whole at their end, the last save winning): the
 * trigger's durable position. A restart is this process's memory forgotten; n8n's "starting up"
 * answer is the receiver answering 200 without running anything; Webhook > Reactivate is its
 * signed resume request.
 */
import { sleep, type IDataObject, type INodeExecutionData } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { resumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { ALICE, CAROL, FUJI, chainStateOf, recordedAsRun, triggerParameters, useTriggerStack } from '../support';

const stack = useTriggerStack();
let trigger: TriggerHarness;
let webhookId: string;

beforeEach(async () => {
	stack.receiver.startingUp = false;
	trigger = await stack.publishedTrigger(triggerParameters({ addresses: ALICE }), { persistence: 'n8n' });
	webhookId = String(chainStateOf(trigger).webhookId);
});

afterEach(async () => {
	stack.receiver.startingUp = false;
	trigger.releaseHeldSaves();
	await trigger.deactivate();
	stack.receiver.harness = undefined;
	forgetProcessMemory();
});

/** A transfer to ALICE; `delivered`: waits until the receiver got its delivery. */
async function transfer(delivered = true): Promise<string> {
	const before = stack.receiver.deliveries.length;
	const { txHash } = await stack.control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000000000000000000' });
	if (delivered) await waitFor(`the delivery of ${txHash}`, () => stack.receiver.deliveries.slice(before).some((delivery) => delivery.rawBody.toString().includes(txHash)));
	return txHash;
}

async function recorded(...hashes: string[]): Promise<void> {
	await waitFor(`${hashes.join(', ')} in the durable position`, () => hashes.every((hash) => recordedAsRun(trigger, hash)), 30_000);
}

/** The service turns the webhook off (as the free plan does after failed messages): nothing more is delivered. */
async function serviceDeactivates(): Promise<void> {
	await stack.control.service(stack.key, 'PATCH', `/v1/webhooks/${webhookId}`, { status: 'inactive' });
}

async function head(): Promise<number> {
	const { body } = await stack.control.service<{ blocks: IDataObject[] }>(stack.key, 'GET', `/v1/chains/${FUJI}/blocks?pageSize=1`);
	return Number(body.blocks[0].blockNumber);
}

/** Webhook > Reactivate's catch-up request, up to the head now. */
async function reactivate() {
	const body = resumeRequest(webhookId, FUJI, await head());
	return await trigger.receive(signedDelivery({ ...body, messageId: `${body.messageId}:${Date.now()}` }, await stack.control.sharedSecret(stack.key)));
}

const json = (run: INodeExecutionData[]) => run.map((item) => item.json);

/** Per transaction hash: each run that put it out, as [catchUp, possibleRepeat]. */
function runsOf(hashes: string[]): Record<string, Array<[boolean, boolean]>> {
	const runs: Record<string, Array<[boolean, boolean]>> = Object.fromEntries(hashes.map((hash) => [hash, []]));
	for (const run of trigger.startedRuns) {
		for (const hash of new Set(json(run).map((item) => String(item.txHash)))) {
			const items = json(run).filter((item) => item.txHash === hash);
			runs[hash]?.push([items.some((item) => item.catchUp === true), items.some((item) => item.possibleRepeat === true)]);
		}
	}
	return runs;
}

const once = (hashes: string[], catchUp: boolean) => Object.fromEntries(hashes.map((hash) => [hash, [[catchUp, false]]]));

/**
 * Past the seconds after this process started: the catch-up after a start marks what was made
 * before it and in the two seconds after (the process it replaced may have run it; block times are
 * whole seconds), so a transfer to be put out unmarked comes later.
 */
async function afterTheStart(): Promise<void> {
	await sleep(3100);
}

/**
 * A restart: this process's memory forgotten, one transfer acknowledged by n8n's "starting up"
 * answer (nothing run), then one delivered; returns both once the catch-up ran and both are recorded.
 */
async function restartSwallowingOne(): Promise<{ swallowed: string; after: string }> {
	forgetProcessMemory();
	await afterTheStart();
	stack.receiver.startingUp = true;
	const swallowed = await transfer();
	stack.receiver.startingUp = false;
	const after = await transfer();
	await waitFor('the catch-up run', () => runsOf([swallowed])[swallowed].length > 0, 30_000);
	await recorded(swallowed, after);
	return { swallowed, after };
}

describe('the durable position', () => {
	it('a run whose record was not saved before the process stopped (killed before n8n saved it and before its flush) comes again after the restart, marked possibleRepeat', async () => {
		const earlier = await transfer();
		await recorded(earlier);
		trigger.dropNextSaves = 1;
		const lost = await transfer();
		await waitFor('its run', () => runsOf([lost])[lost].length === 1);
		expect(trigger.dropNextSaves).toBe(0);
		// Killed: its flush never goes out.
		forgetProcessMemory();
		await afterTheStart();
		const after = await transfer();
		await waitFor('the catch-up run', () => runsOf([lost])[lost].length > 1, 30_000);
		await recorded(lost, after);
		expect(runsOf([earlier, lost, after])).toEqual({ ...once([earlier, after], false), [lost]: [[false, false], [true, true]] });
	});

	it('the same when block times run ahead of n8n’s clock and the restarted process’s first delivery is a late one (a retry): the repeat is still marked', async () => {
		// The chain's clock a minute ahead: only the process's own samples of it say where its
		// predecessor's last runs lie in block time, and a late first delivery says less.
		await stack.control.advanceClock(60_000);
		const earlier = await transfer();
		await recorded(earlier);
		trigger.dropNextSaves = 1;
		const lost = await transfer();
		await waitFor('its run', () => runsOf([lost])[lost].length === 1);
		// Acknowledged without a run before the stop, so that its delivery can come late to the restarted process.
		stack.receiver.startingUp = true;
		const late = await transfer();
		stack.receiver.startingUp = false;
		const lateDelivery = stack.receiver.deliveries.find((delivery) => delivery.rawBody.toString().includes(late))!;
		forgetProcessMemory();
		await afterTheStart();
		// The restarted process's first delivery arrives five seconds after the restart, as a retry
		// does; the next is fresh, as during a trickle.
		await sleep(5000);
		expect((await trigger.receive(lateDelivery)).statusCode).toBe(200);
		const next = await transfer();
		await waitFor('the catch-up run', () => runsOf([lost])[lost].length > 1, 30_000);
		await recorded(lost, late, next);
		expect(runsOf([earlier, lost, late, next])).toEqual({ ...once([earlier, late, next], false), [lost]: [[false, false], [true, true]] });
	});

	it('a restart mid-stream: nothing that ran is put out again, and a delivery n8n acknowledged while starting comes in the catch-up after the next delivery', async () => {
		const before = [await transfer(), await transfer()];
		await recorded(...before);
		const { swallowed, after } = await restartSwallowingOne();
		expect(runsOf([...before, after, swallowed])).toEqual({ ...once([...before, after], false), ...once([swallowed], true) });
	});

	it('a restart while the chain’s block times run ahead of n8n’s clock: the delivery acknowledged while starting still comes in the catch-up, once', async () => {
		const before = await transfer();
		await recorded(before);
		// The chain's clock a minute ahead of this machine's (a skewed host clock, or blocks made
		// faster than one a second, each a second after its parent).
		await stack.control.advanceClock(60_000);
		const { swallowed, after } = await restartSwallowingOne();
		expect(runsOf([before, after, swallowed])).toEqual({ ...once([before, after], false), ...once([swallowed], true) });
	});

	it('two Reactivates after restarts put out each gap once, and nothing that ran live', async () => {
		const live = await transfer();
		await recorded(live);
		await serviceDeactivates();
		const firstGap = [await transfer(false), await transfer(false)];
		forgetProcessMemory();
		expect((await reactivate()).body).toMatchObject({ catchUp: { transactions: 2 } });
		await recorded(...firstGap);
		const secondGap = [await transfer(false)];
		forgetProcessMemory();
		expect((await reactivate()).body).toMatchObject({ catchUp: { transactions: 1 } });
		expect(runsOf([live, ...firstGap, ...secondGap])).toEqual({ ...once([live], false), ...once([...firstGap, ...secondGap], true) });
	});

	it('a lost static-data write costs no repeat: the flush writes it again', async () => {
		trigger.dropNextSaves = 1;
		const live = await transfer();
		await recorded(live);
		expect(trigger.dropNextSaves).toBe(0);
		forgetProcessMemory();
		await serviceDeactivates();
		const gap = await transfer(false);
		expect((await reactivate()).body).toMatchObject({ catchUp: { transactions: 1 } });
		expect(runsOf([live, gap])).toEqual({ ...once([live], false), ...once([gap], true) });
	});

	it('a reverted write (an older copy saved last) costs no repeat', async () => {
		trigger.holdSaves = true;
		const live = [await transfer(), await transfer()];
		await waitFor('two saves held', () => trigger.heldSaves.length >= 2, 30_000);
		// The older document is saved last: the later write is undone.
		trigger.releaseHeldSaves((held) => [...held].reverse());
		await recorded(...live);
		forgetProcessMemory();
		await serviceDeactivates();
		const gap = await transfer(false);
		expect((await reactivate()).body).toMatchObject({ catchUp: { transactions: 1 } });
		expect(runsOf([...live, gap])).toEqual({ ...once(live, false), ...once([gap], true) });
	});

	it('a write undone after this process saw it recorded (a request that loaded before it saves last) costs no repeat', async () => {
		// A request whose save n8n makes late (it loaded the document before the next transfers ran).
		trigger.holdSaves = true;
		const early = await transfer();
		await waitFor('its save held', () => trigger.heldSaves.length >= 1, 30_000);
		trigger.holdSaves = false;
		const written = await transfer();
		await recorded(written);
		// A later request of this process loads the record with it.
		const later = await transfer();
		await recorded(written, later);
		// The late save comes last: the document it loaded lacks both.
		trigger.releaseHeldSaves();
		await recorded(early, written, later);
		forgetProcessMemory();
		await serviceDeactivates();
		const gap = await transfer(false);
		expect((await reactivate()).body).toMatchObject({ catchUp: { transactions: 1 } });
		expect(runsOf([early, written, later, gap])).toEqual({ ...once([early, written, later], false), ...once([gap], true) });
	});

	it('a delivery during a publication (whose save comes last) is recorded after it, and not repeated', async () => {
		// The publication's read of the webhook is held 2 s; a transfer is delivered meanwhile.
		await stack.control.addFault({ method: 'GET', path: `/v1/webhooks/${webhookId}`, count: 1, delayMs: 2000 });
		const publication = trigger.activate();
		const during = await transfer();
		await publication;
		await recorded(during);
		forgetProcessMemory();
		await serviceDeactivates();
		const gap = await transfer(false);
		expect((await reactivate()).body).toMatchObject({ catchUp: { transactions: 1 } });
		expect(runsOf([during, gap])).toEqual({ ...once([during], false), ...once([gap], true) });
	});

	/** A burst run, the process gone before its flush, a transfer in the gap, Reactivate: per transfer, its runs. */
	async function goneBeforeFlush() {
		const first = await transfer();
		await recorded(first);
		// Two at once: the second is not written with its run (a second after the first write), only by the flush.
		const burst = await Promise.all([transfer(), transfer()]);
		await waitFor('both runs', () => burst.every((hash) => runsOf([hash])[hash].length === 1));
		forgetProcessMemory();
		await serviceDeactivates();
		const gap = await transfer(false);
		await reactivate();
		const runs = runsOf([first, ...burst, gap]);
		expect(runs[first]).toEqual([[false, false]]);
		// Once; made within seconds of the gone process's last write, it may say possibleRepeat (the record cannot tell when that process stopped).
		expect(runs[gap]).toEqual([[true, expect.any(Boolean)]]);
		for (const hash of burst) {
			// Written with its run, or put out again marked as a possible repeat.
			expect([[[false, false]], [[false, false], [true, true]]]).toContainEqual(runs[hash]);
		}
	}

	it('a process gone before its flush (SIGKILL): what it ran unwritten comes again in the catch-up, marked possibleRepeat; the rest once', async () => {
		await goneBeforeFlush();
	});

	it('the same while the chain’s block times run ahead of n8n’s clock: a repeat is still marked possibleRepeat', async () => {
		await stack.control.advanceClock(60_000);
		await goneBeforeFlush();
	});

	it('a copy of a message that ran, arriving after a restart, is acknowledged without a run', async () => {
		const txHash = await transfer();
		await recorded(txHash);
		const delivery = stack.receiver.deliveries.find((each) => each.rawBody.toString().includes(txHash))!;
		forgetProcessMemory();
		const copy = await trigger.receive({ headers: delivery.headers, rawBody: delivery.rawBody });
		expect(copy).toMatchObject({ statusCode: 200, items: undefined });
		expect(runsOf([txHash])).toEqual(once([txHash], false));
	});

	it('a delivery is recorded as run by its own request, saved before n8n answers', async () => {
		await recorded(await transfer());
		const txHash = await transfer();
		// The receiver lists a delivery once n8n answered it: saved by then, with no flush.
		expect(recordedAsRun(trigger, txHash)).toBe(true);
	});

	it('a burst of deliveries writes the position about once a second, not once each', async () => {
		const savesBefore = trigger.saves;
		const started = Date.now();
		const burst = await Promise.all(Array.from({ length: 30 }, () => transfer()));
		await recorded(...burst);
		const seconds = (Date.now() - started) / 1000;
		// A write a second while the burst lasts, the flush after it, and the first two writes of the burst.
		expect(trigger.saves - savesBefore).toBeLessThanOrEqual(Math.ceil(seconds) + 4);
		expect(runsOf(burst)).toEqual(once(burst, false));
	});
});
