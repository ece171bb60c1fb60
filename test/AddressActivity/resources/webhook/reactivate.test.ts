/**
 * Webhook > Reactivate through n8n-core: turns a webhook on again and, for an Address Activity
 * Trigger's webhook (of any event type), sends the trigger's URL a signed catch-up request for what
 * it missed.
 */
import { forgetProcessMemory } from '../../../../nodes/AddressActivityTrigger/memory/processMemory';
import { createWebhook, visibleText } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';
import { signDelivery } from '../../../harness/signing';
import { TriggerHarness } from '../../../harness/trigger';
import { waitFor } from '../../../harness/wait';
import { nodeId, pChainAddress } from '../../../emulator/primary/ids';
import { L1, pChainParameters, validatorParameters } from '../../../AddressActivityTrigger/eventTypesSupport';
import { ALICE, BOB, CAROL, FUJI, chainStateOf, startWithReceiver, triggerParameters, type EmulatorWithReceiver } from '../../../AddressActivityTrigger/support';

/** How long Reactivate gives the catch-up's reads (the item's reason says it). */
const CATCH_UP_READS_MS = 20_000;

let stack: EmulatorWithReceiver;

beforeAll(async () => {
	stack = await startWithReceiver({ timeScale: 1000 });
});

afterAll(async () => {
	await stack.close();
});

beforeEach(() => forgetProcessMemory());

afterEach(async () => {
	stack.receiver.harness = undefined;
	stack.receiver.notPublished = false;
	await stack.control.clearFaults();
});

async function account() {
	const { key } = await stack.control.createKey({ plan: 'free' });
	return { key, credentials: { apiKey: key, baseUrl: stack.emulator.url } };
}

/** A published trigger whose webhook the service turned off (as the free plan does), and a transfer it missed meanwhile. */
async function webhookTurnedOff() {
	const { key, credentials } = await account();
	const trigger = new TriggerHarness({ parameters: triggerParameters(), credentials, publicUrl: stack.receiverUrl });
	stack.receiver.harness = trigger;
	await trigger.activate();
	const webhookId = String(chainStateOf(trigger).webhookId);
	await stack.control.service(key, 'PATCH', `/v1/webhooks/${webhookId}`, { status: 'inactive' });
	const { txHash: missed } = await stack.control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000000000000000000' });
	return { key, credentials, trigger, webhookId, missed };
}

function reactivate(credentials: { apiKey: string; baseUrl: string }, ids: string[], continueOnFail = false) {
	return runNode({
		credentials,
		continueOnFail,
		items: ids.map((id) => ({ id })),
		parameters: { resource: 'webhook', operation: 'reactivate', webhookId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
	});
}

it('checks every item before any request: a bad ID in the last item sends nothing', async () => {
	const { credentials } = await account();
	const webhook = await createWebhook(credentials);
	await stack.control.clearRequests();
	const deliveriesBefore = stack.receiver.deliveries.length;
	const result = await reactivate(credentials, [webhook.id, 'not-a-webhook']);
	expect(result.error?.message).toMatch(/Webhook in item 2: "not-a-webhook"/);
	expect(await stack.control.requests()).toEqual([]);
	expect(stack.receiver.deliveries.length).toBe(deliveriesBefore);
});

it("turns a trigger's webhook on again and the trigger puts out what it missed, once", async () => {
	const { key, credentials, trigger, webhookId, missed } = await webhookTurnedOff();
	const requestsBefore = stack.receiver.deliveries.length;

	const result = await reactivate(credentials, [webhookId]);
	expect(result.error).toBeUndefined();
	const [item] = result.items;
	expect(item.json).toMatchObject({
		id: webhookId,
		status: 'active',
		reactivated: true,
		catchUp: { requested: true, statusCode: 200, fromBlock: expect.any(Number), toBlock: expect.any(Number), transactions: 1 },
	});
	expect(item.pairedItem).toEqual({ item: 0 });
	expect((await stack.control.webhooks()).find((webhook) => webhook.id === webhookId)?.status).toBe('active');
	// One request at the trigger's URL, signed as the service signs.
	const requests = stack.receiver.deliveries.slice(requestsBefore);
	expect(requests).toHaveLength(1);
	const secret = await stack.control.sharedSecret(key);
	expect(requests[0].headers['x-signature']).toBe(signDelivery(JSON.parse(requests[0].rawBody.toString('utf8')), secret));
	expect(trigger.startedRuns.map((run) => run.map((entry) => [entry.json.txHash, entry.json.catchUp]))).toEqual([[[missed, true]]]);
	expect(visibleText(result)).not.toContain(secret);

	// Run again: the webhook is active already; the trigger has put the transfer out already.
	const again = await reactivate(credentials, [webhookId]);
	expect(again.items[0].json).toMatchObject({ reactivated: false, catchUp: { requested: true, statusCode: 200 } });
	expect((again.items[0].json.catchUp as { transactions?: number }).transactions ?? 0).toBe(0);
	expect(trigger.startedRuns).toHaveLength(1);
	await trigger.deactivate();
});

it("turns the webhook on even when the service holds the catch-up's head read: the item says no catch-up was requested, and Reactivate run again requests it", async () => {
	const { credentials, trigger, webhookId, missed } = await webhookTurnedOff();
	const requestsBefore = stack.receiver.deliveries.length;
	// The service holds its answer to the chain's newest block for ten minutes.
	const headReads = `/v1/chains/${FUJI}/blocks`;
	await stack.control.addFault({ method: 'GET', path: headReads, count: 1, delayMs: 600_000 });
	await stack.control.clearRequests();
	const started = Date.now();

	const result = await reactivate(credentials, [webhookId]);
	// The node gives the catch-up's reads 20 s (not the held read's 10 min, nor the transport's 60 s
	// per attempt): it waited that long and not much longer.
	const elapsedMs = Date.now() - started;
	expect(elapsedMs).toBeGreaterThanOrEqual(CATCH_UP_READS_MS - 500);
	expect(elapsedMs).toBeLessThan(CATCH_UP_READS_MS + 25_000);
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({
		id: webhookId,
		status: 'active',
		reactivated: true,
		catchUp: {
			requested: false,
			reason: `the service did not answer the read of chain ${FUJI}'s newest block within 20 s: no catch-up was requested (run Reactivate again to request it)`,
		},
	});
	expect((await stack.control.webhooks()).find((webhook) => webhook.id === webhookId)?.status).toBe('active');
	// The held read was sent once, not again; nothing reached the trigger.
	expect((await stack.control.requests()).filter((request) => request.path === headReads)).toHaveLength(1);
	expect(stack.receiver.deliveries.length).toBe(requestsBefore);
	expect(trigger.startedRuns).toHaveLength(0);

	const again = await reactivate(credentials, [webhookId]);
	expect(again.items[0].json).toMatchObject({ reactivated: false, catchUp: { requested: true, statusCode: 200, transactions: 1 } });
	expect(trigger.startedRuns.map((run) => run.map((entry) => [entry.json.txHash, entry.json.catchUp]))).toEqual([[[missed, true]]]);
	await trigger.deactivate();
}, 180_000);

it("leaves a trigger's webhook inactive when its workflow is not published (n8n answers 404)", async () => {
	const { credentials } = await account();
	const trigger = new TriggerHarness({ parameters: triggerParameters({ options: { onDeactivation: 'keep' } }), credentials, publicUrl: stack.receiverUrl });
	stack.receiver.harness = trigger;
	await trigger.activate();
	const webhookId = String(chainStateOf(trigger).webhookId);
	await trigger.deactivate();
	expect((await stack.control.webhooks()).find((webhook) => webhook.id === webhookId)?.status).toBe('inactive');
	stack.receiver.notPublished = true;

	const result = await reactivate(credentials, [webhookId]);
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({
		id: webhookId,
		status: 'inactive',
		reactivated: false,
		catchUp: { requested: true, statusCode: 404, reason: 'the workflow is not published (n8n answered 404): the webhook is left inactive' },
	});
	expect((await stack.control.webhooks()).find((webhook) => webhook.id === webhookId)?.status).toBe('inactive');
	expect(trigger.startedRuns).toHaveLength(0);
});

it('turns on a webhook no trigger made, and says why it requests no catch-up', async () => {
	const { key, credentials } = await account();
	const webhook = await createWebhook(credentials, { url: `${stack.receiverUrl}/mine`, metadata: { addresses: [BOB] } });
	await stack.control.service(key, 'PATCH', `/v1/webhooks/${webhook.id}`, { status: 'inactive' });
	const requestsBefore = stack.receiver.deliveries.length;
	const result = await reactivate(credentials, [webhook.id]);
	expect(result.items[0].json).toMatchObject({ status: 'active', reactivated: true, catchUp: { requested: false, reason: 'not created by an Address Activity Trigger' } });
	expect(stack.receiver.deliveries.length).toBe(requestsBefore);
});


it('with Continue On Fail, a webhook the service does not know fails its item only', async () => {
	const { key, credentials } = await account();
	const webhook = await createWebhook(credentials);
	await stack.control.service(key, 'PATCH', `/v1/webhooks/${webhook.id}`, { status: 'inactive' });
	const result = await reactivate(credentials, ['5c3f4a5e-8d1b-4c2a-9e7f-1a2b3c4d5e6f', webhook.id], true);
	expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	expect(result.items[0].json).toMatchObject({ httpCode: '404', error: expect.stringMatching(/\[item 1\]$/) });
	expect(result.items[1].json).toMatchObject({ id: webhook.id, status: 'active', reactivated: true });
});

it("catches up a P-Chain trigger's and a validator trigger's webhooks too: each trigger puts out what it missed, once", async () => {
	const { key, credentials } = await account();
	const [treasury, node] = [pChainAddress('fuji', 'reactivate treasury'), nodeId('reactivate validator')];
	const pChain = new TriggerHarness({
		parameters: pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_threshold'], balanceType: 'unlockedUnstaked', balanceThreshold: '10' }),
		credentials,
		publicUrl: stack.receiverUrl,
	});
	stack.receiver.harness = pChain;
	await pChain.activate();
	const pChainWebhook = String(pChain.state.webhookId);
	await stack.control.service(key, 'PATCH', `/v1/webhooks/${pChainWebhook}`, { status: 'inactive' });
	const { txHash: crossing } = await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: '12000000000' }] });

	const result = await reactivate(credentials, [pChainWebhook]);
	expect(result.items[0].json).toMatchObject({
		reactivated: true,
		catchUp: { requested: true, statusCode: 200, fromTimestamp: expect.any(Number), toTimestamp: expect.any(Number), events: 1 },
	});
	expect(pChain.startedRuns.map((run) => run.map((entry) => [entry.json.txHash, entry.json.crossed, entry.json.catchUp]))).toEqual([[[crossing, 'above', true]]]);
	await pChain.deactivate();

	const validator = new TriggerHarness({ parameters: validatorParameters({ validatorFilters: { nodeIds: node } }), credentials, publicUrl: stack.receiverUrl, webhookId: 'c0ffee00-0000-4000-8000-0000000000a2' });
	stack.receiver.harness = validator;
	await validator.activate();
	const fee = async (change: string) => await stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId: L1, change });
	await fee('3000000000');
	await waitFor('the live top-up', () => validator.startedRuns.length === 1);
	const validatorWebhook = String(validator.state.webhookId);
	await stack.control.service(key, 'PATCH', `/v1/webhooks/${validatorWebhook}`, { status: 'inactive' });
	await fee('-2000000000');
	const again = await reactivate(credentials, [validatorWebhook]);
	expect(again.items[0].json).toMatchObject({ reactivated: true, catchUp: { requested: true, statusCode: 200, events: 1 } });
	expect(validator.startedRuns[1].map((entry) => [entry.json.subEvent, entry.json.feeBalanceAvax, entry.json.catchUp])).toEqual([['l1_validator_balance_threshold', '1', true]]);
	await validator.deactivate();
});
