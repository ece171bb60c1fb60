import { startEmulator, type RunningEmulator } from '../emulator';
import { L1, NODE, pChainWebhookBody, startReceiver, TREASURY, validatorWebhookBody, type Receiver } from '../emulator/tests/harness';
import { EmulatorControl } from '../harness/emulatorControl';
import { waitFor } from '../harness/wait';
import { primaryNetworkDemo } from './primaryNetworkDemo';

describe("the sandbox's simulated primary-network activity", () => {
	let emulator: RunningEmulator;
	let receiver: Receiver;
	let control: EmulatorControl;

	beforeAll(async () => {
		receiver = await startReceiver();
		emulator = await startEmulator({ apiKeys: [{ key: 'demo' }] });
		control = new EmulatorControl(emulator.url);
		await control.call('POST', '/v1/webhooks', pChainWebhookBody(receiver.url, {}, { subEvents: { addressActivitySubEvents: ['balance_threshold'] } }), 'demo');
		const fee = ['l1_validator_balance_increased', 'l1_validator_balance_threshold', 'l1_validator_disabled'];
		await control.call('POST', '/v1/webhooks', validatorWebhookBody(receiver.url, {}, { subnetIds: [L1], subEvents: { validatorActivitySubEvents: fee } }), 'demo');
	});
	afterAll(async () => {
		await emulator.close();
		await receiver.close();
	});

	it("crosses the treasury's threshold each tick and walks the L1 validator's fee balance to low and disabled", async () => {
		const step = primaryNetworkDemo(control);
		for (let tick = 0; tick < 4; tick++) expect(await step()).toBe(2);
		const events = await waitFor('7 deliveries', () => receiver.received.length >= 7 && receiver.received.map(({ json }) => json.event), 15_000);
		const treasury = events.filter((event) => event.addresses?.includes(TREASURY)).map((event) => `${event.crossed} ${event.balance}`);
		expect(treasury.sort()).toEqual(['above 30000000000', 'above 30000000000', 'below 20000000000', 'below 20000000000'].sort());
		const validator = events.filter((event) => event.nodeId === NODE).map((event) => `${event.eventType} ${event.feeBalance}`);
		expect(validator.sort()).toEqual(['l1_validator_balance_increased 3000000000', 'l1_validator_balance_threshold 1000000000', 'l1_validator_disabled 0'].sort());
	});
});
