/**
 * P-Chain and validator events once across restarts, through n8n-core with static data kept as n8n
 * keeps it (loaded per request and per publication, saved whole at their end, the last save
 * winning): the trigger's durable position. A restart is this process's memory forgotten; Webhook >
 * Reactivate is its signed resume request; a publication that finds the webhook turned off (n8n
 * 1.x's start-up, the webhook-health example) catches up as activation does; n8n's "starting up"
 * answer is the receiver answering 200 without running anything.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { recordedEventOf } from '../../../nodes/AddressActivityTrigger/receive/primaryRunRecord';
import { ranKeys, readPosition, transactionKey } from '../../../nodes/AddressActivityTrigger/staticData/position';
import { primaryResumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { nodeId, pChainAddress } from '../../emulator/primary/ids';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { AVAX, L1, pChainParameters, usePrimaryTriggerStack, validatorParameters } from '../eventTypesSupport';

const primary = usePrimaryTriggerStack();
const { stack } = primary;
let trigger: TriggerHarness;
let webhookId: string;
/** Where this test's deliveries begin in the receiver's list. */
let firstDelivery: number;

async function published(parameters: INodeParameters): Promise<void> {
	firstDelivery = stack.receiver.deliveries.length;
	trigger = await primary.published(parameters, { persistence: 'n8n' });
	webhookId = String(trigger.state.webhookId);
}

const json = (run: INodeExecutionData[]) => run.map((item) => item.json);
/** Raw Message output: the delivery's event (a catch-up's item carries it as a delivery would). */
const eventOf = (item: IDataObject) => item.event as IDataObject;

/** Whether the durable position lists every event the runs so far put out. */
function allRecorded(kind: 'pChain' | 'validator'): boolean {
	const keys = ranKeys(readPosition(trigger.state.primaryPosition));
	return trigger.startedRuns.every((run) =>
		json(run).every((item) => {
			const event = eventOf(item);
			const recorded = recordedEventOf(kind, event, Number(event.blockTimestamp));
			return recorded !== undefined && keys.has(transactionKey(recorded.copy.hash));
		}),
	);
}

async function recorded(kind: 'pChain' | 'validator'): Promise<void> {
	await waitFor('every run so far in the durable position', () => allRecorded(kind), 30_000);
}

async function serviceTurnsOff(): Promise<void> {
	await primary.setWebhookStatus('inactive');
}

/** Webhook > Reactivate: the webhook on again, and its signed catch-up request. */
async function reactivate() {
	await primary.setWebhookStatus('active');
	const body = primaryResumeRequest(webhookId, Math.floor(Date.now() / 1000));
	return await trigger.receive(signedDelivery({ ...body, messageId: `${body.messageId}:${Date.now()}` }, await stack.control.sharedSecret(stack.key)));
}

async function change(address: string, avax: number): Promise<string> {
	const { txHash } = await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address, balanceType: 'unlockedUnstaked', change: AVAX(avax) }] });
	return txHash;
}

/** Per transaction: each run that put it out, as [catchUp, possibleRepeat]. */
function runsOf(hashes: string[]): Record<string, Array<[boolean, boolean]>> {
	const runs: Record<string, Array<[boolean, boolean]>> = Object.fromEntries(hashes.map((hash) => [hash, []]));
	for (const run of trigger.startedRuns) {
		for (const item of json(run)) runs[String(eventOf(item)?.txHash)]?.push([item.catchUp === true, item.possibleRepeat === true]);
	}
	return runs;
}

const once = (hashes: string[], catchUp: boolean) => Object.fromEntries(hashes.map((hash) => [hash, [[catchUp, false]]]));

/** Each event's runs, by transaction and sub-event (a fee balance alert: its fee balance), as [catchUp, possibleRepeat]. */
function runsByEvent(): Record<string, Array<[boolean, boolean]>> {
	const runs: Record<string, Array<[boolean, boolean]>> = {};
	for (const item of trigger.startedRuns.flatMap(json)) {
		const event = eventOf(item);
		(runs[`${String(event.txHash ?? event.feeBalance)} ${String(event.eventType)}`] ??= []).push([item.catchUp === true, item.possibleRepeat === true]);
	}
	return runs;
}

/** The events delivered to the trigger's URL (not its own requests), as runsByEvent names them: those n8n answered "starting up" and those the trigger answered. */
function deliveredEvents(): { swallowed: string[]; answered: string[] } {
	const events = stack.receiver.deliveries.slice(firstDelivery).flatMap((delivery) => {
		const event = (JSON.parse(delivery.rawBody.toString()) as { event?: IDataObject }).event;
		return event === undefined ? [] : [{ key: `${String(event.txHash ?? event.feeBalance)} ${String(event.eventType)}`, answered: delivery.outcome !== undefined }];
	});
	return { swallowed: events.filter((event) => !event.answered).map((event) => event.key), answered: events.filter((event) => event.answered).map((event) => event.key) };
}

/** Waits until the receiver got the deliveries an injected activity started (`deliveries` of its answer). */
async function deliveredAll<T extends { deliveries: number }>(inject: () => Promise<T>): Promise<T> {
	const before = stack.receiver.deliveries.length;
	const result = await inject();
	await waitFor(`${result.deliveries} deliveries`, () => stack.receiver.deliveries.length >= before + result.deliveries);
	return result;
}

/**
 * A restart: this process's memory forgotten, then past the whole second two seconds after its
 * start (the heal marks what was made until then: the process it replaced may have run it).
 */
async function restart(): Promise<void> {
	forgetProcessMemory();
	const unmarkedFrom = (Math.floor((Date.now() + 2000) / 1000) + 1) * 1000;
	await waitFor('the seconds the heal marks past the start', () => Date.now() >= unmarkedFrom);
}

describe('P-Chain events that ran before a restart', () => {
	const watch = (treasury: string) => pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'], output: 'raw' });

	it('are not put out again by Webhook > Reactivate; two Reactivates after restarts put out each gap once', async () => {
		const treasury = pChainAddress('fuji', 'durable resume treasury');
		await published(watch(treasury));
		const live = [await change(treasury, 7), await change(treasury, 3)];
		await waitFor('the live runs', () => trigger.startedRuns.length === 2);
		await recorded('pChain');
		forgetProcessMemory();
		await serviceTurnsOff();
		const firstGap = [await change(treasury, -2), await change(treasury, -1)];
		expect((await reactivate()).body).toMatchObject({ catchUp: { events: 2 } });
		await recorded('pChain');
		forgetProcessMemory();
		await serviceTurnsOff();
		const secondGap = [await change(treasury, 4)];
		expect((await reactivate()).body).toMatchObject({ catchUp: { events: 1 } });
		expect(runsOf([...live, ...firstGap, ...secondGap])).toEqual({ ...once(live, false), ...once([...firstGap, ...secondGap], true) });
		expect(trigger.startedRuns).toHaveLength(4);
	});

	it('are not put out again by a publication that finds the webhook turned off (n8n 1.x start-up, the webhook-health example)', async () => {
		const treasury = pChainAddress('fuji', 'durable start-up treasury');
		await published(watch(treasury));
		const live = [await change(treasury, 5)];
		await waitFor('the live run', () => trigger.startedRuns.length === 1);
		await recorded('pChain');
		forgetProcessMemory();
		await serviceTurnsOff();
		const gap = [await change(treasury, -1)];
		await trigger.activate();
		expect(runsOf([...live, ...gap])).toEqual({ ...once(live, false), ...once(gap, true) });
		// The publication saves its copy of static data last: it keeps what its catch-up wrote.
		forgetProcessMemory();
		await serviceTurnsOff();
		const later = [await change(treasury, 2)];
		expect((await reactivate()).body).toMatchObject({ catchUp: { events: 1 } });
		expect(runsOf([...live, ...gap, ...later])).toEqual({ ...once(live, false), ...once([...gap, ...later], true) });
		expect(trigger.startedRuns).toHaveLength(3);
	});

	it('a copy of a delivery that ran, arriving after a restart, is acknowledged without a run', async () => {
		const treasury = pChainAddress('fuji', 'durable copy treasury');
		await published(watch(treasury));
		const txHash = await change(treasury, 2);
		await waitFor('the live run', () => trigger.startedRuns.length === 1);
		await recorded('pChain');
		const delivery = stack.receiver.deliveries.find((each) => each.rawBody.toString().includes(txHash))!;
		forgetProcessMemory();
		const copy = await trigger.receive({ headers: delivery.headers, rawBody: delivery.rawBody });
		expect(copy).toMatchObject({ statusCode: 200, items: undefined });
		expect(runsOf([txHash])).toEqual(once([txHash], false));
	});

	it('a lost static-data write costs no repeat: the flush writes it again', async () => {
		const treasury = pChainAddress('fuji', 'durable lost write treasury');
		await published(watch(treasury));
		trigger.dropNextSaves = 1;
		const live = [await change(treasury, 6)];
		await waitFor('the live run', () => trigger.startedRuns.length === 1);
		await recorded('pChain');
		expect(trigger.dropNextSaves).toBe(0);
		forgetProcessMemory();
		await serviceTurnsOff();
		const gap = [await change(treasury, -3)];
		expect((await reactivate()).body).toMatchObject({ catchUp: { events: 1 } });
		expect(runsOf([...live, ...gap])).toEqual({ ...once(live, false), ...once(gap, true) });
	});

	it('what a process gone before its flush may have run unwritten comes once more, marked possibleRepeat', async () => {
		const treasury = pChainAddress('fuji', 'durable window treasury');
		await published(watch(treasury));
		const live = [await change(treasury, 8)];
		await waitFor('the live run', () => trigger.startedRuns.length === 1);
		await recorded('pChain');
		await serviceTurnsOff();
		const gap = [await change(treasury, -4)];
		// Another process (gone now) had a window open over the gap's second: it may have run events it did not write.
		const made = Date.now();
		trigger.editStoredState((state) => {
			(state.primaryPosition as IDataObject).open = { gone: [made - 1000, made + 1000] };
		});
		forgetProcessMemory();
		expect((await reactivate()).body).toMatchObject({ catchUp: { events: 1 } });
		expect(runsOf([...live, ...gap])).toEqual({ ...once(live, false), [gap[0]]: [[true, true]] });
	});
});

describe('validator events that ran before a restart', () => {
	it("an L1 validator's fee balance alert and top-up that ran live are not put out again by Webhook > Reactivate; the gap's fall and top-up are, once", async () => {
		const node = nodeId('durable fall');
		await published(validatorParameters({ validatorFilters: { nodeIds: node }, output: 'raw' }));
		const fee = (avax: number) => stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId: L1, change: AVAX(avax) });
		await fee(3);
		await waitFor('the live top-up', () => trigger.startedRuns.length === 1);
		await fee(-2);
		await waitFor('the live alert', () => trigger.startedRuns.length === 2);
		await recorded('validator');
		forgetProcessMemory();
		await serviceTurnsOff();
		await fee(1);
		await fee(-1.5);
		expect((await reactivate()).body).toMatchObject({ catchUp: { events: 2 } });
		const what = (run: INodeExecutionData[]) => json(run).map((item) => [eventOf(item).eventType, eventOf(item).feeBalance, item.catchUp === true]);
		expect(trigger.startedRuns.map(what)).toEqual([
			[['l1_validator_balance_increased', AVAX(3), false]],
			[['l1_validator_balance_threshold', AVAX(1), false]],
			[
				['l1_validator_balance_increased', AVAX(2), true],
				['l1_validator_balance_threshold', AVAX(0.5), true],
			],
		]);
	});
});

describe('after a restart, what n8n answered "starting up" (the heal after a start)', () => {
	/** A trigger watching a treasury's balance changes, published, and one change that ran live and is recorded. */
	async function treasuryWithOneLiveChange(label: string): Promise<{ treasury: string; live: string }> {
		const treasury = pChainAddress('fuji', label);
		await published(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'], output: 'raw' }));
		const live = await change(treasury, 3);
		await waitFor('the live run', () => trigger.startedRuns.length === 1);
		await recorded('pChain');
		return { treasury, live };
	}

	it('P-Chain: a balance change, a reward and a threshold crossing run once, in the catch-up the next delivery asks for, marked catchUp; what ran live before the restart not again', async () => {
		const treasury = pChainAddress('fuji', 'heal treasury');
		await published(pChainParameters({ pChainAddresses: treasury, balanceType: 'unlockedUnstaked', balanceThreshold: '10', output: 'raw' }));
		await deliveredAll(() => stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(12) }] }));
		await waitFor('the live change and crossing', () => trigger.startedRuns.length === 2);
		await recorded('pChain');
		await restart();
		stack.receiver.startingUp = true;
		// While n8n starts: the balance falls below 10 (a change and a crossing), and a reward is paid.
		await deliveredAll(() => stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(-4) }] }));
		await deliveredAll(() => stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [], reward: { address: treasury, amount: AVAX(1), rewardType: 'validator', nodeId: nodeId('heal reward') } }));
		stack.receiver.startingUp = false;
		await deliveredAll(() => stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(0.5) }] }));
		const { swallowed, answered } = deliveredEvents();
		expect(swallowed.map((key) => key.split(' ')[1]).sort()).toEqual(['balance_change', 'balance_change', 'balance_threshold', 'reward_distribution']);
		await waitFor('the catch-up after the start', () => swallowed.every((key) => runsByEvent()[key] !== undefined), 60_000);
		await recorded('pChain');
		expect(runsByEvent()).toEqual(Object.fromEntries([...answered.map((key) => [key, [[false, false]]]), ...swallowed.map((key) => [key, [[true, false]]])]));
		expect(trigger.startedRuns).toHaveLength(4);
	});

	it("Validator: an L1 validator's top-up and fee balance alert run once, in the catch-up the next delivery asks for, marked catchUp; the alert and top-up that ran before the restart not again", async () => {
		const node = nodeId('heal fall');
		await published(validatorParameters({ validatorFilters: { nodeIds: node }, output: 'raw' }));
		const fee = (avax: number) => deliveredAll(() => stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId: L1, change: AVAX(avax) }));
		await fee(3);
		await fee(-2);
		await waitFor('the live top-up and alert', () => trigger.startedRuns.length === 2);
		await recorded('validator');
		await restart();
		stack.receiver.startingUp = true;
		// While n8n starts: a top-up to 2 AVAX and a fall to 0.5 (below 1.25).
		await fee(1);
		await fee(-1.5);
		stack.receiver.startingUp = false;
		await fee(2);
		expect(deliveredEvents().swallowed.map((key) => key.split(' ')[1])).toEqual(['l1_validator_balance_increased', 'l1_validator_balance_threshold']);
		await waitFor('the catch-up after the start', () => trigger.startedRuns.length === 4, 60_000);
		const what = (run: INodeExecutionData[]) => json(run).map((item) => [eventOf(item).eventType, eventOf(item).feeBalance, item.catchUp === true, item.possibleRepeat === true]);
		// Within one second the history cannot order a fall before a top-up: the catch-up's items are compared as a set.
		const runs = trigger.startedRuns.map(what);
		expect([...runs.slice(0, 3), runs[3].sort()]).toEqual([
			[['l1_validator_balance_increased', AVAX(3), false, false]],
			[['l1_validator_balance_threshold', AVAX(1), false, false]],
			[['l1_validator_balance_increased', AVAX(2.5), false, false]],
			[
				['l1_validator_balance_increased', AVAX(2), true, false],
				['l1_validator_balance_threshold', AVAX(0.5), true, false],
			],
		]);
	});

	it('P-Chain: an event the process before the restart ran without its record saved (killed before n8n saved it and before its flush) comes again in the heal’s catch-up, marked possibleRepeat', async () => {
		const { treasury, live: earlier } = await treasuryWithOneLiveChange('heal lost record treasury');
		trigger.dropNextSaves = 1;
		const lost = await change(treasury, 2);
		await waitFor('its run', () => trigger.startedRuns.length === 2);
		await waitFor('its save of static data dropped', () => trigger.dropNextSaves === 0);
		// Killed: its flush never goes out.
		await restart();
		const after = await change(treasury, 1);
		await waitFor('the catch-up after the start', () => runsOf([lost])[lost].length > 1, 60_000);
		await recorded('pChain');
		expect(runsOf([earlier, lost, after])).toEqual({ ...once([earlier, after], false), [lost]: [[false, false], [true, true]] });
		expect(trigger.startedRuns).toHaveLength(4);
	});

	it('P-Chain: a publication in a process that has just started (n8n 1.x activates at its start), the webhook still on, puts out what n8n answered "starting up" before it, once; nothing that ran before the restart', async () => {
		const { treasury, live } = await treasuryWithOneLiveChange('heal activation treasury');
		await restart();
		stack.receiver.startingUp = true;
		const { txHash: swallowed } = await deliveredAll(() => stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(-1) }] }));
		stack.receiver.startingUp = false;
		await trigger.activate();
		expect(runsOf([live, swallowed])).toEqual({ ...once([live], false), ...once([swallowed], true) });
		expect(trigger.startedRuns).toHaveLength(2);
	});
});
