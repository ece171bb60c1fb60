/**
 * The requests the trigger sends its own URL for the durable position, seen at the receiver that
 * stands for n8n: a flush of what the process ran is sent again, later each time, until one finds
 * everything recorded, and after five that fail the process warns; a heal (the catch-up a process
 * asks for after its start) that fails is warned about with n8n's answer. Neither warning carries
 * the API key or the shared secret.
 */
import type { IDataObject } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { logLines } from '../../harness/logger';
import type { ReceivedDelivery } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { ALICE, FUJI, deliveredTransfer, ownRequests, publishedAndRunning, recordedAsRun, triggerParameters, useTriggerStack } from '../support';

const stack = useTriggerStack();

afterEach(async () => {
	stack.receiver.notPublished = false;
	await stack.receiver.harness?.deactivate();
	stack.receiver.harness = undefined;
});

const bodyOf = (delivery: ReceivedDelivery) => JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;

/** The flushes since `from` that list the transaction. */
const flushesOf = (txHash: string, from: number) => ownRequests(stack.receiver, 'flush', from).filter((flush) => JSON.stringify(bodyOf(flush).flush).includes(txHash.toLowerCase()));

const warningsSince = (from: number) => logLines.slice(from).filter((line) => line.level === 'warn').map((line) => line.message);

async function expectNoSecrets(text: string): Promise<void> {
	expect(text).not.toContain(stack.key);
	expect(text).not.toContain(await stack.control.sharedSecret(stack.key));
}

describe('flushes', () => {
	it('are sent again until one finds the run recorded: a write n8n failed to save is made good by the next flush', async () => {
		const trigger = await publishedAndRunning(stack, 2);
		const from = stack.receiver.deliveries.length;
		// The delivery's write is lost (n8n logs and swallows a failed save).
		trigger.dropNextSaves = 1;
		const { txHash } = await deliveredTransfer(stack);
		expect(trigger.dropNextSaves).toBe(0);
		expect(recordedAsRun(trigger, txHash)).toBe(false);
		const recordedFlush = await waitFor(`a flush of ${txHash} answered "recorded"`, () =>
			flushesOf(txHash, from).find((flush) => (flush.outcome?.body as { flush?: { alreadyRecorded?: boolean } } | undefined)?.flush?.alreadyRecorded === true),
		60_000);
		const flushes = flushesOf(txHash, from);
		expect(flushes.map((flush) => [flush.outcome?.statusCode, (flush.outcome?.body as { flush?: unknown }).flush])).toEqual([
			[200, { alreadyRecorded: false }],
			[200, { alreadyRecorded: true }],
		]);
		expect(flushes[1]).toBe(recordedFlush);
		expect(flushes.every((flush) => typeof flush.headers['x-signature'] === 'string')).toBe(true);
		expect(recordedAsRun(trigger, txHash)).toBe(true);
	});

	it('that fail five times in a row end with a warning naming the chain', async () => {
		const trigger = await publishedAndRunning(stack, 2);
		const [from, logged] = [stack.receiver.deliveries.length, logLines.length];
		const { txHash } = await deliveredTransfer(stack);
		// n8n answers 404 from now on (as for a workflow unpublished meanwhile): no flush gets through.
		stack.receiver.notPublished = true;
		const warning = await waitFor('the warning after five flushes', () => warningsSince(logged).find((message) => message.includes('flushes')), 90_000);
		expect(warning).toBe(
			`Address Activity Trigger (workflow wf-trigger-1, node "${trigger.node.name}"): could not record what ran on chain ${FUJI} after 5 flushes; the next delivery tries again, and a catch-up meanwhile marks what may come twice (possibleRepeat)`,
		);
		// Each answered 404 by the receiver, never handed to the trigger.
		expect(flushesOf(txHash, from).map((flush) => flush.outcome)).toEqual([undefined, undefined, undefined, undefined, undefined]);
		await expectNoSecrets(warning);
	});
});

describe('the heal after a start', () => {
	it('answered by n8n\'s own "starting up" (a 200 that is not the trigger\'s answer) is sent again, and then caught up', async () => {
		await stack.publishedTrigger(triggerParameters({ addresses: ALICE }), { persistence: 'n8n' });
		forgetProcessMemory();
		const from = stack.receiver.deliveries.length;
		await deliveredTransfer(stack);
		// The load balancer sends the heal to a process still starting.
		stack.receiver.startingUp = true;
		await waitFor('a heal answered "starting up"', () => ownRequests(stack.receiver, 'heal', from).length >= 1, 60_000);
		stack.receiver.startingUp = false;
		const heals = await waitFor('the heal sent again', () => {
			const sent = ownRequests(stack.receiver, 'heal', from);
			return sent.length >= 2 && sent[1].outcome !== undefined ? sent : undefined;
		}, 60_000);
		expect(heals[0].outcome).toBeUndefined();
		expect(heals[1].outcome?.statusCode).toBe(200);
		expect(heals[1].outcome?.body).toMatchObject({ received: true });
		expect(bodyOf(heals[1]).messageId).toBe(bodyOf(heals[0]).messageId);
	});


	it('answered otherwise than 2xx is sent again, four times in all, then warned about with n8n\'s answer', async () => {
		const trigger = await stack.publishedTrigger(triggerParameters({ addresses: ALICE }), { persistence: 'n8n' });
		forgetProcessMemory();
		const [from, logged] = [stack.receiver.deliveries.length, logLines.length];
		// The heal's read of the chain's head fails: the trigger answers it 503.
		await stack.control.addFault({ method: 'GET', path: `/v1/chains/${FUJI}/blocks`, count: 1000, status: 500 });
		await deliveredTransfer(stack);
		const warning = await waitFor('the warning of the failed heal', () => warningsSince(logged).find((message) => message.includes('could not catch up after this n8n process started')), 170_000);
		const heals = ownRequests(stack.receiver, 'heal', from);
		expect(heals.map((heal) => heal.outcome?.statusCode)).toEqual([503, 503, 503, 503]);
		// The same request each time: a copy that got through earlier is not caught up twice.
		expect(new Set(heals.map((heal) => bodyOf(heal).messageId)).size).toBe(1);
		expect(warning).toMatch(
			new RegExp(`^Address Activity Trigger \\(workflow wf-trigger-1, node "${trigger.node.name}"\\): could not catch up after this n8n process started \\(n8n answered 503 \\(.*Could not read the head of chain ${FUJI} to catch up.*\\)\\); the next delivery tries again$`),
		);
		await stack.control.clearFaults();
		await expectNoSecrets(warning);
	}, 200_000);
});
