/**
 * The Validator Activity trigger after a gap, through n8n-core. The oracle is a second webhook of
 * the same account with the same watch that stays active through the gap: events of a transaction
 * equal its deliveries' events; a fee balance alert or a disabling (no transaction: the catch-up
 * tells it from the fee balances) says the same sub-event, validator and balances, and says that
 * its exact moment is not known.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { primaryResumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { nodeId } from '../../emulator/primary/ids';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { AVAX, L1, usePrimaryTriggerStack, validatorParameters } from '../eventTypesSupport';

const primary = usePrimaryTriggerStack();
const { stack } = primary;
let trigger: TriggerHarness;
const FEE_SUB_EVENTS = ['l1_validator_balance_increased', 'l1_validator_balance_threshold', 'l1_validator_disabled'];

/** A trigger watching one L1 validator (its own node, so tests do not share fee balances), and the oracle webhook. */
async function watching(node: string, overrides: INodeParameters = {}): Promise<string> {
	const parameters = validatorParameters({ validatorFilters: { nodeIds: node }, ...overrides });
	trigger = await primary.published(parameters);
	const path = `/control-${node}`;
	await stack.control.service(stack.key, 'POST', '/v1/webhooks', {
		eventType: 'validator_activity',
		url: `${stack.receiverUrl}${path}`,
		network: 'fuji',
		metadata: {
			keyType: parameters.validatorKeyType,
			keys: [parameters.validatorKey],
			subEvents: { validatorActivitySubEvents: parameters.validatorSubEvents },
			nodeIds: [node],
			l1ValidatorFeeBalanceThreshold: AVAX(Number(parameters.feeBalanceThreshold)),
		},
	});
	return path;
}

async function controlEvents(path: string, count: number): Promise<IDataObject[]> {
	const delivered = () => stack.receiver.deliveries.filter((delivery) => delivery.path === path);
	await waitFor(`${count} control deliveries`, () => delivered().length >= count);
	return delivered().map((delivery) => (JSON.parse(delivery.rawBody.toString()) as IDataObject).event as IDataObject);
}

const fee = (node: string, avax: number, subnetId = L1) =>
	stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId, change: AVAX(avax) });

const runItems = (run: number) => trigger.startedRuns[run].map((item) => item.json);
const what = (items: IDataObject[]) => items.map((item) => [item.subEvent, item.feeBalanceAvax, item.catchUp ?? false]);

describe("an L1 validator's fee balance while the workflow was unpublished", () => {
	it('a fall below the threshold starts exactly one run at the next publication, saying what is known and what is not', async () => {
		const node = nodeId('gap fall');
		const control = await watching(node);
		await fee(node, 3);
		await waitFor('the live top-up', () => trigger.startedRuns.length === 1);
		await trigger.deactivate();
		await fee(node, -2);
		const [, fall] = await controlEvents(control, 2);
		await trigger.activate();

		expect(trigger.startedRuns).toHaveLength(2);
		const [item] = runItems(1);
		expect(runItems(1)).toHaveLength(1);
		expect(item).toMatchObject({
			subEvent: 'l1_validator_balance_threshold',
			nodeId: node,
			subnetId: L1,
			validationId: fall.validationId,
			feeBalanceAvax: '1',
			feeBalanceNavax: fall.feeBalance,
			feeBalanceThresholdAvax: '1.25',
			feeBalanceThresholdNavax: fall.feeBalanceThreshold,
			txHash: null,
			catchUp: true,
			notKnown: ['blockTimestamp', 'feeBalance'],
			message: expect.stringMatching(/fell to or below 1\.25 AVAX between .* the exact moment is not known/),
		});
		// The fall happened within the span the item names.
		expect(Date.parse(String(item.happenedAfter))).toBeLessThanOrEqual(Number(fall.blockTimestamp) * 1000);
		expect(Date.parse(String(item.happenedBy))).toBeGreaterThanOrEqual(Number(fall.blockTimestamp) * 1000);
	});

	it('a fall, a top-up and a fall to 0 come in their order: each alert, the top-up exactly, the disabling', async () => {
		const node = nodeId('gap recross');
		const control = await watching(node);
		await fee(node, 3);
		await waitFor('the live top-up', () => trigger.startedRuns.length === 1);
		await trigger.deactivate();
		await fee(node, -2);
		await fee(node, 3);
		await fee(node, -4);
		const expected = (await controlEvents(control, 5)).slice(1);
		await trigger.activate();

		const caughtUp = runItems(1);
		expect(what(caughtUp)).toEqual([
			['l1_validator_balance_threshold', '1', true],
			['l1_validator_balance_increased', '4', true],
			['l1_validator_balance_threshold', '0', true],
			['l1_validator_disabled', '0', true],
		]);
		expect(caughtUp.map((item) => [item.subEvent, item.feeBalanceNavax])).toEqual(expected.map((event) => [event.eventType, event.feeBalance]));
		// The top-up is a transaction: put out exactly as delivered.
		expect(caughtUp[1]).toMatchObject({ txHash: expected[1].txHash, amountNavax: expected[1].amount, blockTimestamp: expected[1].blockTimestamp, validationId: expected[1].validationId });
		expect(caughtUp[1]).not.toHaveProperty('notKnown');
		expect(caughtUp[3]).toMatchObject({ notKnown: ['blockTimestamp', 'feeBalance'], message: expect.stringMatching(/was disabled between/) });
	});

	it('does not repeat an alert that ran before unpublishing, nor alert a balance that stayed below', async () => {
		const node = nodeId('gap already');
		await watching(node);
		await fee(node, 3);
		await fee(node, -2);
		await waitFor('the live top-up and alert', () => trigger.startedRuns.length === 2);
		await trigger.deactivate();
		await fee(node, -0.5);
		await trigger.activate();
		expect(trigger.startedRuns.map((run) => what(run.map((item) => item.json)))).toEqual([
			[['l1_validator_balance_increased', '3', false]],
			[['l1_validator_balance_threshold', '1', false]],
		]);
	});

	it('puts out an alert still on its way at unpublishing once: its late arrival runs nothing (On Deactivation: Keep)', async () => {
		const node = nodeId('gap in flight');
		await watching(node, { options: { onDeactivation: 'keep' } });
		await fee(node, 3);
		await waitFor('the live top-up', () => trigger.startedRuns.length === 1);
		stack.receiver.harness = undefined;
		const before = stack.receiver.deliveries.length;
		await fee(node, -2);
		const held = (await stack.receiver.waitFor(before + 1))[before];
		stack.receiver.harness = trigger;
		await trigger.deactivate();
		await trigger.activate();
		expect(what(runItems(1))).toEqual([['l1_validator_balance_threshold', '1', true]]);
		const late = await trigger.receive(held);
		expect(late.statusCode).toBe(200);
		expect(late.items ?? []).toEqual([]);
		expect(trigger.startedRuns).toHaveLength(2);
	});

	it("tells a new fall from the caught-up one within the last second of the span the catch-up named: the new one runs, the late one does not", async () => {
		const node = nodeId('gap last second');
		const control = await watching(node);
		await fee(node, 3);
		await waitFor('the live top-up', () => trigger.startedRuns.length === 1);
		await trigger.deactivate();
		await fee(node, -2);
		await controlEvents(control, 2);
		await trigger.activate();
		const [caughtUp] = runItems(1);
		expect(what(runItems(1))).toEqual([['l1_validator_balance_threshold', '1', true]]);
		const lastSecond = Date.parse(String(caughtUp.happenedBy)) / 1000;

		// A top-up and a new fall after the catch-up read the balance, held and delivered as if they
		// came within that same second, after the caught-up fall's own delivery arriving late.
		stack.receiver.harness = undefined;
		const before = stack.receiver.deliveries.length;
		await fee(node, 3);
		await fee(node, -3.5);
		const events = await controlEvents(control, 4);
		const find = (eventType: string, avax: number) => events.find((event) => event.eventType === eventType && event.feeBalance === AVAX(avax))!;
		const [fall, topUp, newFall] = [find('l1_validator_balance_threshold', 1), find('l1_validator_balance_increased', 4), find('l1_validator_balance_threshold', 0.5)];
		await waitFor('the trigger\'s two deliveries held', () => stack.receiver.deliveries.slice(before).filter((delivery) => delivery.path !== control).length === 2);
		stack.receiver.harness = trigger;
		const secret = await stack.control.sharedSecret(stack.key);
		const webhookId = String(trigger.state.webhookId);
		const inLastSecond = (event: IDataObject) =>
			signedDelivery({ webhookId, eventType: 'validator_activity', messageId: `last-second-${String(event.eventType)}-${String(event.feeBalance)}`, event: { ...event, blockTimestamp: lastSecond } }, secret);
		const late = await trigger.receive(inLastSecond(fall));
		expect(late.statusCode).toBe(200);
		expect(late.items ?? []).toEqual([]);
		expect((await trigger.receive(inLastSecond(topUp))).statusCode).toBe(200);
		expect((await trigger.receive(inLastSecond(newFall))).statusCode).toBe(200);
		expect(trigger.startedRuns.slice(2).map((run) => what(run.map((item) => item.json)))).toEqual([
			[['l1_validator_balance_increased', '4', false]],
			[['l1_validator_balance_threshold', '0.5', false]],
		]);
		expect(trigger.startedRuns).toHaveLength(4);
	});

	it('Webhook > Reactivate puts out a fall that happened while the service had turned the webhook off, once', async () => {
		const node = nodeId('gap resume');
		await watching(node);
		await fee(node, 3);
		await waitFor('the live top-up', () => trigger.startedRuns.length === 1);
		const webhookId = String(trigger.state.webhookId);
		await primary.setWebhookStatus('inactive');
		await fee(node, -2);
		await primary.setWebhookStatus('active');
		const secret = await stack.control.sharedSecret(stack.key);
		const now = Math.floor(Date.now() / 1000);
		const first = await trigger.receive(signedDelivery(primaryResumeRequest(webhookId, now), secret));
		expect((first.body as IDataObject).catchUp).toMatchObject({ events: 1 });
		const second = await trigger.receive(signedDelivery(primaryResumeRequest(webhookId, now + 1), secret));
		expect((second.body as IDataObject).catchUp).toMatchObject({ events: 0 });
		expect(trigger.startedRuns.map((run) => what(run.map((item) => item.json)))).toEqual([
			[['l1_validator_balance_increased', '3', false]],
			[['l1_validator_balance_threshold', '1', true]],
		]);
	});
});

describe("a validator's stakes, rewards and removal while the workflow was unpublished", () => {
	it('come in one run as their deliveries, exactly where the history says it all', async () => {
		const node = nodeId('gap stakes');
		const subEvents = ['validator_stake', 'delegator_stake', 'reward_distribution', 'l1_validator_removed', ...FEE_SUB_EVENTS];
		const control = await watching(node, { validatorKeyType: 'nodeId', validatorKey: node, validatorSubEvents: subEvents, validatorFilters: {} });
		await trigger.deactivate();
		const activity = (input: IDataObject) => stack.control.validatorActivity({ network: 'fuji', nodeId: node, ...input } as Parameters<typeof stack.control.validatorActivity>[0]);
		await activity({ activity: 'validator_stake', amount: AVAX(2000), startTime: 1_900_000_000, endTime: 1_901_209_600 });
		await activity({ activity: 'delegator_stake', amount: AVAX(25), startTime: 1_900_000_100, endTime: 1_900_600_000 });
		await activity({ activity: 'reward_distribution', amount: AVAX(3.5), rewardType: 'validator' });
		await fee(node, 2);
		await activity({ activity: 'l1_validator_removed', subnetId: L1 });
		const expected = await controlEvents(control, 5);
		await trigger.activate();

		const caughtUp = runItems(0);
		expect(caughtUp.map((item) => item.subEvent)).toEqual(expected.map((event) => event.eventType));
		expect(caughtUp.map((item) => item.txHash)).toEqual(expected.map((event) => event.txHash));
		expect(caughtUp[0]).toMatchObject({ amountNavax: expected[0].amount, startTimestamp: 1_900_000_000, endTimestamp: 1_901_209_600, catchUp: true });
		expect(caughtUp[0]).not.toHaveProperty('notKnown');
		expect(caughtUp[1]).toMatchObject({ amountNavax: expected[1].amount, startTimestamp: 1_900_000_100 });
		// A reward transaction of a validator lists no outputs here: its kind is not known.
		expect(caughtUp[2]).toMatchObject({ amountNavax: expected[2].amount, rewardType: null, notKnown: ['rewardType'] });
		expect(caughtUp[4]).toMatchObject({ subEvent: 'l1_validator_removed', feeBalanceNavax: expected[4].feeBalance, validationId: expected[4].validationId });
	});
});
