/**
 * One trigger watching several chains (Chains, trigger version 3): one webhook per chain at the
 * service, registered all or none, removed together, deliveries and catch-ups per chain. And a
 * workflow saved with one chain (versions 1 and 2, their static data) keeps working.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import type { ReceivedDelivery, TriggerHarness } from '../harness/trigger';
import { waitFor } from '../harness/wait';
import { ALICE, BOB, CAROL, FUJI, chainStateOf, recordedAsRun, triggerParameters, useTriggerStack, withoutPosition } from './support';

const C_CHAIN = '43114';

// Retries after 10 s come after 10 ms; each test gets its own account, so the webhooks listed are its own.
const stack = useTriggerStack();

afterEach(async () => {
	stack.receiver.harness = undefined;
	// Whatever a failed test left registered must not deliver into the next one.
	for (const webhook of await stack.accountWebhooks()) await stack.control.service(stack.key, 'DELETE', `/v1/webhooks/${webhook.id}`);
});

/** Version 3 parameters watching Fuji and the C-Chain (or the chains given). */
function chainsParameters(chainIds: unknown = [FUJI, C_CHAIN], overrides: INodeParameters = {}): INodeParameters {
	const parameters: INodeParameters = { ...triggerParameters(overrides), chainIds: chainIds as INodeParameters[string] };
	delete parameters.chainId;
	return parameters;
}

function harness(parameters: INodeParameters, options: { typeVersion?: number; staticData?: IDataObject } = {}): TriggerHarness {
	return stack.trigger(parameters, { typeVersion: options.typeVersion ?? 3, staticData: options.staticData });
}

/** The account's webhooks as "chain status", sorted. */
async function webhooksByChain(): Promise<string[]> {
	return (await stack.accountWebhooks()).map((webhook) => `${webhook.chainId} ${webhook.status}`).sort();
}

/** A native transfer on `chainId`; waits for its delivery unless told it will not come. */
async function transfer(chainId: string, from: string, to: string, options: { delivered?: boolean } = {}): Promise<{ txHash: string; delivery?: ReceivedDelivery }> {
	const before = stack.receiver.deliveries.length;
	const { txHash } = await stack.control.activity({ chainId, from, to, value: '1000000000000000000' });
	if (options.delivered === false) return { txHash };
	const deliveries = await stack.receiver.waitFor(before + 1);
	return { txHash, delivery: deliveries[before] };
}

function json(runs: INodeExecutionData[][]): IDataObject[] {
	return runs.flat().map((item) => item.json);
}

describe('a trigger watching two chains', () => {
	it('registers one webhook per chain at its one URL, and records each under its chain', async () => {
		const trigger = harness(chainsParameters());
		await trigger.activate();
		const webhooks = await stack.accountWebhooks();
		expect(webhooks.map((webhook) => [webhook.chainId, webhook.url, webhook.status]).sort()).toEqual([
			[FUJI, trigger.webhookUrl(), 'active'],
			[C_CHAIN, trigger.webhookUrl(), 'active'],
		]);
		for (const webhook of webhooks) expect(chainStateOf(trigger, String(webhook.chainId)).webhookId).toBe(webhook.id);
		await trigger.deactivate();
	});

	it('deletes both webhooks on deactivation', async () => {
		const trigger = harness(chainsParameters());
		await trigger.activate();
		await trigger.deactivate();
		expect(await stack.accountWebhooks()).toEqual([]);
		expect(chainStateOf(trigger, FUJI).webhookId).toBeUndefined();
		expect(chainStateOf(trigger, C_CHAIN).webhookId).toBeUndefined();
	});

	it('deletes both webhooks on deactivation even after the parameters were edited into something invalid', async () => {
		const trigger = harness(chainsParameters());
		await trigger.activate();
		trigger.setParameters(chainsParameters(['not a chain'], { addresses: 'not an address' }));
		await trigger.deactivate();
		expect(await stack.accountWebhooks()).toEqual([]);
	});

	it('sets both webhooks inactive with On Deactivation "Keep", and active again at the next activation', async () => {
		const trigger = harness(chainsParameters(undefined, { options: { onDeactivation: 'keep' } }));
		await trigger.activate();
		const ids = (await stack.accountWebhooks()).map((webhook) => webhook.id).sort();
		await trigger.deactivate();
		expect(await webhooksByChain()).toEqual([`${FUJI} inactive`, `${C_CHAIN} inactive`]);
		await trigger.activate();
		expect(await webhooksByChain()).toEqual([`${FUJI} active`, `${C_CHAIN} active`]);
		expect((await stack.accountWebhooks()).map((webhook) => webhook.id).sort()).toEqual(ids);
		await trigger.delete();
	});

	it('finds both webhooks on the next activation instead of creating more', async () => {
		const trigger = harness(chainsParameters());
		await trigger.activate();
		expect(await trigger.checkExists()).toBe(true);
		expect(await stack.accountWebhooks()).toHaveLength(2);
		await trigger.deactivate();
	});

	it('is not registered (checkExists false) while one chain misses its webhook, and activation re-creates only that one', async () => {
		const trigger = harness(chainsParameters());
		await trigger.activate();
		const fuji = (await stack.accountWebhooks()).find((webhook) => webhook.chainId === FUJI);
		await stack.control.service(stack.key, 'DELETE', `/v1/webhooks/${fuji?.id}`);
		expect(await trigger.checkExists()).toBe(false);
		await trigger.create();
		const after = await stack.accountWebhooks();
		expect(after.map((webhook) => webhook.chainId).sort()).toEqual([FUJI, C_CHAIN]);
		expect(after.find((webhook) => webhook.chainId === C_CHAIN)?.id).toBe(chainStateOf(trigger, C_CHAIN).webhookId);
		expect(after.find((webhook) => webhook.chainId === FUJI)?.id).not.toBe(fuji?.id);
		await trigger.deactivate();
	});

	it('deletes the webhook of a chain removed from Chains at the next activation', async () => {
		const trigger = harness(chainsParameters());
		await trigger.activate();
		trigger.setParameters(chainsParameters([C_CHAIN]));
		await trigger.activate();
		expect(await webhooksByChain()).toEqual([`${C_CHAIN} active`]);
		expect(trigger.state.chains).not.toHaveProperty(FUJI);
		await trigger.deactivate();
	});

	it('leaves no webhook at the service when the second chain cannot be registered, and names that chain', async () => {
		await stack.control.addFault({ method: 'POST', path: '/v1/webhooks', count: 1, skip: 1, status: 400 });
		const trigger = harness(chainsParameters());
		await expect(trigger.activate()).rejects.toThrow(/^Chain 43114: /);
		expect(await stack.accountWebhooks()).toEqual([]);
		expect(chainStateOf(trigger, FUJI).webhookId).toBeUndefined();
	});

	it('takes chain IDs from an expression as text with commas', async () => {
		const trigger = harness(chainsParameters(`={{ "${FUJI}, ${C_CHAIN}" }}`));
		await trigger.activate();
		expect(await webhooksByChain()).toEqual([`${FUJI} active`, `${C_CHAIN} active`]);
		await trigger.deactivate();
	});

	it('refuses chain IDs that are not numbers before any request, naming the field and every such value with its position', async () => {
		await stack.control.clearRequests();
		const trigger = harness(chainsParameters(['c-chain', FUJI, 'fuji']));
		await expect(trigger.activate()).rejects.toThrow('Invalid Chains: 2 of 3 are not chain IDs (expected a decimal number such as 43114): #1 "c-chain", #3 "fuji"');
		expect(await stack.control.requests()).toEqual([]);
	});

	it('refuses an empty Chains list before any request', async () => {
		await stack.control.clearRequests();
		const trigger = harness(chainsParameters([]));
		await expect(trigger.activate()).rejects.toThrow('Invalid Chains: no chain is selected (pick at least one)');
		expect(await stack.control.requests()).toEqual([]);
	});
});

describe('deliveries from two chains', () => {
	it('give items that carry their chain', async () => {
		const trigger = harness(chainsParameters());
		await trigger.activate();
		const onFuji = await transfer(FUJI, CAROL, ALICE);
		const onCChain = await transfer(C_CHAIN, BOB, CAROL);
		expect(json(trigger.startedRuns).map((item) => [item.txHash, item.chainId, item.monitoredAddress, item.direction])).toEqual([
			[onFuji.txHash, FUJI, ALICE, 'in'],
			[onCChain.txHash, C_CHAIN, BOB, 'out'],
		]);
		expect(json(trigger.startedRuns).map((item) => item.webhookId)).toEqual([chainStateOf(trigger, FUJI).webhookId, chainStateOf(trigger, C_CHAIN).webhookId]);
		await trigger.deactivate();
	});

	it('run a retried message once (the first answer was lost)', async () => {
		const trigger = harness(chainsParameters());
		await trigger.activate();
		stack.receiver.loseAnswers = 1;
		const before = stack.receiver.deliveries.length;
		await stack.control.activity({ chainId: C_CHAIN, from: CAROL, to: BOB, value: '5' });
		const [first, retry] = (await stack.receiver.waitFor(before + 2)).slice(before);
		expect(retry.outcome?.statusCode).toBe(200);
		expect(first.rawBody.toString()).toBe(retry.rawBody.toString());
		expect(trigger.startedRuns).toHaveLength(1);
		expect(json(trigger.startedRuns)[0]).toMatchObject({ chainId: C_CHAIN, monitoredAddress: BOB });
		await trigger.deactivate();
	});

	it('write only the durable position of their chain (n8n saves static data whole: the registration is the lifecycle’s)', async () => {
		forgetProcessMemory();
		const trigger = harness(chainsParameters());
		await trigger.activate();
		const registered = withoutPosition(JSON.parse(JSON.stringify(trigger.state)) as IDataObject);
		const onFuji = await transfer(FUJI, CAROL, ALICE);
		const onCChain = await transfer(C_CHAIN, CAROL, ALICE);
		expect(trigger.startedRuns).toHaveLength(2);
		await waitFor('both transactions in their chain’s position', () => recordedAsRun(trigger, onFuji.txHash, FUJI) && recordedAsRun(trigger, onCChain.txHash, C_CHAIN), 20_000);
		expect(recordedAsRun(trigger, onFuji.txHash, C_CHAIN)).toBe(false);
		expect(withoutPosition(trigger.state)).toEqual(registered);
		await trigger.deactivate();
	});
});

describe('catching up per chain', () => {
	it('puts out the gap of each chain once, each item with its chain, in one run per chain', async () => {
		const trigger = harness(chainsParameters());
		await trigger.activate();
		await trigger.deactivate();
		const missedOnFuji = await transfer(FUJI, CAROL, ALICE, { delivered: false });
		const missedOnCChain = await transfer(C_CHAIN, CAROL, BOB, { delivered: false });
		await trigger.activate();
		expect(trigger.startedRuns).toHaveLength(2);
		expect(trigger.startedRuns.map((run) => json([run]).map((item) => [item.txHash, item.chainId, item.catchUp]))).toEqual([
			[[missedOnFuji.txHash, FUJI, true]],
			[[missedOnCChain.txHash, C_CHAIN, true]],
		]);
		// Each chain's gap is forgotten once caught up; each chain marks where receiving resumed.
		for (const chainId of [FUJI, C_CHAIN]) expect(chainStateOf(trigger, chainId).catchUp).toEqual({ mark: expect.any(Object) });
		await trigger.deactivate();
	});
});

describe('a workflow saved with one chain', () => {
	it('keeps the webhook recorded in the single-chain static data of earlier versions, creating no second one', async () => {
		const earlier = harness(triggerParameters(), { typeVersion: 2 });
		await earlier.activate();
		const [webhook] = await stack.accountWebhooks();
		// Static data as versions before several chains saved it.
		const saved = { [`node:${earlier.node.name}`]: { webhookId: webhook.id, webhookUrl: earlier.webhookUrl(), chainId: FUJI, ownAddresses: [ALICE, BOB], catchUp: { mark: { block: 1, at: Date.now() } } } };
		forgetProcessMemory();

		const upgraded = harness(triggerParameters(), { typeVersion: 2, staticData: saved });
		expect(await upgraded.checkExists()).toBe(true);
		expect(await stack.accountWebhooks()).toEqual([webhook]);
		expect(upgraded.state).toEqual({
			chains: { [FUJI]: { webhookId: webhook.id, webhookUrl: upgraded.webhookUrl(), ownAddresses: [ALICE, BOB], catchUp: { mark: expect.any(Object) } } },
		});
		const { txHash } = await transfer(FUJI, CAROL, ALICE);
		expect(json(upgraded.startedRuns).map((item) => [item.txHash, item.chainId])).toEqual([[txHash, FUJI]]);
		await upgraded.deactivate();
		expect(await stack.accountWebhooks()).toEqual([]);
	});
});
