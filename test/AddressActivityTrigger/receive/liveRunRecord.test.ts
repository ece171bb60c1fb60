/**
 * What a live delivery's run leaves in the durable position, through n8n-core with static data kept
 * as n8n keeps it: the run is written with its request on n8n 2.x, and by a flush to the trigger's
 * own URL on n8n 1.x (which saves before the run exists); a transaction the record lists as run is
 * acknowledged without a run, even by a process that has just started; and a process that has just
 * started asks its own URL for a catch-up of what n8n may have acknowledged for it while starting.
 */
import type { IDataObject } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import type { ReceivedDelivery, TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { ALICE, CAROL, FUJI, recordedAsRun, triggerParameters, useTriggerStack } from '../support';

const stack = useTriggerStack();
let trigger: TriggerHarness | undefined;

afterEach(async () => {
	await trigger?.deactivate();
	trigger = undefined;
	stack.receiver.harness = undefined;
});

async function publish(n8nMajor: 1 | 2): Promise<TriggerHarness> {
	trigger = await stack.publishedTrigger(triggerParameters({ addresses: ALICE }), { persistence: 'n8n', n8nMajor });
	return trigger;
}

const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;

/** A transfer to ALICE and its delivery, once the trigger has answered it. */
async function deliveredTransfer(): Promise<{ txHash: string; delivery: ReceivedDelivery }> {
	const { txHash } = await stack.control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000000000000000000' });
	const delivery = await waitFor(`the delivery of ${txHash}`, () => stack.receiver.deliveries.find((each) => each.outcome !== undefined && each.rawBody.toString().includes(txHash)));
	return { txHash, delivery };
}

/** The trigger's own requests to its URL of one form (flush, heal) since `from`. */
const ownRequests = (form: 'flush' | 'heal', from = 0) => stack.receiver.deliveries.slice(from).filter((delivery) => bodyOf(delivery)[form] !== undefined);

/**
 * Published, a first transfer run, and the catch-up the process asks for after its start answered:
 * from then on a run is written as a running process writes it (a delivery within half a second of
 * a publication's end leaves its write to a flush, as the publication's save would undo it).
 */
async function publishedAndRunning(n8nMajor: 1 | 2): Promise<TriggerHarness> {
	const from = stack.receiver.deliveries.length;
	const published = await publish(n8nMajor);
	await deliveredTransfer();
	await waitFor('the catch-up after the start answered', () => ownRequests('heal', from).some((heal) => heal.outcome?.statusCode === 200), 30_000);
	return published;
}

describe('a live run in the durable position', () => {
	it('on n8n 2.x is written with the delivery that ran it', async () => {
		const published = await publishedAndRunning(2);
		const { txHash, delivery } = await deliveredTransfer();
		expect(delivery.outcome?.statusCode).toBe(200);
		expect(published.startedRuns.at(-1)?.map((item) => item.json.txHash)).toEqual([txHash]);
		expect(recordedAsRun(published, txHash)).toBe(true);
	});

	it('on n8n 1.x (which saves before the run exists) is written by a flush the process sends its own URL', async () => {
		const published = await publishedAndRunning(1);
		const from = stack.receiver.deliveries.length;
		const { txHash } = await deliveredTransfer();
		expect(published.startedRuns.at(-1)?.map((item) => item.json.txHash)).toEqual([txHash]);
		expect(recordedAsRun(published, txHash)).toBe(false);
		const flush = await waitFor(`a flush with ${txHash}, answered`, () =>
			ownRequests('flush', from).find((each) => each.outcome !== undefined && JSON.stringify(bodyOf(each).flush).includes(txHash.toLowerCase())),
		30_000);
		expect(flush.outcome?.statusCode).toBe(200);
		expect(typeof flush.headers['x-signature']).toBe('string');
		expect(recordedAsRun(published, txHash)).toBe(true);
	});

	it('a transaction the record lists as run is acknowledged without a run, in a process that has just started (its memory of the message gone)', async () => {
		const published = await publishedAndRunning(2);
		const { txHash, delivery } = await deliveredTransfer();
		expect(recordedAsRun(published, txHash)).toBe(true);
		const runs = published.startedRuns.length;
		forgetProcessMemory();
		// The service's retry of the same message, as after an answer lost on the way back.
		const retry = await published.receive({ headers: delivery.headers, rawBody: delivery.rawBody });
		expect({ statusCode: retry.statusCode, body: retry.body, items: retry.items }).toEqual({ statusCode: 200, body: { received: true }, items: undefined });
		expect(published.startedRuns).toHaveLength(runs);
	});

	it('a process that has just started asks its own URL, signed, for a catch-up of what was made before its first delivery', async () => {
		await publish(2);
		forgetProcessMemory();
		const from = stack.receiver.deliveries.length;
		const before = Date.now();
		await deliveredTransfer();
		const [heal] = await waitFor('the heal request', () => {
			const heals = ownRequests('heal', from);
			return heals.length > 0 && heals[0].outcome !== undefined ? heals : undefined;
		}, 30_000);
		const body = bodyOf(heal);
		expect(typeof heal.headers['x-signature']).toBe('string');
		expect(body).toMatchObject({ eventType: 'n8n_address_activity_catch_up', chainId: FUJI, webhookId: expect.any(String) });
		expect((body.heal as { madeBefore: number }).madeBefore).toBeGreaterThanOrEqual(before);
		expect(heal.outcome?.statusCode).toBe(200);
	});
});
