import type { IDataObject } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import type { RunningEmulator } from '../../emulator';
import { startEmulator } from '../../emulator';
import { EmulatorControl, type EmulatorWebhook } from '../../harness/emulatorControl';
import { TriggerHarness, type TriggerHarnessOptions } from '../../harness/trigger';
import { ALICE, BOB, CAROL, DAVE, FUJI, triggerParameters } from '../support';

let emulator: RunningEmulator;
let control: EmulatorControl;
let key: string;

beforeAll(async () => {
	emulator = await startEmulator();
	control = new EmulatorControl(emulator.url);
});

afterAll(async () => {
	await emulator.close();
});

beforeEach(async () => {
	// Each test is a fresh n8n process: nothing learned by an earlier one.
	forgetProcessMemory();
	// Each test gets its own account, so webhook counts are its own.
	key = (await control.createKey({ plan: 'paid' })).key;
	await control.clearFaults();
	await control.clearRequests();
});

function harness(overrides: Partial<TriggerHarnessOptions> = {}): TriggerHarness {
	return new TriggerHarness({
		parameters: triggerParameters(),
		credentials: { apiKey: key, baseUrl: emulator.url },
		...overrides,
	});
}

/** What the trigger keeps in static data about its webhook on Fuji. */
function fuji(trigger: TriggerHarness): IDataObject {
	return ((trigger.state.chains as IDataObject | undefined)?.[FUJI] ?? {}) as IDataObject;
}

async function accountWebhooks(): Promise<EmulatorWebhook[]> {
	const { body } = await control.service<{ webhooks: EmulatorWebhook[] }>(key, 'GET', '/v1/webhooks?pageSize=100');
	return body.webhooks;
}

async function requestLines(): Promise<string[]> {
	return (await control.requests()).map((request) => `${request.method} ${request.path} ${request.statusCode}`);
}

describe('activation registers one webhook', () => {
	it('creates the webhook with our URL and parameters, named after the workflow and node', async () => {
		const trigger = harness({
			parameters: triggerParameters({ addresses: `${ALICE}\n${BOB.toUpperCase().replace('0X', '0x')}`, includeLogs: true }),
		});
		await trigger.activate();
		// Read first: the test's own checks below are requests too.
		const lines = await requestLines();

		const webhooks = await accountWebhooks();
		expect(webhooks).toHaveLength(1);
		const [webhook] = webhooks;
		expect(webhook).toMatchObject({
			url: trigger.webhookUrl(),
			chainId: FUJI,
			status: 'active',
			includeLogs: true,
			includeInternalTxs: false,
			name: 'n8n: Treasury alerts / Address Activity Trigger',
		});
		expect(webhook.description).toContain('workflow ID wf-trigger-1');
		expect(webhook.metadata.addresses.map((address) => address.toLowerCase()).sort()).toEqual([ALICE, BOB]);
		// Per chain: the webhook there, and where receiving began (the chain head once the webhook was active; a later gap starts after it).
		expect(trigger.state).toEqual({
			chains: {
				[FUJI]: {
					webhookId: webhook.id,
					webhookUrl: trigger.webhookUrl(),
					ownAddresses: [ALICE, BOB],
					catchUp: { mark: { block: Number((await control.chains()).find((chain) => chain.chainId === FUJI)?.headBlockNumber), at: expect.any(Number) } },
				},
			},
		});
		// The secret stays out of static data, which n8n stores and shows with the workflow.
		expect(JSON.stringify(trigger.persistedStaticData())).not.toContain(await control.sharedSecret(key));
		expect(lines).toEqual([
			`GET /v1/webhooks 200`,
			`POST /v1/webhooks 201`,
			'GET /v1/webhooks:getSharedSecret 200',
			`GET /v1/chains/${FUJI} 200`,
			`GET /v1/chains/${FUJI}/blocks 200`,
		]);
	});

	it('does not fetch the shared secret when Verify Signature is off', async () => {
		const trigger = harness({ parameters: triggerParameters({ options: { verifySignature: false } }) });
		await trigger.activate();
		expect((await control.requests()).map((request) => request.path)).not.toContain('/v1/webhooks:getSharedSecret');
		expect(trigger.state.sharedSecret).toBeUndefined();
		expect(fuji(trigger).webhookId).toBe((await accountWebhooks())[0].id);
	});

	it('uses the Webhook Name option when given', async () => {
		const trigger = harness({ parameters: triggerParameters({ options: { webhookName: 'Treasury wallets' } }) });
		await trigger.activate();
		expect((await accountWebhooks())[0].name).toBe('Treasury wallets');
	});

	it('finds the existing webhook on the next activation instead of creating a second', async () => {
		const trigger = harness();
		await trigger.activate();
		const [first] = await accountWebhooks();
		await control.clearRequests();

		await trigger.activate();

		expect(await requestLines()).toEqual([
			`GET /v1/webhooks/${first.id} 200`,
			'GET /v1/webhooks:getSharedSecret 200',
			// The webhook was receiving: nothing to catch up, only where receiving goes on is marked.
			`GET /v1/chains/${FUJI}/blocks 200`,
		]);
		expect(await accountWebhooks()).toEqual([first]);
	});

	it('adopts its webhook by URL when the stored id was lost, never creating a second', async () => {
		await harness().activate();
		const [webhook] = await accountWebhooks();

		const restarted = harness(); // same workflow and node, empty static data
		await restarted.activate();

		expect(await accountWebhooks()).toHaveLength(1);
		expect(fuji(restarted).webhookId).toBe(webhook.id);
		expect(restarted.state.sharedSecret).toBeUndefined();
	});

	it('fits generated names and descriptions into the 256 characters the service allows, keeping the node name', async () => {
		const trigger = harness({ workflowName: `Treasury ${'x'.repeat(300)}`, nodeName: 'Wallet Activity' });
		await trigger.activate();
		const [webhook] = await accountWebhooks();
		expect(webhook.name.length).toBeLessThanOrEqual(256);
		expect(webhook.name).toMatch(/^n8n: Treasury x+… \/ Wallet Activity$/);
		expect(webhook.description.length).toBeLessThanOrEqual(256);
	});

	it('fails before any request when addresses are invalid, naming every one with its position', async () => {
		const trigger = harness({ parameters: triggerParameters({ addresses: `${ALICE}, 0x12345\nnot-an-address, ${ALICE.slice(0, -1)}x` }) });
		await expect(trigger.activate()).rejects.toThrow(
			`Invalid Addresses: 3 of 4 are not valid addresses (expected 0x followed by 40 hexadecimal characters): #2 "0x12345", #3 "not-an-address", #4 "${ALICE.slice(0, -1)}x"`,
		);
		expect(await control.requests()).toEqual([]);
	});

	it('states the plan limit and the number configured when there are too many addresses', async () => {
		key = (await control.createKey({ plan: 'free' })).key;
		const addresses = Array.from({ length: 6 }, (_, index) => `0x${String(index + 1).padStart(40, '0')}`);
		const trigger = harness({ parameters: triggerParameters({ addresses: addresses.join(',') }) });

		await expect(trigger.activate()).rejects.toThrow(
			"Too many addresses: this trigger has 6 configured, but the account's plan allows at most 5 addresses per webhook",
		);
		expect(await accountWebhooks()).toEqual([]);
		expect(fuji(trigger).webhookId).toBeUndefined();
	});

	it('removes the webhook again when a step after creating it fails', async () => {
		forgetProcessMemory();
		await control.addFault({ method: 'GET', path: '/v1/webhooks:getSharedSecret', count: 1, status: 403 });
		const trigger = harness();

		await expect(trigger.activate()).rejects.toThrow('The API key lacks the privilege for this action');

		const lines = await requestLines();
		expect(await accountWebhooks()).toEqual([]);
		const created = lines.findIndex((line) => line.startsWith('POST /v1/webhooks 201'));
		expect(created).toBeGreaterThanOrEqual(0);
		expect(lines.slice(created + 1)).toEqual([
			'GET /v1/webhooks:getSharedSecret 403',
			expect.stringMatching(/^DELETE \/v1\/webhooks\/[0-9a-f-]{36} 200$/),
		]);
		expect(fuji(trigger).webhookId).toBeUndefined();
	});

	it('adds addresses beyond one request in batches after creating, and cleans up if a batch fails', async () => {
		const addresses = Array.from({ length: 1200 }, (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`);
		const trigger = harness({ parameters: triggerParameters({ addresses: addresses.join('\n') }) });
		await trigger.activate();
		const [webhook] = await accountWebhooks();
		const { body } = await control.service<{ totalAddresses: number }>(key, 'GET', `/v1/webhooks/${webhook.id}/addresses?pageSize=1`);
		expect(body.totalAddresses).toBe(1200);
		expect((await requestLines()).filter((line) => line.startsWith('PATCH'))).toHaveLength(2);

		const other = harness({ parameters: triggerParameters({ addresses: addresses.join('\n') }), webhookId: 'c0ffee00-0000-4000-8000-000000000002' });
		await control.addFault({ method: 'PATCH', path: '/v1/webhooks/', count: 1, status: 400 });
		await expect(other.activate()).rejects.toThrow('The service rejected the request');
		expect(await accountWebhooks()).toEqual([webhook]);
	});
});

describe('a plan limit reached by a later batch of addresses', () => {
	let small: RunningEmulator;
	beforeAll(async () => {
		small = await startEmulator({ paidAddressLimit: 700 });
	});
	afterAll(async () => {
		await small.close();
	});

	it('states the limit and the number configured, and leaves no webhook behind', async () => {
		const smallControl = new EmulatorControl(small.url);
		const paidKey = (await smallControl.createKey({ plan: 'paid' })).key;
		const addresses = Array.from({ length: 1000 }, (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`);
		const trigger = new TriggerHarness({
			parameters: triggerParameters({ addresses: addresses.join(' ') }),
			credentials: { apiKey: paidKey, baseUrl: small.url },
		});

		await expect(trigger.activate()).rejects.toThrow(
			"Too many addresses: this trigger has 1000 configured, but the account's plan allows at most 700 addresses per webhook",
		);
		const lines = (await smallControl.requests()).map((request) => `${request.method} ${request.statusCode}`);
		expect(lines.slice(-3)).toEqual(['POST 201', 'PATCH 400', 'DELETE 200']);
		expect(await smallControl.webhooks()).toEqual([]);
	});
});

describe('checkExists repairs or replaces the webhook', () => {
	it('re-activates a webhook the service set inactive', async () => {
		const trigger = harness();
		await trigger.activate();
		const [webhook] = await accountWebhooks();
		await control.service(key, 'PATCH', `/v1/webhooks/${webhook.id}`, { status: 'inactive' });

		expect(await trigger.checkExists()).toBe(true);

		expect(await accountWebhooks()).toEqual([expect.objectContaining({ id: webhook.id, status: 'active' })]);
	});

	it('creates a new webhook after the old one was deleted at the service', async () => {
		const trigger = harness();
		await trigger.activate();
		const [old] = await accountWebhooks();
		await control.service(key, 'DELETE', `/v1/webhooks/${old.id}`);

		expect(await trigger.checkExists()).toBe(false);
		expect(fuji(trigger).webhookId).toBeUndefined();
		await trigger.create();

		const webhooks = await accountWebhooks();
		expect(webhooks).toHaveLength(1);
		expect(webhooks[0].id).not.toBe(old.id);
		expect(fuji(trigger).webhookId).toBe(webhooks[0].id);
	});

	it('applies changed flags and added addresses to the existing webhook', async () => {
		const trigger = harness();
		await trigger.activate();
		const [webhook] = await accountWebhooks();

		trigger.setParameters(triggerParameters({ addresses: `${ALICE}, ${BOB}, ${CAROL}`, includeInternalTxs: true }));
		await trigger.activate();

		const [updated] = await accountWebhooks();
		expect(updated.id).toBe(webhook.id);
		expect(updated.includeInternalTxs).toBe(true);
		expect(updated.metadata.addresses.sort()).toEqual([ALICE, BOB, CAROL]);
	});

	it('points the webhook back at our URL when it was changed elsewhere', async () => {
		const trigger = harness();
		await trigger.activate();
		const [webhook] = await accountWebhooks();
		await control.service(key, 'PATCH', `/v1/webhooks/${webhook.id}`, { url: 'http://127.0.0.1:9/somewhere-else' });

		expect(await trigger.checkExists()).toBe(true);

		expect(await accountWebhooks()).toEqual([expect.objectContaining({ id: webhook.id, url: trigger.webhookUrl() })]);
	});

	it('replaces the webhook when the chain changes, which the service cannot update', async () => {
		const trigger = harness();
		await trigger.activate();
		const [old] = await accountWebhooks();

		trigger.setParameters(triggerParameters({ chainId: { __rl: true, mode: 'id', value: '43114' } }));
		await trigger.activate();

		const webhooks = await accountWebhooks();
		expect(webhooks).toHaveLength(1);
		expect(webhooks[0]).toMatchObject({ chainId: '43114' });
		expect(webhooks[0].id).not.toBe(old.id);
	});

	it('replaces the webhook when the event signatures change', async () => {
		const trigger = harness();
		await trigger.activate();
		const [old] = await accountWebhooks();

		trigger.setParameters(triggerParameters({ eventSignatures: 'Transfer(address,address,uint256)' }));
		await trigger.activate();

		const webhooks = await accountWebhooks();
		expect(webhooks).toHaveLength(1);
		expect(webhooks[0].id).not.toBe(old.id);
		expect(webhooks[0].metadata.eventSignatures).toEqual([
			'0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
		]);
	});
});

describe('deactivation', () => {
	it('deletes the webhook and forgets it', async () => {
		const trigger = harness();
		await trigger.activate();

		await trigger.deactivate();

		expect(await accountWebhooks()).toEqual([]);
		expect(fuji(trigger).webhookId).toBeUndefined();
		expect(trigger.state.sharedSecret).toBeUndefined();
	});

	it('counts a webhook already deleted at the service (404) as deleted', async () => {
		const trigger = harness();
		await trigger.activate();
		const [webhook] = await accountWebhooks();
		await control.service(key, 'DELETE', `/v1/webhooks/${webhook.id}`);
		await control.clearRequests();

		await expect(trigger.deactivate()).resolves.toBeUndefined();

		expect(await requestLines()).toEqual(['GET /v1/webhooks 200', `DELETE /v1/webhooks/${webhook.id} 404`]);
		expect(fuji(trigger).webhookId).toBeUndefined();
	});

	it('reports any other failure and keeps the webhook known', async () => {
		const trigger = harness();
		await trigger.activate();
		await control.addFault({ method: 'DELETE', path: '/v1/webhooks/', count: 1, status: 403 });

		await expect(trigger.deactivate()).rejects.toThrow('The API key lacks the privilege for this action');

		expect(await accountWebhooks()).toHaveLength(1);
		expect(fuji(trigger).webhookId).toBe((await accountWebhooks())[0].id);
	});

	it('keeps the webhook inactive with "Keep Webhook", and re-activates it with addresses added meanwhile', async () => {
		const trigger = harness({ parameters: triggerParameters({ options: { onDeactivation: 'keep' } }) });
		await trigger.activate();
		const [webhook] = await accountWebhooks();

		await trigger.deactivate();
		expect(await accountWebhooks()).toEqual([expect.objectContaining({ id: webhook.id, status: 'inactive' })]);

		// Another workflow adds an address through the action node while this one is inactive.
		await control.service(key, 'PATCH', `/v1/webhooks/${webhook.id}/addresses`, { addresses: [DAVE] });

		// A restart loses nothing either: static data as n8n saved it at deactivation.
		const restarted = harness({
			parameters: triggerParameters({ options: { onDeactivation: 'keep' } }),
			staticData: trigger.persistedStaticData(),
		});
		await restarted.activate();

		const webhooks = await accountWebhooks();
		expect(webhooks).toHaveLength(1);
		expect(webhooks[0]).toMatchObject({ id: webhook.id, status: 'active' });
		expect(webhooks[0].metadata.addresses.sort()).toEqual([ALICE, BOB, DAVE]);
	});

	it('removes, on re-activation, the addresses the trigger no longer lists, and keeps those added elsewhere', async () => {
		const trigger = harness({ parameters: triggerParameters({ options: { onDeactivation: 'keep' } }) });
		await trigger.activate();
		const [webhook] = await accountWebhooks();
		await trigger.deactivate();
		await control.service(key, 'PATCH', `/v1/webhooks/${webhook.id}/addresses`, { addresses: [DAVE] });

		// The user removes Bob from the trigger, then publishes again (static data as n8n saved it).
		const edited = harness({
			parameters: triggerParameters({ addresses: ALICE, options: { onDeactivation: 'keep' } }),
			staticData: trigger.persistedStaticData(),
		});
		await edited.activate();

		const [after] = await accountWebhooks();
		expect(after).toMatchObject({ id: webhook.id, status: 'active' });
		expect(after.metadata.addresses.sort()).toEqual([ALICE, DAVE]);
		expect(fuji(edited).ownAddresses).toEqual([ALICE]);
	});

	it('deletes the webhook registered at its URL even when no id was recorded (activation still saving)', async () => {
		const trigger = harness();
		await trigger.activate();
		const blank = harness(); // the static data n8n loaded before activation had saved it
		await blank.deactivate();
		expect(await accountWebhooks()).toEqual([]);
	});
});

describe('test URL ("Listen for test event")', () => {
	it('registers a separate webhook at the test URL and removes it afterwards, leaving production alone', async () => {
		const production = harness();
		await production.activate();
		const [live] = await accountWebhooks();

		// n8n 2.41 builds the test listener's workflow with empty static data (test-webhooks.ts toWorkflow).
		const listener = harness();
		await listener.activate({ test: true });

		let webhooks = await accountWebhooks();
		expect(webhooks).toHaveLength(2);
		const testWebhook = webhooks.find((webhook) => webhook.id !== live.id);
		expect(testWebhook).toMatchObject({
			url: listener.webhookUrl({ test: true }),
			name: 'n8n: Treasury alerts / Address Activity Trigger (test)',
		});
		expect(listener.webhookUrl({ test: true })).toContain('/webhook-test/');

		await listener.deactivate({ test: true });
		webhooks = await accountWebhooks();
		expect(webhooks).toEqual([live]);
	});

	it('deletes the test webhook even with "Keep Webhook"', async () => {
		const listener = harness({ parameters: triggerParameters({ options: { onDeactivation: 'keep' } }) });
		await listener.activate({ test: true });
		await listener.deactivate({ test: true });
		expect(await accountWebhooks()).toEqual([]);
	});
});
