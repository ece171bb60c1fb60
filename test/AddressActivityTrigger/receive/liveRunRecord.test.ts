/**
 * What a live delivery's run leaves in the durable position, through n8n-core with static data kept
 * as n8n keeps it: the run is written with its request on n8n 2.x, and by a flush to the trigger's
 * own URL on n8n 1.x (which saves before the run exists); a transaction the record lists as run is
 * acknowledged without a run, even by a process that has just started; and a process that has just
 * started asks its own URL for a catch-up of what n8n may have acknowledged for it while starting.
 */
import type { IDataObject } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import type { ReceivedDelivery } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { ALICE, FUJI, deliveredTransfer, ownRequests, publishedAndRunning, recordedAsRun, triggerParameters, useTriggerStack } from '../support';

const stack = useTriggerStack();

afterEach(async () => {
	// The test's trigger (the receiver hands it every request): unpublished even when the test failed midway.
	await stack.receiver.harness?.deactivate();
	stack.receiver.harness = undefined;
});

const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;

describe('a live run in the durable position', () => {
	it('on n8n 2.x is written with the delivery that ran it', async () => {
		const published = await publishedAndRunning(stack, 2);
		const { txHash, delivery } = await deliveredTransfer(stack);
		expect(delivery.outcome?.statusCode).toBe(200);
		expect(published.startedRuns.at(-1)?.map((item) => item.json.txHash)).toEqual([txHash]);
		expect(recordedAsRun(published, txHash)).toBe(true);
	});

	it('on n8n 1.x (which saves before the run exists) is written by a flush the process sends its own URL', async () => {
		const published = await publishedAndRunning(stack, 1);
		const from = stack.receiver.deliveries.length;
		const { txHash } = await deliveredTransfer(stack);
		expect(published.startedRuns.at(-1)?.map((item) => item.json.txHash)).toEqual([txHash]);
		expect(recordedAsRun(published, txHash)).toBe(false);
		const flush = await waitFor(`a flush with ${txHash}, answered`, () =>
			ownRequests(stack.receiver, 'flush', from).find((each) => each.outcome !== undefined && JSON.stringify(bodyOf(each).flush).includes(txHash.toLowerCase())),
		30_000);
		expect(flush.outcome?.statusCode).toBe(200);
		expect(typeof flush.headers['x-signature']).toBe('string');
		expect(recordedAsRun(published, txHash)).toBe(true);
	});

	it('a transaction the record lists as run is acknowledged without a run, in a process that has just started (its memory of the message gone)', async () => {
		const published = await publishedAndRunning(stack, 2);
		const { txHash, delivery } = await deliveredTransfer(stack);
		expect(recordedAsRun(published, txHash)).toBe(true);
		const runs = published.startedRuns.length;
		forgetProcessMemory();
		// The service's retry of the same message, as after an answer lost on the way back.
		const retry = await published.receive({ headers: delivery.headers, rawBody: delivery.rawBody });
		expect({ statusCode: retry.statusCode, body: retry.body, items: retry.items }).toEqual({ statusCode: 200, body: { received: true }, items: undefined });
		expect(published.startedRuns).toHaveLength(runs);
	});

	it('a process that has just started asks its own URL, signed, for a catch-up of what was made before its first delivery', async () => {
		await stack.publishedTrigger(triggerParameters({ addresses: ALICE }), { persistence: 'n8n' });
		forgetProcessMemory();
		const from = stack.receiver.deliveries.length;
		const before = Date.now();
		await deliveredTransfer(stack);
		const [heal] = await waitFor('the heal request', () => {
			const heals = ownRequests(stack.receiver, 'heal', from);
			return heals.length > 0 && heals[0].outcome !== undefined ? heals : undefined;
		}, 30_000);
		const body = bodyOf(heal);
		expect(typeof heal.headers['x-signature']).toBe('string');
		expect(body).toMatchObject({ eventType: 'n8n_address_activity_catch_up', chainId: FUJI, webhookId: expect.any(String) });
		expect((body.heal as { madeBefore: number }).madeBefore).toBeGreaterThanOrEqual(before);
		expect(heal.outcome?.statusCode).toBe(200);
	});
});
