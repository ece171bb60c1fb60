// "The n8n URL is not public": said only when the URL n8n gives the trigger is a local address
// (loopback, private, .local) while the credential's Base URL is not, so the service cannot deliver
// there. Publishing stops with it before any request; the sandbox (both on 127.0.0.1) and a public
// n8n never see it. The words as a pure function, and publishing through n8n-core's hook context.
import { isLocalHost, notPublicMessage } from '../../../nodes/AddressActivityTrigger/lifecycle/publicUrl';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { EmulatorControl } from '../../harness/emulatorControl';
import { TriggerHarness } from '../../harness/trigger';
import { triggerParameters } from '../support';
import { pChainParameters } from '../eventTypesSupport';

const SERVICE = 'https://api.address-activity.example.com';
const hook = (origin: string) => `${origin}/webhook/0b6f3c1e-7d2a-4c8e-9f10-2a3b4c5d6e7f/webhook`;

describe('notPublicMessage', () => {
	it.each([
		'http://localhost:5678',
		'http://127.0.0.1:5678',
		'http://127.1.2.3:5678',
		'http://10.0.0.7:5678',
		'http://172.20.1.2:5678',
		'http://192.168.1.20:5678',
		'http://169.254.1.1:5678',
		'http://[::1]:5678',
		'http://[::ffff:127.0.0.1]:5678',
		'http://[fd12:3456::1]:5678',
		'http://n8n.local:5678',
		'http://n8n.localhost:5678',
	])('names %s as not public with a service on the internet, and says what to do', (origin) => {
		const message = notPublicMessage(hook(origin), SERVICE);
		expect(message).toBe(
			`The n8n URL is not public: n8n gives this trigger ${new URL(origin).origin}, a local address, and the service at ${SERVICE} cannot deliver there. ` +
				"Set n8n's public URL (N8N_WEBHOOK_URL on n8n 2.x, WEBHOOK_URL on 1.x) and restart n8n, or use the Address Activity Poll Trigger, which needs no public URL.",
		);
	});

	it.each(['https://n8n.example.com', 'http://203.0.113.7:5678', 'http://172.32.0.1:5678', 'http://[2001:db8::1]:5678', 'https://n8n.local.example.com'])(
		'says nothing for a public n8n URL (%s)',
		(origin) => {
			expect(notPublicMessage(hook(origin), SERVICE)).toBeUndefined();
		},
	);

	it.each(['http://127.0.0.1:5680', 'http://localhost:5680', 'http://10.1.2.3', 'http://activity-service:8080', 'https://activity.internal', 'http://emulator.lan', 'http://svc.local'])(
		'says nothing while the service is local too (%s): it reaches a local n8n, as the sandbox does',
		(baseUrl) => {
			expect(notPublicMessage(hook('http://127.0.0.1:5678'), baseUrl)).toBeUndefined();
			expect(notPublicMessage(hook('http://localhost:5678'), baseUrl)).toBeUndefined();
		},
	);

	it('says nothing when either address cannot be read', () => {
		expect(notPublicMessage('not a url', SERVICE)).toBeUndefined();
		expect(notPublicMessage(hook('http://localhost:5678'), undefined)).toBeUndefined();
	});

	it('tells local hosts from public ones', () => {
		expect(['localhost', '127.0.0.1', '::1', '0.0.0.0', '100.64.0.1', 'printer.local'].map(isLocalHost)).toEqual([true, true, true, true, true, true]);
		expect(['example.com', '8.8.8.8', '172.15.0.1', '192.169.0.1', '2001:db8::1'].map(isLocalHost)).toEqual([false, false, false, false, false]);
	});
});

describe('publishing a trigger the service cannot reach', () => {
	let emulator: RunningEmulator;
	let control: EmulatorControl;
	let key: string;

	beforeAll(async () => {
		emulator = await startEmulator();
		control = new EmulatorControl(emulator.url);
		key = (await control.createKey({ plan: 'paid' })).key;
	});

	afterAll(async () => {
		await emulator.close();
	});

	it.each([
		['EVM Address Activity', triggerParameters()],
		['P-Chain Address Activity', pChainParameters()],
	])('fails with the words, before any request (%s)', async (_name, parameters) => {
		// No request may leave: this Base URL leads nowhere.
		const trigger = new TriggerHarness({ parameters, credentials: { apiKey: key, baseUrl: SERVICE }, publicUrl: 'http://localhost:5678' });
		await expect(trigger.activate()).rejects.toThrow(/^The n8n URL is not public: n8n gives this trigger http:\/\/localhost:5678, a local address, and the service at https:\/\/api\.address-activity\.example\.com cannot deliver there\./);
		expect(trigger.state).toEqual({});
	});

	it('publishes as before when n8n and the service are both on this machine (the sandbox)', async () => {
		await control.clearRequests();
		const trigger = new TriggerHarness({ parameters: triggerParameters(), credentials: { apiKey: key, baseUrl: emulator.url }, publicUrl: 'http://127.0.0.1:5678' });
		await trigger.activate();
		const webhooks = (await control.webhooks()).filter((webhook) => webhook.url === trigger.webhookUrl());
		expect(webhooks).toHaveLength(1);
		await trigger.deactivate();
		expect((await control.webhooks()).filter((webhook) => webhook.url === trigger.webhookUrl())).toEqual([]);
	});
});
