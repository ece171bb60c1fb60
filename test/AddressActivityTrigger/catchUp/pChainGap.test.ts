/**
 * The P-Chain Address Activity trigger after a gap, through n8n-core: what the emulator would have
 * delivered while the workflow was unpublished comes in one catch-up run, each event once and
 * marked. The oracle is a second webhook of the same account watching the same addresses and
 * sub-events that stays active through the gap: the catch-up's events equal its deliveries' events.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { primaryResumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { pChainAddress } from '../../emulator/primary/ids';
import { signedDelivery } from '../../harness/signing';
import type { IncomingDelivery, TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { AVAX, pChainParameters, usePrimaryTriggerStack } from '../eventTypesSupport';
import type { EmulatorWithReceiver } from '../support';

const primary = usePrimaryTriggerStack();
const { stack } = primary;
let trigger: TriggerHarness;
const CONTROL_PATH = '/control';

async function activeTrigger(parameters: INodeParameters): Promise<void> {
	trigger = await primary.published(parameters);
}

/** The oracle: a webhook of the same account, watching what the trigger watches, that never stops receiving. */
async function controlWebhook(addresses: string[], threshold: { balanceType: string; avax: number }): Promise<string> {
	const { body } = await stack.control.service<{ id: string }>(stack.key, 'POST', '/v1/webhooks', {
		eventType: 'primary_network_address_activity',
		url: `${stack.receiverUrl}${CONTROL_PATH}`,
		network: 'fuji',
		chainId: '11111111111111111111111111111111LpoYY',
		metadata: {
			keyType: 'addresses',
			keys: addresses,
			subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold', 'reward_distribution'] },
			balanceThresholdFilter: { balanceType: threshold.balanceType, balanceThreshold: AVAX(threshold.avax) },
		},
	});
	return body.id;
}

/** The events the control webhook was delivered, in the order they were made. */
async function controlEvents(count: number): Promise<IDataObject[]> {
	await waitFor(`${count} control deliveries`, () => stack.receiver.deliveries.filter((delivery) => delivery.path === CONTROL_PATH).length >= count);
	const bodies = stack.receiver.deliveries.filter((delivery) => delivery.path === CONTROL_PATH).map((delivery) => JSON.parse(delivery.rawBody.toString()) as IDataObject);
	return bodies.map((body) => body.event as IDataObject);
}

/** A P-Chain transaction changing balances; waits for the trigger's deliveries when its webhook receives. */
type BalanceType = NonNullable<Parameters<EmulatorWithReceiver['control']['pChainTransaction']>[0]['balanceChanges']>[number]['balanceType'];

async function transaction(changes: Array<{ address: string; balanceType?: BalanceType; avax: number }>, extra: IDataObject = {}): Promise<string> {
	const balanceChanges = changes.map(({ address, balanceType = 'unlockedUnstaked', avax }) => ({ address, balanceType, change: AVAX(avax) }));
	const { txHash } = await stack.control.pChainTransaction({ network: 'fuji', balanceChanges, ...extra });
	return txHash;
}

const runItems = (run: number) => trigger.startedRuns[run].map((item) => item.json);
const withoutEnvelope = ({ webhookId, messageId, ...rest }: IDataObject) => (void webhookId, void messageId, rest);

describe('P-Chain activity missed while the workflow was unpublished', () => {
	it('comes in one run at the next publication: every event a delivery would have brought, once, marked, in order', async () => {
		const [treasury, cold] = [pChainAddress('fuji', 'gap treasury'), pChainAddress('fuji', 'gap cold')];
		await activeTrigger(pChainParameters({ pChainAddresses: `${treasury}, ${cold}`, balanceType: 'unlockedUnstaked', balanceThreshold: '2500', output: 'raw' }));
		await controlWebhook([treasury, cold], { balanceType: 'unlockedUnstaked', avax: 2500 });
		const funded = [await transaction([{ address: treasury, avax: 3000 }]), await transaction([{ address: cold, avax: 20 }])];
		// balance_change and the crossing above, then cold's balance_change: three deliveries to each webhook.
		await controlEvents(3);
		await waitFor('the live runs', () => trigger.startedRuns.length === 3);
		// A minute later (on the service and in n8n): the gap's start, 30 s before unpublishing, is after the funding.
		const realNow = Date.now.bind(Date);
		const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 60_000);
		try {
			const live = await transaction([{ address: cold, avax: 1 }]);
			await controlEvents(4);
			await waitFor('the live run', () => trigger.startedRuns.length === 4);
			await trigger.deactivate();
			const missed = [
				await transaction([{ address: treasury, avax: -800 }]),
				await transaction([], { reward: { address: cold, amount: AVAX(12.5), rewardType: 'delegator', nodeId: 'NodeID-111111111111111111116DBWJs' } }),
				await transaction([
					{ address: cold, avax: -10 },
					{ address: cold, balanceType: 'lockedStaked', avax: 10 },
				]),
				await transaction([
					{ address: treasury, avax: 400 },
					{ address: cold, avax: 1.5 },
				]),
			];
			const expected = (await controlEvents(4 + 7)).slice(4);
			await trigger.activate();

			expect(trigger.startedRuns).toHaveLength(5);
			const caughtUp = runItems(4);
			expect(caughtUp.map((item) => item.catchUp)).toEqual(expected.map(() => true));
			expect(caughtUp.map((item) => item.event)).toEqual(expected);
			// The balances after each transaction count what the addresses held before the gap.
			expect(expected.find((event) => event.eventType === 'balance_threshold')).toMatchObject({ balance: AVAX(2200), crossed: 'below' });
			expect(new Set(caughtUp.map((item) => (item.event as IDataObject).txHash))).toEqual(new Set(missed));
			expect(caughtUp.map((item) => withoutEnvelope(item).eventType)).toEqual(expected.map(() => 'platform_address_activity'));
			const liveRuns = [0, 1, 2, 3].flatMap((run) => runItems(run).map((item) => (item.event as IDataObject).txHash));
			expect(liveRuns).toEqual([funded[0], funded[0], funded[1], live]);
		} finally {
			later.mockRestore();
		}
	});

	it('shows each caught-up event as a delivery of it would, in the Events output', async () => {
		const treasury = pChainAddress('fuji', 'events treasury');
		await activeTrigger(pChainParameters({ pChainAddresses: treasury, balanceType: 'unlockedUnstaked', balanceThreshold: '25' }));
		await transaction([{ address: treasury, avax: 30 }]);
		await waitFor('the live runs', () => trigger.startedRuns.length === 2);
		await trigger.deactivate();
		const down = await transaction([{ address: treasury, avax: -6 }]);
		await trigger.activate();
		expect(runItems(2)).toEqual([
			expect.objectContaining({ subEvent: 'balance_change', amountAvax: '-6', balanceAvax: '24', balanceType: 'unlockedUnstaked', txHash: down, catchUp: true, messageId: expect.stringMatching(/^catch-up:/) }),
			expect.objectContaining({ subEvent: 'balance_threshold', crossed: 'below', balanceAvax: '24', thresholdAvax: '25', amountAvax: '-6', addresses: [treasury], network: 'fuji', catchUp: true }),
		]);
		expect(runItems(2)[1].time).toEqual(expect.any(String));
		expect(runItems(2)[1]).not.toHaveProperty('notKnown');
	});
});

describe('each P-Chain event once between the catch-up and live deliveries', () => {
	it('puts out a delivery still on its way at unpublishing in the catch-up, and its late arrival runs nothing', async () => {
		const treasury = pChainAddress('fuji', 'late treasury');
		await activeTrigger(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_threshold'], balanceType: 'unlockedUnstaked', balanceThreshold: '100', options: { onDeactivation: 'keep' } }));
		stack.receiver.harness = undefined;
		const before = stack.receiver.deliveries.length;
		const early = await transaction([{ address: treasury, avax: 150 }]);
		const [held] = await stack.receiver.waitFor(before + 1).then((all) => all.slice(before));
		stack.receiver.harness = trigger;
		await trigger.deactivate();
		const missed = await transaction([{ address: treasury, avax: -60 }]);
		await trigger.activate();
		expect(trigger.startedRuns.map((run) => run.map((item) => [item.json.txHash, item.json.crossed, item.json.catchUp]))).toEqual([
			[
				[early, 'above', true],
				[missed, 'below', true],
			],
		]);
		const late = await trigger.receive(held as IncomingDelivery);
		expect(late.statusCode).toBe(200);
		expect(late.items ?? []).toEqual([]);
		expect(trigger.startedRuns).toHaveLength(1);
	});

	it('starts no run for a gap in which the balances stayed on one side of the threshold', async () => {
		const treasury = pChainAddress('fuji', 'quiet treasury');
		await activeTrigger(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_threshold'], balanceType: 'unlockedUnstaked', balanceThreshold: '100' }));
		await transaction([{ address: treasury, avax: 150 }]);
		await waitFor('the live crossing', () => trigger.startedRuns.length === 1);
		await trigger.deactivate();
		await transaction([{ address: treasury, avax: -20 }]);
		await transaction([{ address: treasury, avax: 5 }]);
		await trigger.activate();
		expect(trigger.startedRuns).toHaveLength(1);
	});

	it('says it cannot tell crossings of the unlocked balance (a sum of kinds the history does not list)', async () => {
		const treasury = pChainAddress('fuji', 'aggregate treasury');
		await activeTrigger(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_threshold'], balanceType: 'unlocked', balanceThreshold: '100' }));
		await trigger.deactivate();
		await transaction([{ address: treasury, avax: 150 }]);
		await trigger.activate();
		expect(runItems(0)).toEqual([{ catchUp: true, catchUpIncomplete: true, message: expect.stringMatching(/^Not put out: balance_threshold: .*unlocked is a sum of several/), webhookId: expect.any(String) }]);
	});
});

describe('Webhook > Reactivate for a P-Chain webhook the service turned off', () => {
	it('puts out what happened since the last publication, without what ran live, once also when asked twice', async () => {
		const treasury = pChainAddress('fuji', 'resume treasury');
		await activeTrigger(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'] }));
		const live = await transaction([{ address: treasury, avax: 7 }]);
		await waitFor('the live run', () => trigger.startedRuns.length === 1);
		const webhookId = String(trigger.state.webhookId);
		await primary.setWebhookStatus('inactive');
		const missed = await transaction([{ address: treasury, avax: -2 }]);
		await primary.setWebhookStatus('active');
		const secret = await stack.control.sharedSecret(stack.key);
		const first = await trigger.receive(signedDelivery(primaryResumeRequest(webhookId, Math.floor(Date.now() / 1000)), secret));
		expect(first.statusCode).toBe(200);
		expect((first.body as IDataObject).catchUp).toEqual({ fromTimestamp: expect.any(Number), toTimestamp: expect.any(Number), events: 1 });
		const again = await trigger.receive(signedDelivery(primaryResumeRequest(webhookId, Math.floor(Date.now() / 1000) + 1), secret));
		expect((again.body as IDataObject).catchUp).toMatchObject({ events: 0 });
		expect(trigger.startedRuns.map((run) => run.map((item) => [item.json.txHash, item.json.catchUp ?? false]))).toEqual([[[live, false]], [[missed, true]]]);
	});
});

describe('a P-Chain catch-up whose reading runs out of time', () => {
	it('puts out what it read completely, and an item saying from when on nothing is put out', async () => {
		const treasury = pChainAddress('fuji', 'slow history treasury');
		await activeTrigger(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'] }));
		const webhookId = String(trigger.state.webhookId);
		await primary.setWebhookStatus('inactive');
		const made: Array<{ txHash: string; blockTimestamp: number }> = [];
		// The clocks (the service's and n8n's) move 2 s on after the first 50, so that the first page spans several seconds.
		const realNow = Date.now.bind(Date);
		let offset = 0;
		const clocks = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
		for (let index = 0; index < 150; index++) {
			if (index === 50) offset = 2_000;
			made.push(await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(1) }] }));
		}
		await primary.setWebhookStatus('active');
		// Each page of the history takes 12 s: the second is still on its way when the read's 20 s are up.
		const pages = '/v1/networks/fuji/blockchains/p-chain/transactions';
		await stack.control.clearRequests();
		await stack.control.addFault({ method: 'GET', path: pages, count: 2, delayMs: 12_000 });
		const secret = await stack.control.sharedSecret(stack.key);
		try {
			const answer = await trigger.receive(signedDelivery(primaryResumeRequest(webhookId, Math.floor(Date.now() / 1000)), secret));
			expect(answer.statusCode).toBe(200);
		} finally {
			await stack.control.clearFaults();
			clocks.mockRestore();
		}
		expect(trigger.startedRuns).toHaveLength(1);
		const [notice, ...events] = runItems(0);
		expect(notice).toEqual({
			catchUp: true,
			catchUpIncomplete: true,
			message: expect.stringMatching(/^The catch-up read the history up to .* and stopped \(20 s\): events from then on are not put out$/),
			notReadFrom: expect.any(String),
			webhookId,
		});
		// The first page held the 100 oldest: everything before the second of its last one is put out, once, and nothing after.
		const notReadFrom = Date.parse(String(notice.notReadFrom)) / 1000;
		expect(notReadFrom).toBeLessThanOrEqual(made[99].blockTimestamp);
		expect(events.length).toBeGreaterThanOrEqual(50);
		expect(events.map((item) => item.txHash)).toEqual(made.filter((tx) => tx.blockTimestamp < notReadFrom).map((tx) => tx.txHash));
		expect(events.every((item) => item.catchUp === true)).toBe(true);
		expect((await stack.control.requests()).filter((request) => request.path === pages)).toHaveLength(2);
	}, 60_000);
});

describe('a P-Chain gap longer than Catch Up At Most', () => {
	it('starts its run with an item saying so and puts out only the events of the last hours', async () => {
		const treasury = pChainAddress('fuji', 'long gap treasury');
		await activeTrigger(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'], options: { catchUpHours: 1 } }));
		await trigger.deactivate();
		const change = (avax: number) => stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(avax) }] });
		const tooOld = await change(5);
		// Two hours later, on the service and in n8n.
		const realNow = Date.now.bind(Date);
		const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 2 * 3_600_000);
		try {
			const recent = await change(-2);
			await trigger.activate();
			expect(trigger.startedRuns).toHaveLength(1);
			const [notice, ...events] = runItems(0);
			expect(notice).toEqual({
				catchUp: true,
				gapTooLong: true,
				message: expect.stringMatching(/longer ago than Catch Up At Most allows: events before .* are not put out$/),
				gapStartedAt: expect.any(String),
				caughtUpFrom: expect.any(String),
				webhookId: trigger.state.webhookId,
			});
			// The gap began before the first transaction, and what is put out begins after it, before the second.
			const seconds = (iso: unknown) => Date.parse(String(iso)) / 1000;
			expect(Math.floor(seconds(notice.gapStartedAt))).toBeLessThanOrEqual(tooOld.blockTimestamp);
			expect(seconds(notice.caughtUpFrom)).toBeGreaterThan(tooOld.blockTimestamp);
			expect(seconds(notice.caughtUpFrom)).toBeLessThanOrEqual(recent.blockTimestamp);
			expect(events.map((item) => [item.txHash, item.catchUp])).toEqual([[recent.txHash, true]]);
		} finally {
			later.mockRestore();
		}
	});
});

// Last: it moves the emulator's clock ahead of the test's.
describe('where a gap begins', () => {
	it('does not count what happened before the workflow was first published as part of a gap', async () => {
		const treasury = pChainAddress('fuji', 'before treasury');
		// The service's clock 5 s ahead of n8n's: the transaction's time is after the publication's, by n8n's clock.
		await stack.control.advanceClock(5_000);
		const before = await transaction([{ address: treasury, avax: 150 }]);
		await activeTrigger(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_threshold'], balanceType: 'unlockedUnstaked', balanceThreshold: '100' }));
		await trigger.deactivate();
		const missed = await transaction([{ address: treasury, avax: -60 }]);
		await trigger.activate();
		expect(trigger.startedRuns.map((run) => run.map((item) => [item.json.txHash, item.json.crossed]))).toEqual([[[missed, 'below']]]);
		expect(trigger.startedRuns.flat().map((item) => item.json.txHash)).not.toContain(before);
	});
});
