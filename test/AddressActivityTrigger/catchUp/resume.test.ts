/**
 * The trigger's side of Webhook > Reactivate: a signed resume request (the head once the webhook was
 * active again) gets one run of what the webhook missed since the last publication.
 */
import type { IDataObject } from 'n8n-workflow';

import { resumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { ALICE, BOB, CAROL, DAVE, FUJI, chainStateOf, recordedAsRun, triggerParameters, useTriggerStack } from '../support';

const stack = useTriggerStack();
let trigger: TriggerHarness;
let webhookId: string;

beforeEach(async () => {
	trigger = await stack.publishedTrigger(triggerParameters());
	webhookId = String(chainStateOf(trigger).webhookId);
});

afterEach(async () => {
	await trigger.deactivate();
	stack.receiver.harness = undefined;
});

async function transfer(from: string, to: string, delivered: boolean): Promise<string> {
	const before = stack.receiver.deliveries.length;
	const { txHash } = await stack.control.activity({ chainId: FUJI, from, to, value: '1000000000000000000' });
	if (delivered) await stack.receiver.waitFor(before + 1);
	return txHash;
}

/** The service turns the webhook off (as the free plan does after failed messages). */
async function serviceDeactivates(): Promise<void> {
	await stack.control.service(stack.key, 'PATCH', `/v1/webhooks/${webhookId}`, { status: 'inactive' });
}

async function head(): Promise<number> {
	const { body } = await stack.control.service<{ blocks: IDataObject[] }>(stack.key, 'GET', `/v1/chains/${FUJI}/blocks?pageSize=1`);
	return Number(body.blocks[0].blockNumber);
}

async function resume(body: object = resumeRequest(webhookId, FUJI, 0), secret?: string) {
	return await trigger.receive(signedDelivery(body, secret ?? (await stack.control.sharedSecret(stack.key))));
}

function hashes(run: number): unknown[] {
	return trigger.startedRuns[run].map((item) => item.json.txHash);
}

it('runs the transfers since the last publication once, marked and in block order, without those put out live', async () => {
	const live = await transfer(CAROL, ALICE, true);
	await serviceDeactivates();
	const missed = [await transfer(BOB, CAROL, false), await transfer(DAVE, ALICE, false)];
	await transfer(CAROL, DAVE, false);
	trigger.markStaticDataSaved();
	const request = resumeRequest(webhookId, FUJI, await head());

	const answer = await resume(request);
	expect(answer.statusCode).toBe(200);
	expect(trigger.startedRuns).toHaveLength(2);
	expect(hashes(0)).toEqual([live]);
	expect(hashes(1)).toEqual(missed);
	expect(trigger.startedRuns[1].every((item) => item.json.catchUp === true)).toBe(true);
	expect(answer.body).toEqual({ received: true, catchUp: { fromBlock: expect.any(Number), toBlock: request.resume.toBlock, transactions: 2 } });
	// The catch-up wrote what it put out to the durable position, with its run.
	for (const hash of missed) expect(recordedAsRun(trigger, hash)).toBe(true);

	// The same request again (a retry): no second run.
	expect((await resume(request)).statusCode).toBe(200);
	expect(trigger.startedRuns).toHaveLength(2);
});

it('refuses a bad signature and an unknown webhook with 401, without a run', async () => {
	await serviceDeactivates();
	await transfer(BOB, CAROL, false);
	const toBlock = await head();
	const forged = await resume(resumeRequest(webhookId, FUJI, toBlock), 'ab'.repeat(32));
	expect(forged.statusCode).toBe(401);
	const unknown = await resume(resumeRequest('5c3f4a5e-8d1b-4c2a-9e7f-1a2b3c4d5e6f', FUJI, toBlock));
	expect(unknown.statusCode).toBe(401);
	expect(unknown.body).toMatchObject({ received: false, message: expect.stringContaining('not registered at this trigger') });
	expect(trigger.startedRuns).toHaveLength(0);
});

it('starts no run and says why when the trigger recorded no block to start from', async () => {
	await serviceDeactivates();
	await transfer(BOB, CAROL, false);
	// As after a publication by a version without the catch-up.
	delete (chainStateOf(trigger) as IDataObject).catchUp;
	const answer = await resume(resumeRequest(webhookId, FUJI, await head()));
	expect(answer.statusCode).toBe(200);
	expect(answer.body).toEqual({ received: false, message: expect.stringMatching(/^No catch-up of chain 43113: the trigger has recorded no block to start from/) });
	expect(trigger.startedRuns).toHaveLength(0);
});

it('keeps to Catch Up At Most: a last publication longer ago gives the gapTooLong item, then only the last hours', async () => {
	trigger.setParameters(triggerParameters({ options: { catchUpHours: 1 } }));
	await serviceDeactivates();
	const tooOld = await transfer(CAROL, ALICE, false);
	// Three hours later (on the chain and in n8n) the health example turns the webhook on.
	await stack.control.advanceClock(3 * 3_600_000);
	const recent = await transfer(BOB, CAROL, false);
	const request = resumeRequest(webhookId, FUJI, await head());
	const realNow = Date.now.bind(Date);
	const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 3 * 3_600_000);
	try {
		expect((await resume(request)).statusCode).toBe(200);
	} finally {
		later.mockRestore();
	}
	const items = trigger.startedRuns[0].map((item) => item.json);
	expect(items[0]).toMatchObject({ catchUp: true, gapTooLong: true });
	expect(String(items[0].message)).toMatch(/^The trigger cannot tell when its webhook stopped receiving after its last publication at .* \(block \d+ on\), longer ago than Catch Up At Most allows: transfers before .* are not put out$/);
	expect(items.slice(1).map((item) => item.txHash)).toEqual([recent]);
	expect(items.some((item) => item.txHash === tooOld)).toBe(false);
});
