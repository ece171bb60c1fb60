// n8n 1.x's webhook context has no getWebhookResourceUrl (2.x only) and gives the production URL
// even for a test delivery. The trigger must run deliveries there, refuse forged ones, acknowledge
// copies, and take "Listen for test event" deliveries as its own.
import { forgetMessageWindows } from '../../nodes/AddressActivityTrigger/memory/messageWindows';
import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import { TriggerHarness } from '../harness/trigger';
import { ALICE, CAROL, FUJI, listenForLiveTransfer, startWithReceiver, triggerParameters, type EmulatorWithReceiver } from './support';

let stack: EmulatorWithReceiver;
let emulator: EmulatorWithReceiver['emulator'];
let control: EmulatorWithReceiver['control'];
let receiver: EmulatorWithReceiver['receiver'];
let receiverUrl: string;
let trigger: TriggerHarness | undefined;
let test = false;

beforeAll(async () => {
	stack = await startWithReceiver({ timeScale: 1000 });
	({ emulator, control, receiver, receiverUrl } = stack);
});

afterAll(async () => {
	await stack.close();
});

beforeEach(() => {
	forgetProcessMemory();
	forgetMessageWindows();
});

afterEach(async () => {
	await trigger?.deactivate({ test });
	receiver.harness = undefined;
	trigger = undefined;
	test = false;
});

async function activate(options: { test?: boolean; publicUrl?: string } = {}): Promise<TriggerHarness> {
	const { key } = await control.createKey({ plan: 'paid' });
	test = options.test === true;
	trigger = new TriggerHarness({
		parameters: triggerParameters({ addresses: ALICE }),
		credentials: { apiKey: key, baseUrl: emulator.url },
		publicUrl: options.publicUrl ?? receiverUrl,
		n8nMajor: 1,
	});
	// Execute step shows a sample first; the second waits for the live transfer these tests send.
	if (test) await listenForLiveTransfer(trigger, receiver);
	else await trigger.activate();
	receiver.harness = trigger;
	return trigger;
}

async function deposit() {
	const before = receiver.deliveries.length;
	await control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000000000000000000' });
	return (await receiver.waitFor(before + 1))[before];
}

describe('the webhook trigger in an n8n 1.x webhook context', () => {
	it('runs a delivery once and acknowledges its copy without a run', async () => {
		const harness = await activate();
		const delivery = await deposit();
		expect(delivery.outcome).toMatchObject({ statusCode: 200 });
		expect(harness.startedRuns).toHaveLength(1);
		expect(harness.startedRuns[0][0].json).toMatchObject({ direction: 'in', to: ALICE.toLowerCase() });

		const copy = await harness.receive(delivery);
		expect(copy).toMatchObject({ statusCode: 200, body: { received: true } });
		expect(harness.startedRuns).toHaveLength(1);
	});

	it('refuses a forged request with 401, not 500', async () => {
		const harness = await activate();
		const delivery = await deposit();
		const forged = await harness.receive({ ...delivery, headers: { ...delivery.headers, 'x-signature': Buffer.alloc(32, 7).toString('base64') } });
		expect(forged).toMatchObject({ statusCode: 401, items: undefined });
	});

	it('takes a "Listen for test event" delivery (test URL) as its own', async () => {
		const harness = await activate({ test: true });
		const [webhook] = (await control.webhooks()).filter((entry) => entry.url.includes('/webhook-test/'));
		expect(webhook.url).toBe(harness.webhookUrl({ test: true }));
		const delivery = await deposit();
		expect(delivery.path).toBe(new URL(harness.webhookUrl({ test: true })).pathname);
		expect(delivery.outcome).toMatchObject({ statusCode: 200 });
		// After the first Execute step's sample run.
		expect(harness.startedRuns).toHaveLength(2);
		expect(harness.startedRuns[0][0].json).toMatchObject({ sample: true, testEvent: true });
		expect(harness.startedRuns[1][0].json).toMatchObject({ direction: 'in', testEvent: true });
	});

	it('keeps a path prefix of the public URL when it works out the test URL', async () => {
		const harness = await activate({ test: true, publicUrl: `${receiverUrl}/automation` });
		const delivery = await deposit();
		expect(delivery.path).toBe('/automation/webhook-test/c0ffee00-0000-4000-8000-000000000001/webhook');
		expect(delivery.outcome).toMatchObject({ statusCode: 200 });
		expect(harness.startedRuns).toHaveLength(2);
	});
});
