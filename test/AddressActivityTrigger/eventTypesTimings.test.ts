import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import { ranKeys, readPosition } from '../../nodes/AddressActivityTrigger/staticData/position';
import { logLines } from '../harness/logger';
import { signDelivery } from '../harness/signing';
import { TriggerHarness, type IncomingDelivery, type ReceivedDelivery } from '../harness/trigger';
import { waitFor } from '../harness/wait';
import { L1, TREASURY, VALIDATOR, pChainParameters, validatorParameters } from './eventTypesSupport';
import { ALICE, startWithReceiver, type EmulatorWithReceiver } from './support';

// P-Chain and validator deliveries under the timings users meet, over real HTTP: the emulator's
// own deliveries (and its retries) to a receiver standing for n8n, and copies POSTed by the test.

let stack: EmulatorWithReceiver;
let trigger: TriggerHarness;
let key: string;
/** Whether the trigger listens for a test event (its webhook is then at the test URL). */
let listening = false;

/** Waits on a loaded 2-core machine are bounded generously: they return as soon as the condition holds. */
const PATIENCE_MS = 60_000;

beforeAll(async () => {
	// The service's retry after 10 s comes after 10 ms.
	stack = await startWithReceiver({ timeScale: 1000 });
});

afterAll(async () => {
	await stack.close();
});

afterEach(async () => {
	stack.receiver.harness = undefined;
	stack.receiver.loseAnswers = 0;
	await stack.control.clearFaults();
	await trigger.deactivate({ test: listening });
	listening = false;
});

const AVAX = (amount: number) => String(BigInt(amount) * BigInt(1_000_000_000));

interface Kind {
	name: string;
	parameters: INodeParameters;
	/** The delivery's eventType. */
	deliveredAs: string;
	/** Puts activity of `avax` AVAX on the network that the trigger's webhook is sent. */
	inject: (avax: number) => Promise<unknown>;
	/** What the run's one item says about that activity. */
	item: (avax: number) => IDataObject;
}

const KINDS: Kind[] = [
	{
		name: 'P-Chain Address Activity',
		parameters: pChainParameters({ addressSubEvents: ['balance_change'], balanceType: 'unlockedUnstaked' }),
		deliveredAs: 'platform_address_activity',
		inject: async (avax) =>
			await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: TREASURY, balanceType: 'unlockedUnstaked', change: AVAX(avax) }] }),
		item: (avax) => ({ subEvent: 'balance_change', amountAvax: String(avax), addresses: [TREASURY] }),
	},
	{
		name: 'Validator Activity',
		parameters: validatorParameters(),
		deliveredAs: 'validator_activity',
		inject: async (avax) =>
			await stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: VALIDATOR, subnetId: L1, change: AVAX(avax) }),
		item: (avax) => ({ subEvent: 'l1_validator_balance_increased', amountAvax: String(avax), nodeId: VALIDATOR, subnetId: L1 }),
	},
];

function newTrigger(parameters: INodeParameters, webhookId?: string, n8nMajor: 1 | 2 = 2): TriggerHarness {
	return new TriggerHarness({ parameters, credentials: { apiKey: key, baseUrl: stack.emulator.url }, publicUrl: stack.receiverUrl, webhookId, n8nMajor });
}

/** A published trigger (or one listening for a test event) whose deliveries reach it through the receiver. */
async function activate(kind: Kind, options: { n8nMajor?: 1 | 2; test?: boolean } = {}): Promise<void> {
	forgetProcessMemory();
	key = (await stack.control.createKey({ plan: 'paid' })).key;
	trigger = newTrigger(kind.parameters, undefined, options.n8nMajor);
	listening = options.test === true;
	stack.receiver.harness = trigger;
	await trigger.activate({ test: listening });
	if (listening) {
		// The first Execute step shows a sample from the history (sample/primarySample.ts) and ends the
		// listening; the next one within minutes listens for a live event, which these tests deliver.
		await waitFor('the sample run', () => trigger.startedRuns.length === 1);
		expect(trigger.startedRuns[0].map((item) => item.json.sample)).toEqual([true]);
		await trigger.deactivate({ test: true });
		await trigger.activate({ test: true });
	}
}

/** Waits for `count` more deliveries caused by `inject`. */
async function deliveriesAfter(count: number, inject: () => Promise<unknown>): Promise<ReceivedDelivery[]> {
	const before = stack.receiver.deliveries.length;
	await inject();
	return (await stack.receiver.waitFor(before + count, PATIENCE_MS)).slice(before);
}

/** A genuine delivery the emulator sent, answered 200 by the receiver without reaching the trigger. */
async function capturedDelivery(kind: Kind, avax: number): Promise<ReceivedDelivery> {
	stack.receiver.harness = undefined;
	const [delivery] = await deliveriesAfter(1, () => kind.inject(avax));
	stack.receiver.harness = trigger;
	return delivery;
}

/** POSTs a request to the trigger's production URL as the service would, and gives n8n's answer. */
async function post(delivery: IncomingDelivery): Promise<{ status: number; body: IDataObject; text: string }> {
	const response = await fetch(trigger.webhookUrl({ test: listening }), {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-signature': String(delivery.headers['x-signature']) },
		body: delivery.rawBody,
	});
	const text = await response.text();
	return { status: response.status, body: JSON.parse(text) as IDataObject, text };
}

/**
 * POSTs two copies at the same moment: one runs, the other is acknowledged (200) once the first was,
 * or, when it waited longer than the service allows, asks for a retry (503), which is acknowledged.
 */
async function twiceAtOnce(delivery: IncomingDelivery): Promise<Array<{ status: number; body: IDataObject }>> {
	const answers = await Promise.all([post(delivery), post(delivery)]);
	expect(answers.map((answer) => answer.status)).toContain(200);
	for (const answer of answers) expect([200, 503]).toContain(answer.status);
	const retries = answers.filter((answer) => answer.status === 503).length;
	for (let retry = 0; retry < retries; retry++) expect(await post(delivery)).toMatchObject({ status: 200, body: { received: true } });
	return answers;
}

const jsonOf = (delivery: IncomingDelivery) => JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;

/** `body` signed with `secret` as the service signs. */
function signed(body: IDataObject, secret: string): IncomingDelivery {
	return { headers: { 'x-signature': signDelivery(body, secret) }, rawBody: Buffer.from(JSON.stringify(body)) };
}

const webhookIdOf = (harness: TriggerHarness) => String(harness.state.webhookId);
const attemptsOf = async (messageId: string) =>
	(await stack.control.deliveries({ webhookId: webhookIdOf(trigger), messageId })).map((attempt) => [attempt.attempt, attempt.statusCode]);

describe.each(KINDS)('$name deliveries', (kind) => {
	it('run a message POSTed twice at the same moment once, and acknowledge both copies', async () => {
		await activate(kind);
		const delivery = await capturedDelivery(kind, 3);
		const answers = await twiceAtOnce(delivery);
		expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body)).toEqual(answers.filter((answer) => answer.status !== 503).map(() => ({ received: true })));
		expect(trigger.startedRuns).toHaveLength(1);
		expect(trigger.startedRuns[0].map((item) => item.json)).toMatchObject([{ ...kind.item(3), messageId: jsonOf(delivery).messageId }]);
	});

	it('run a message POSTed twice at the same moment once when n8n could not start the first copy\'s run (500): the other copy runs it', async () => {
		await activate(kind);
		const delivery = await capturedDelivery(kind, 9);
		trigger.failExecutionStart = 1;
		const answers = await Promise.all([post(delivery), post(delivery)]);
		const statuses = answers.map((answer) => answer.status).sort();
		// The waiting copy runs the message (200), unless it waited longer than the service allows
		// (503): then the service's retry runs it.
		expect([
			[200, 500],
			[500, 503],
		]).toContainEqual(statuses);
		if (statuses.includes(503)) expect((await post(delivery)).status).toBe(200);
		expect(trigger.startedRuns.map((run) => run.map((item) => item.json))).toMatchObject([[{ ...kind.item(9), messageId: jsonOf(delivery).messageId }]]);
	});

	it("run a message when the service retries it after n8n could not start the first run (500)", async () => {
		await activate(kind);
		trigger.failExecutionStart = 1;
		const [first, retry] = await deliveriesAfter(2, () => kind.inject(4));
		expect(jsonOf(retry).messageId).toBe(jsonOf(first).messageId);
		expect([first.outcome?.statusCode, retry.outcome?.statusCode]).toEqual([500, 200]);
		expect(trigger.startedRuns.map((run) => run.map((item) => item.json))).toMatchObject([[kind.item(4)]]);
		expect(await attemptsOf(String(jsonOf(first).messageId))).toEqual([
			[1, 500],
			[2, 200],
		]);
	});

	it('start no second run for the retry of a message whose run was accepted but whose answer was lost', async () => {
		await activate(kind);
		stack.receiver.loseAnswers = 1;
		const [first, retry] = await deliveriesAfter(2, () => kind.inject(5));
		expect(jsonOf(retry).messageId).toBe(jsonOf(first).messageId);
		expect(first.outcome?.items?.map((item) => item.json)).toMatchObject([kind.item(5)]);
		expect(retry.outcome).toMatchObject({ statusCode: 200, body: { received: true }, items: undefined });
		expect(trigger.startedRuns).toHaveLength(1);
		expect(await attemptsOf(String(jsonOf(first).messageId))).toEqual([
			[1, 503],
			[2, 200],
		]);
	});

	it('run a delivery that arrives while activation is still under way (its read of the shared secret held)', async () => {
		forgetProcessMemory();
		key = (await stack.control.createKey({ plan: 'paid' })).key;
		trigger = newTrigger(kind.parameters);
		stack.receiver.harness = trigger;
		// Activation registers the webhook, then reads the secret: held 15 s, so activation has
		// recorded nothing (no webhook id in static data, nothing in memory) while the delivery arrives.
		await stack.control.addFault({ method: 'GET', path: '/v1/webhooks:getSharedSecret', count: 1, delayMs: 15_000 });
		let activated = false;
		const activation = trigger.activate().then(() => (activated = true));
		const registered = await waitFor(
			'the webhook at the service',
			async () => (await stack.control.primaryNetworkWebhooks()).find((webhook) => webhook.url === trigger.webhookUrl()),
			PATIENCE_MS,
		);
		const [delivery] = await deliveriesAfter(1, () => kind.inject(6));
		const activatedBeforeAnswer = activated;
		await activation;

		expect(activatedBeforeAnswer).toBe(false);
		expect(delivery.outcome?.statusCode).toBe(200);
		expect(delivery.outcome?.items?.map((item) => item.json)).toMatchObject([{ ...kind.item(6), webhookId: registered.id }]);
		expect(webhookIdOf(trigger)).toBe(registered.id);
		expect(trigger.startedRuns).toHaveLength(1);
	});

	it('run two deliveries arriving at once in a webhook process that never saw the activation (queue mode), each once, reading the secret once and writing only the durable position of what ran', async () => {
		await activate(kind);
		const first = await capturedDelivery(kind, 10);
		const second = await capturedDelivery(kind, 11);
		forgetProcessMemory();
		const worker = new TriggerHarness({ parameters: kind.parameters, credentials: { apiKey: key, baseUrl: stack.emulator.url }, publicUrl: stack.receiverUrl, staticData: trigger.persistedStaticData() });
		worker.markStaticDataSaved();
		stack.receiver.harness = worker;
		await stack.control.clearRequests();

		const answers = await Promise.all([post(first), post(second)]);
		expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
			[200, { received: true }],
			[200, { received: true }],
		]);
		const amounts = worker.startedRuns.map((run) => run.map((item) => item.json.amountAvax));
		expect(amounts.sort()).toEqual([['10'], ['11']]);
		expect((await stack.control.requests()).filter((request) => request.path === '/v1/webhooks:getSharedSecret')).toHaveLength(1);
		// The one thing written: both events in the durable position (staticData/primaryPosition.ts), so no catch-up repeats them.
		const nodeState = (data: IDataObject) => Object.values(data)[0] as IDataObject;
		const { primaryPosition, ...rest } = nodeState(worker.persistedStaticData());
		expect(rest).toEqual(nodeState(trigger.persistedStaticData()));
		expect(ranKeys(readPosition(primaryPosition)).size).toBe(2);
	});

	it("answer 503 in time, not hang, when the service holds the read of the delivery's webhook (10 min), and run the service's retry", async () => {
		await activate(kind);
		forgetProcessMemory();
		const worker = new TriggerHarness({ parameters: kind.parameters, credentials: { apiKey: key, baseUrl: stack.emulator.url }, publicUrl: stack.receiverUrl, staticData: trigger.persistedStaticData() });
		stack.receiver.harness = worker;
		await stack.control.addFault({ method: 'GET', path: `/v1/webhooks/${webhookIdOf(trigger)}`, count: 1, delayMs: 600_000 });

		const [first, retry] = await deliveriesAfter(2, () => kind.inject(12));
		expect(jsonOf(retry).messageId).toBe(jsonOf(first).messageId);
		expect(first.outcome?.statusCode).toBe(503);
		expect(retry.outcome?.items?.map((item) => item.json)).toMatchObject([kind.item(12)]);
		// The service saw the 503 itself (its 10 s wait for an answer had not run out) and then a 200.
		expect(await attemptsOf(String(jsonOf(first).messageId))).toEqual([
			[1, 503],
			[2, 200],
		]);
		expect(worker.startedRuns).toHaveLength(1);
	});

	it('on n8n 1.x (no getWebhookResourceUrl), run a message POSTed twice at the same moment once', async () => {
		await activate(kind, { n8nMajor: 1 });
		const delivery = await capturedDelivery(kind, 13);
		await twiceAtOnce(delivery);
		expect(trigger.startedRuns.map((run) => run.map((item) => item.json))).toMatchObject([[kind.item(13)]]);
	});

	it('while listening for a test event, run a message POSTed twice at the same moment to the test URL once, marked as a test', async () => {
		await activate(kind, { test: true });
		const delivery = await capturedDelivery(kind, 14);
		expect(delivery.path).toBe(new URL(trigger.webhookUrl({ test: true })).pathname);
		await twiceAtOnce(delivery);
		// After the first Execute step's sample run: one run of the live event.
		expect(trigger.startedRuns.slice(1).map((run) => run.map((item) => item.json))).toMatchObject([[{ ...kind.item(14), testEvent: true }]]);
	});

	it('after the shared secret is rotated, run deliveries signed with the new secret and refuse one signed with the old (401), showing neither', async () => {
		await activate(kind);
		const oldSecret = await stack.control.sharedSecret(key);
		const rotated = await stack.control.service<{ secret: string }>(key, 'POST', '/v1/webhooks:generateOrRotateSharedSecret');
		const newSecret = rotated.body.secret;
		await stack.control.clearRequests();
		const logsBefore = logLines.length;

		const [genuine] = await deliveriesAfter(1, () => kind.inject(7));
		expect(genuine.outcome?.statusCode).toBe(200);
		expect(genuine.outcome?.items?.map((item) => item.json)).toMatchObject([kind.item(7)]);
		// The genuine delivery's signature failed with the secret known here: one read of the new one.
		expect((await stack.control.requests()).filter((request) => request.path === '/v1/webhooks:getSharedSecret')).toHaveLength(1);
		const stale = await post(signed({ ...jsonOf(genuine), messageId: `${String(jsonOf(genuine).messageId)}-old-secret` }, oldSecret));

		expect(stale.status).toBe(401);
		expect(trigger.startedRuns).toHaveLength(1);
		const shown = [stale.text, JSON.stringify(trigger.persistedStaticData()), JSON.stringify(logLines.slice(logsBefore)), JSON.stringify(trigger.startedRuns)].join('\n');
		expect(shown).not.toContain(oldSecret);
		expect(shown).not.toContain(newSecret);
	});

	it("refuse (401) a genuinely signed delivery naming the account's webhook at another trigger's URL, or another event type's webhook at this URL", async () => {
		await activate(kind);
		const template = jsonOf(await capturedDelivery(kind, 8));
		const secret = await stack.control.sharedSecret(key);
		const other = newTrigger(kind.parameters, 'c0ffee00-0000-4000-8000-000000000002');
		await other.activate();
		const evm = await stack.control.service<IDataObject>(key, 'POST', '/v1/webhooks', {
			url: trigger.webhookUrl(),
			chainId: '43113',
			eventType: 'address_activity',
			includeInternalTxs: false,
			includeLogs: false,
			metadata: { addresses: [ALICE] },
			name: 'EVM webhook at the same URL',
		});
		try {
			expect(evm.status).toBe(201);
			const elsewhere = await post(signed({ ...template, messageId: 'for-another-url', webhookId: webhookIdOf(other) }, secret));
			const otherType = await post(signed({ ...template, messageId: 'for-another-event-type', webhookId: String(evm.body.id) }, secret));
			expect([elsewhere.status, otherType.status]).toEqual([401, 401]);
			expect(trigger.startedRuns).toHaveLength(0);
			// The trigger's own webhook still runs after them.
			expect((await post(signed({ ...template, messageId: 'own' }, secret))).status).toBe(200);
			expect(trigger.startedRuns.map((run) => run.map((item) => item.json))).toMatchObject([[kind.item(8)]]);
		} finally {
			await other.deactivate();
			if (evm.body.id !== undefined) await stack.control.service(key, 'DELETE', `/v1/webhooks/${String(evm.body.id)}`);
		}
	});
});
