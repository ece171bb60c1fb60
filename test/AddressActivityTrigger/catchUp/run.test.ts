import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { EmulatorControl } from '../../harness/emulatorControl';
import { signDelivery } from '../../harness/signing';
import { DeliveryReceiver, TriggerHarness, type IncomingDelivery } from '../../harness/trigger';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ALICE, BOB, CAROL, DAVE, FUJI, USDC, chainStateOf, triggerParameters } from '../support';

let emulator: RunningEmulator;
let control: EmulatorControl;
let receiver: DeliveryReceiver;
let receiverUrl: string;
let key: string;

beforeAll(async () => {
	emulator = await startEmulator({ timeScale: 1000 });
	control = new EmulatorControl(emulator.url);
	receiver = new DeliveryReceiver();
	receiverUrl = await receiver.start();
});

afterAll(async () => {
	await receiver.close();
	await emulator.close();
});

beforeEach(async () => {
	forgetProcessMemory();
	key = (await control.createKey({ plan: 'paid' })).key;
});

afterEach(() => {
	receiver.harness = undefined;
});

/** A trigger whose URL is the receiver: the service's deliveries and its own catch-up request reach its webhook(). */
async function activeTrigger(parameters: INodeParameters = triggerParameters()): Promise<TriggerHarness> {
	const trigger = new TriggerHarness({ parameters, credentials: { apiKey: key, baseUrl: emulator.url }, publicUrl: receiverUrl });
	receiver.harness = trigger;
	await trigger.activate();
	return trigger;
}

/** A native transfer to a monitored address; waits for its delivery when the webhook is active. */
async function transfer(from: string, to: string, options: { delivered?: boolean } = {}): Promise<string> {
	const before = receiver.deliveries.length;
	const { txHash } = await control.activity({ chainId: FUJI, from, to, value: '1000000000000000000' });
	if (options.delivered !== false) await receiver.waitFor(before + 1);
	return txHash;
}

/** An ERC-20 transfer of CAROL's to `to` (a Transfer log); waits for its delivery unless told not to. */
async function tokenTransfer(to: string, options: { delivered?: boolean } = {}): Promise<string> {
	const before = receiver.deliveries.length;
	const token = { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 };
	const { txHash } = await control.activity({ chainId: FUJI, from: CAROL, to: USDC, erc20Transfers: [{ token, from: CAROL, to, value: '2500000' }] });
	if (options.delivered !== false) await receiver.waitFor(before + 1);
	return txHash;
}

function json(run: INodeExecutionData[]): IDataObject[] {
	return run.map((item) => item.json);
}

/** Every transaction hash the workflow ran, with the runs it was in. */
function runsPerTransaction(trigger: TriggerHarness): Map<string, number> {
	const counts = new Map<string, number>();
	for (const run of trigger.startedRuns) {
		for (const hash of new Set(json(run).map((item) => String(item.txHash)))) counts.set(hash, (counts.get(hash) ?? 0) + 1);
	}
	return counts;
}

describe('catching up after the workflow was deactivated', () => {
	it.each(['delete', 'keep'])('puts out the gap once, in block order and marked, at activation (On Deactivation: %s)', async (onDeactivation) => {
		const trigger = await activeTrigger(triggerParameters({ options: { onDeactivation } }));
		const live = await transfer(CAROL, ALICE);
		await trigger.deactivate();
		const missed = [await transfer(CAROL, ALICE, { delivered: false }), await transfer(BOB, DAVE, { delivered: false })];
		const unrelated = await transfer(CAROL, DAVE, { delivered: false });
		await trigger.activate();
		const after = await transfer(DAVE, BOB);

		expect(trigger.startedRuns).toHaveLength(3);
		const catchUp = json(trigger.startedRuns[1]);
		expect(catchUp.map((item) => [item.txHash, item.direction, item.monitoredAddress, item.catchUp])).toEqual([
			[missed[0], 'in', ALICE, true],
			[missed[1], 'out', BOB, true],
		]);
		expect(catchUp[0]).toMatchObject({ assetType: 'native', amount: '1', chainId: FUJI, messageId: expect.stringMatching(/^catch-up:/) });
		expect(json(trigger.startedRuns[0])[0]).not.toHaveProperty('catchUp');
		expect([...runsPerTransaction(trigger)]).toEqual([
			[live, 1],
			[missed[0], 1],
			[missed[1], 1],
			[after, 1],
		]);
		expect(runsPerTransaction(trigger).has(unrelated)).toBe(false);
		await trigger.deactivate();
	});

	it('starts no run for a gap without activity, and none for a first activation', async () => {
		const trigger = await activeTrigger();
		await trigger.deactivate();
		await transfer(CAROL, DAVE, { delivered: false });
		const requestsBefore = receiver.deliveries.length;
		await trigger.activate();
		// The catch-up request arrived and was answered without a run.
		expect(receiver.deliveries.length).toBe(requestsBefore + 1);
		expect(receiver.deliveries.at(-1)?.outcome?.statusCode).toBe(200);
		expect(trigger.startedRuns).toHaveLength(0);
		await trigger.deactivate();
	});

	it('reads a gap whose chain data spans many pages', async () => {
		const trigger = await activeTrigger();
		await trigger.deactivate();
		const missed: string[] = [];
		for (let index = 0; index < 230; index++) missed.push(await transfer(CAROL, ALICE, { delivered: false }));
		await trigger.activate();
		expect(trigger.startedRuns).toHaveLength(1);
		expect(json(trigger.startedRuns[0]).map((item) => item.txHash)).toEqual(missed);
		const pages = (await control.requests()).filter((request) => request.path.endsWith(`/addresses/${ALICE}/transactions`));
		expect(pages.length).toBeGreaterThanOrEqual(3);
		await trigger.deactivate();
	});

	it('reads the chain once instead of each address for a long address list', async () => {
		const many = Array.from({ length: 12 }, (_, index) => `0x${(index + 0xca0).toString(16).padStart(40, '0')}`);
		const trigger = await activeTrigger(triggerParameters({ addresses: many.join('\n') }));
		await trigger.deactivate();
		await control.clearRequests();
		const missed = [await transfer(CAROL, many[11], { delivered: false }), await transfer(many[3], DAVE, { delivered: false })];
		await transfer(CAROL, DAVE, { delivered: false });
		await trigger.activate();
		expect(json(trigger.startedRuns[0]).map((item) => [item.txHash, item.monitoredAddress, item.catchUp])).toEqual([
			[missed[0], many[11], true],
			[missed[1], many[3], true],
		]);
		const paths = (await control.requests()).map((request) => request.path);
		expect(paths.filter((path) => path.includes('/addresses/'))).toEqual([]);
		expect(paths).toContain(`/v1/chains/${FUJI}/transactions`);
		await trigger.deactivate();
	});

	it('puts out an item marked gapTooLong, then only what falls within Catch Up At Most', async () => {
		const trigger = await activeTrigger(triggerParameters({ options: { catchUpHours: 1 } }));
		await trigger.deactivate();
		const tooOld = await transfer(CAROL, ALICE, { delivered: false });
		// Three hours later (on the chain and in n8n) the workflow is activated again.
		await control.advanceClock(3 * 3_600_000);
		const recent = await transfer(BOB, CAROL, { delivered: false });
		const realNow = Date.now.bind(Date);
		const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 3 * 3_600_000);
		try {
			await trigger.activate();
		} finally {
			later.mockRestore();
		}
		expect(trigger.startedRuns).toHaveLength(1);
		const items = json(trigger.startedRuns[0]);
		expect(items[0]).toMatchObject({ catchUp: true, gapTooLong: true, fromBlock: expect.any(Number) });
		expect(String(items[0].message)).toMatch(/^The trigger stopped receiving at .*, longer ago than Catch Up At Most allows: transfers before .* are not put out$/);
		expect(items.slice(1).map((item) => item.txHash)).toEqual([recent]);
		expect(runsPerTransaction(trigger).has(tooOld)).toBe(false);
		await trigger.deactivate();
	});

	it('puts out only the transactions a live delivery would bring under Event Signatures', async () => {
		const trigger = await activeTrigger(triggerParameters({ eventSignatures: 'Transfer(address,address,uint256)' }));
		await trigger.deactivate();
		const matching = await tokenTransfer(ALICE, { delivered: false });
		// A native transfer has no log: the service delivers it to no webhook with Event Signatures.
		const native = await transfer(CAROL, ALICE, { delivered: false });
		await trigger.activate();
		expect(trigger.startedRuns).toHaveLength(1);
		expect(json(trigger.startedRuns[0]).map((item) => [item.txHash, item.assetType, item.monitoredAddress, item.catchUp])).toEqual([[matching, 'erc20', ALICE, true]]);
		expect(runsPerTransaction(trigger).has(native)).toBe(false);
		// Live, the same two: the service delivers only the token transfer.
		expect((await control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1' })).deliveries).toBe(0);
		await tokenTransfer(ALICE);
		expect(trigger.startedRuns).toHaveLength(2);
		await trigger.deactivate();
	});

	it('applies Event Signatures to a chain scan of the gap too (a long address list)', async () => {
		const many = Array.from({ length: 12 }, (_, index) => `0x${(index + 0xcb0).toString(16).padStart(40, '0')}`);
		const trigger = await activeTrigger(triggerParameters({ addresses: many.join('\n'), eventSignatures: 'Transfer(address,address,uint256)' }));
		await trigger.deactivate();
		const matching = await tokenTransfer(many[11], { delivered: false });
		const native = await transfer(CAROL, many[3], { delivered: false });
		await control.clearRequests();
		await trigger.activate();
		expect(json(trigger.startedRuns[0]).map((item) => [item.txHash, item.monitoredAddress, item.assetType])).toEqual([[matching, many[11], 'erc20']]);
		expect(runsPerTransaction(trigger).has(native)).toBe(false);
		expect((await control.requests()).map((request) => request.path)).toContain(`/v1/chains/${FUJI}/transactions`);
		await trigger.deactivate();
	});

	it('says which Event Signatures it cannot apply: chain data has no logs beyond token transfers', async () => {
		const approval = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
		const trigger = await activeTrigger(triggerParameters({ eventSignatures: `Transfer(address,address,uint256)\n${approval}` }));
		await trigger.deactivate();
		const before = (await control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1' })).blockNumber;
		const { txHash: approved } = await control.activity({ chainId: FUJI, from: ALICE, to: USDC, logs: [{ address: USDC, topics: [approval], data: '0x' }] });
		const matching = await tokenTransfer(ALICE, { delivered: false });
		await trigger.activate();
		const items = json(trigger.startedRuns[0]);
		expect(items[0]).toMatchObject({ catchUp: true, catchUpIncomplete: true, eventSignatures: [approval], toBlock: expect.any(Number) });
		expect(Number(items[0].fromBlock)).toBeLessThanOrEqual(Number(before));
		expect(String(items[0].message)).toMatch(/^Chain data carries no logs, only token transfers: activity in blocks \d+ to \d+ matching only the Event Signatures 0x8c5b/);
		expect(items.slice(1).map((item) => item.txHash)).toEqual([matching]);
		expect(runsPerTransaction(trigger).has(approved)).toBe(false);
		await trigger.deactivate();
	});

	it('stops reading per address when its time runs out, and says which blocks it did not read', async () => {
		const trigger = await activeTrigger();
		await trigger.deactivate();
		const older = await transfer(CAROL, BOB, { delivered: false });
		const toAlice: Array<{ txHash: string; blockNumber: string }> = [];
		for (let index = 0; index < 210; index++) toAlice.push(await control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1' }));
		const newer = await transfer(CAROL, BOB, { delivered: false });
		await control.clearRequests();
		// ALICE's pages take 12 s each: the second is still on its way when the read's 20 s are up.
		const pages = `/v1/chains/${FUJI}/addresses/${ALICE}/transactions`;
		await control.addFault({ method: 'GET', path: pages, count: 3, delayMs: 12_000 });
		try {
			await trigger.activate();
		} finally {
			await control.clearFaults();
		}
		expect(trigger.startedRuns).toHaveLength(1);
		const items = json(trigger.startedRuns[0]);
		// The first page held ALICE's newest 100; more may be in the block of its oldest: from the next block on, all is put out.
		const oldestRead = Number(toAlice[110].blockNumber);
		expect(items[0]).toMatchObject({ catchUp: true, catchUpIncomplete: true, toBlock: oldestRead });
		expect(String(items[0].message)).toMatch(new RegExp(`^The catch-up read blocks ${oldestRead + 1} to \\d+ of the gap and stopped .*: transfers in blocks \\d+ to ${oldestRead} are not put out$`));
		expect(items.slice(1).map((item) => item.txHash)).toEqual([...toAlice.slice(111).map((entry) => entry.txHash), newer]);
		expect(runsPerTransaction(trigger).has(older)).toBe(false);
		// The third page was never asked for.
		expect((await control.requests()).filter((request) => request.path === pages)).toHaveLength(2);
		await trigger.deactivate();
	}, 120_000);

	it('catches up nothing with Catch Up At Most 0', async () => {
		const trigger = await activeTrigger(triggerParameters({ options: { catchUpHours: 0 } }));
		await trigger.deactivate();
		await transfer(CAROL, ALICE, { delivered: false });
		await trigger.activate();
		expect(trigger.startedRuns).toHaveLength(0);
		expect(chainStateOf(trigger).catchUp).toBeUndefined();
		await trigger.deactivate();
	});
});

describe('each transfer once between the catch-up and live deliveries', () => {
	it('runs a transaction put out live before deactivation once, though the catch-up reads its block', async () => {
		const trigger = await activeTrigger();
		const live = await transfer(CAROL, ALICE);
		// Deactivation starts the gap at the head before it stops the webhook: that block holds `live`.
		await trigger.deactivate();
		const missed = await transfer(BOB, CAROL, { delivered: false });
		await trigger.activate();
		expect([...runsPerTransaction(trigger)]).toEqual([
			[live, 1],
			[missed, 1],
		]);
		await trigger.deactivate();
	});

	it('skips a delivery whose transaction the catch-up put out (out-of-order arrival)', async () => {
		const trigger = await activeTrigger();
		await trigger.deactivate();
		const missed = await transfer(CAROL, ALICE, { delivered: false });
		await trigger.activate();
		// The service's delivery of the same transaction arrives after the catch-up (e.g. a late retry).
		const { body } = await control.service<{ webhooks: Array<{ id: string }> }>(key, 'GET', '/v1/webhooks');
		const late = await trigger.receive(await signedCopy(missed, body.webhooks[0].id));
		expect(late.statusCode).toBe(200);
		expect(late.items).toBeUndefined();
		expect([...runsPerTransaction(trigger)]).toEqual([[missed, 1]]);
		await trigger.deactivate();
	});
	it('runs live deliveries that arrive out of block order each once, after a catch-up', async () => {
		const trigger = await activeTrigger();
		await trigger.deactivate();
		const missed = await transfer(CAROL, ALICE, { delivered: false });
		await trigger.activate();
		// Two deliveries held on the way (answered without reaching the trigger), then handed over newest first.
		receiver.harness = undefined;
		const first = await transfer(CAROL, ALICE);
		const second = await transfer(BOB, CAROL);
		const held = receiver.deliveries.slice(-2);
		receiver.harness = trigger;
		const outcomes = [await trigger.receive(held[1]), await trigger.receive(held[0])];
		expect(outcomes.map((outcome) => [outcome.statusCode, json(outcome.items ?? []).map((item) => item.txHash)])).toEqual([
			[200, [second]],
			[200, [first]],
		]);
		expect([...runsPerTransaction(trigger)]).toEqual([
			[missed, 1],
			[second, 1],
			[first, 1],
		]);
		await trigger.deactivate();
	});

	it('puts out a delivery still on its way at deactivation in the catch-up, once: its late arrival runs nothing (On Deactivation: Keep)', async () => {
		const trigger = await activeTrigger(triggerParameters({ options: { onDeactivation: 'keep' } }));
		receiver.harness = undefined;
		const early = await transfer(CAROL, ALICE);
		const held = receiver.deliveries[receiver.deliveries.length - 1];
		receiver.harness = trigger;
		await trigger.deactivate();
		const missed = await transfer(BOB, CAROL, { delivered: false });
		await trigger.activate();
		// The gap starts a minute before deactivation, so the catch-up has the transfer whose delivery was still on its way.
		expect(trigger.startedRuns.map((run) => json(run).map((item) => [item.txHash, item.catchUp]))).toEqual([
			[
				[early, true],
				[missed, true],
			],
		]);
		const late = await trigger.receive(held);
		expect(late.statusCode).toBe(200);
		expect(late.items ?? []).toEqual([]);
		expect([...runsPerTransaction(trigger)]).toEqual([
			[early, 1],
			[missed, 1],
		]);
		await trigger.deactivate();
	});
});

describe('a gap nobody saw start', () => {
	it('catches up from the last activation when the service deactivated the webhook and the workflow is activated again', async () => {
		const trigger = await activeTrigger();
		const live = await transfer(CAROL, ALICE);
		const { body } = await control.service<{ webhooks: Array<{ id: string }> }>(key, 'GET', '/v1/webhooks');
		// As the free plan does after failed messages.
		await control.service(key, 'PATCH', `/v1/webhooks/${body.webhooks[0].id}`, { status: 'inactive' });
		const missed = await transfer(BOB, CAROL, { delivered: false });
		await trigger.deactivate();
		await trigger.activate();
		expect([...runsPerTransaction(trigger)]).toEqual([
			[live, 1],
			[missed, 1],
		]);
		expect(json(trigger.startedRuns[1])[0]).toMatchObject({ txHash: missed, catchUp: true });
		await trigger.deactivate();
	});

	it('catches up from the last activation when the service deleted the webhook', async () => {
		const trigger = await activeTrigger();
		const live = await transfer(CAROL, ALICE);
		const { body } = await control.service<{ webhooks: Array<{ id: string }> }>(key, 'GET', '/v1/webhooks');
		await control.service(key, 'DELETE', `/v1/webhooks/${body.webhooks[0].id}`);
		const missed = await transfer(BOB, CAROL, { delivered: false });
		// n8n 1.x at start-up, or the user activating again: checkExists finds no webhook, create() registers one.
		await trigger.activate();
		expect([...runsPerTransaction(trigger)]).toEqual([
			[live, 1],
			[missed, 1],
		]);
		await trigger.deactivate();
	});
});

/** A delivery of `txHash` signed as the service signs, built from its chain data (a late copy of what the catch-up put out). */
async function signedCopy(txHash: string, webhookId: string): Promise<IncomingDelivery> {
	const { body: transaction } = await control.service<IDataObject>(key, 'GET', `/v1/chains/${FUJI}/transactions/${txHash}`);
	const native = transaction.nativeTransaction as IDataObject;
	const party = (value: unknown) => (typeof value === 'string' ? value : String((value as IDataObject).address));
	const message = {
		webhookId,
		eventType: 'address_activity',
		messageId: `late-${txHash}`,
		event: {
			transaction: {
				txHash,
				blockNumber: String(native.blockNumber),
				blockTimestamp: native.blockTimestamp,
				from: party(native.from),
				to: party(native.to),
				value: native.value,
				txStatus: '1',
				chainId: FUJI,
			},
		},
	};
	const rawBody = Buffer.from(JSON.stringify(message));
	return { headers: { 'x-signature': signDelivery(message, await control.sharedSecret(key)), 'content-type': 'application/json' }, rawBody };
}
