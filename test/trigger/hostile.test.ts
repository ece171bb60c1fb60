// Hostile and odd traffic at the trigger's URL, in classes generated from a fixed seed: whatever
// arrives, the node answers without a 5xx of its own (a 5xx makes the service retry for two days)
// and starts no run for anything that is not a genuine delivery of its own webhook.
import type { IDataObject } from 'n8n-workflow';

import { forgetProcessMemory, messageWindows } from '../../nodes/AddressActivityTrigger/processMemory';
import { signDelivery } from '../harness/signing';
import { parseDelivery } from '../../nodes/shared/deliverySchema';
import type { RunningEmulator } from '../emulator';
import { startEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { DeliveryReceiver, TriggerHarness, type ReceivedDelivery } from '../harness/trigger';
import { ALICE, CAROL, FUJI, triggerParameters } from './support';
import { seededRandom } from '../harness/random';

let emulator: RunningEmulator;
let control: EmulatorControl;
let receiver: DeliveryReceiver;
let trigger: TriggerHarness;
let genuine: ReceivedDelivery;
let secret: string;
let key: string;

const random = seededRandom;
const next = random(20261124);
const pick = <T>(values: T[]): T => values[Math.floor(next() * values.length)];
const bytes = (length: number) => Buffer.from(Array.from({ length }, () => Math.floor(next() * 256)));

beforeAll(async () => {
	emulator = await startEmulator({ timeScale: 1000 });
	control = new EmulatorControl(emulator.url);
	receiver = new DeliveryReceiver();
	const receiverUrl = await receiver.start();
	forgetProcessMemory();
	messageWindows.clear();
	key = (await control.createKey({ plan: 'paid' })).key;
	trigger = new TriggerHarness({ parameters: triggerParameters({ addresses: ALICE }), credentials: { apiKey: key, baseUrl: emulator.url }, publicUrl: receiverUrl });
	await trigger.activate();
	receiver.harness = trigger;
	await control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000' });
	[genuine] = await receiver.waitFor(1);
	secret = (await control.service<{ secret: string }>(key, 'GET', '/v1/webhooks:getSharedSecret')).body.secret;
});

afterAll(async () => {
	await trigger.deactivate();
	await receiver.close();
	await emulator.close();
});

const body = () => JSON.parse(genuine.rawBody.toString('utf8')) as IDataObject;
const headers = (signature?: string) => ({ 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-signature': signature }) });
const signed = (value: unknown) => ({ headers: headers(signDelivery(value, secret)), rawBody: Buffer.from(JSON.stringify(value)) });

/** Values of every JSON type, some of them odd. */
const oddValues = (): unknown[] => [null, true, 0, -1, 1.5, 1e308, '', 'x'.repeat(1000), [], [1, 2], {}, { nested: { deeper: [null] } }, bytes(8).toString('hex')];

/** A copy of the genuine body with one field (at a dotted path) set to `value`, or removed. */
function withField(path: string, value: unknown): IDataObject {
	const copy = body();
	copy.messageId = `fuzz-${Math.floor(next() * 1e12)}`;
	const parts = path.split('.');
	let target = copy as Record<string, unknown>;
	for (const part of parts.slice(0, -1)) target = (target[part] ?? (target[part] = {})) as Record<string, unknown>;
	if (value === undefined) delete target[parts[parts.length - 1]];
	else target[parts[parts.length - 1]] = value;
	return copy;
}

/** mayRun: a genuine (signed) body that is still a readable delivery may run; nothing else may. */
type Case = { name: string; request: { headers: Record<string, string>; rawBody: Buffer }; mayRun: boolean };

function cases(): Case[] {
	const list: Case[] = [];
	const add = (name: string, request: Case['request'], mayRun = false) => list.push({ name, request, mayRun });
	for (let i = 0; i < 40; i++) add('random bytes, no signature', { headers: headers(), rawBody: bytes(1 + Math.floor(next() * 2000)) });
	for (let i = 0; i < 40; i++) add('random bytes, a random signature', { headers: headers(bytes(32).toString('base64')), rawBody: bytes(1 + Math.floor(next() * 2000)) });
	for (const value of oddValues()) add('JSON of another shape, no signature', { headers: headers(), rawBody: Buffer.from(JSON.stringify(value)) });
	for (const value of oddValues()) add('JSON of another shape, signed', signed(value));
	const real = genuine.headers['x-signature'] as string;
	const signatures = [
		'',
		' ',
		'[]',
		`[], ${real}`,
		`${real}, ${real}`,
		`${real}x`,
		real.slice(0, 43),
		Buffer.from(real, 'base64').toString('hex'),
		real.toLowerCase(),
		`${real.slice(0, 20)}*${real.slice(20)}`,
		bytes(32).toString('base64'),
		bytes(64).toString('base64'),
		'a'.repeat(10_000),
	];
	for (const signature of signatures) {
		const copy = body();
		copy.messageId = `fuzz-signature-${Math.floor(next() * 1e12)}`;
		add(`x-signature "${signature.slice(0, 30)}"`, { headers: headers(signature), rawBody: Buffer.from(JSON.stringify(copy)) });
	}
	// Signed, with a field missing or of another type: acknowledged (200) without a run when the
	// trigger cannot read it; a readable one (say a long txHash) is a genuine delivery and may run.
	const fields = ['webhookId', 'eventType', 'messageId', 'event', 'event.transaction', 'event.transaction.txHash', 'event.transaction.from', 'event.transaction.to', 'event.transaction.value', 'event.transaction.blockNumber'];
	for (const field of fields) {
		const missing = withField(field, undefined);
		add(`signed, ${field} missing`, signed(missing), parseDelivery(missing).ok);
		for (let i = 0; i < 4; i++) {
			const value = pick(oddValues());
			const changed = withField(field, value);
			add(`signed, ${field} = ${JSON.stringify(value)?.slice(0, 20)}`, signed(changed), parseDelivery(changed).ok);
		}
	}
	// Signed and well formed, for a webhook that is not this trigger's.
	add('signed, another webhook id', signed(withField('webhookId', '00000000-0000-4000-8000-000000000000')));
	// Unsigned copies of the genuine body.
	add('the genuine body without its signature', { headers: headers(), rawBody: genuine.rawBody });
	add('the genuine body, signed with another secret', { headers: headers(signDelivery(body(), 'ab'.repeat(32))), rawBody: genuine.rawBody });
	return list;
}

describe('hostile and odd requests at the trigger URL', () => {
	it('answer without a 5xx from the node and start no run unless they are readable genuine deliveries', async () => {
		const all = cases();
		const runsBefore = trigger.startedRuns.length;
		const statuses = new Map<number, number>();
		const problems: string[] = [];
		let allowedRuns = 0;
		for (const entry of all) {
			const outcome = await trigger.receive(entry.request);
			statuses.set(outcome.statusCode, (statuses.get(outcome.statusCode) ?? 0) + 1);
			if (outcome.statusCode >= 500) problems.push(`${entry.name}: ${outcome.statusCode} ${JSON.stringify(outcome.body)}`);
			if (outcome.items !== undefined && !entry.mayRun) problems.push(`${entry.name}: ran with ${outcome.items.length} items`);
			if (outcome.items !== undefined) allowedRuns++;
		}
		// eslint-disable-next-line no-console
		console.log(`[hostile] ${all.length} requests: ${[...statuses].map(([status, count]) => `${count} x ${status}`).join(', ')}; ${allowedRuns} runs, all of readable signed deliveries`);
		expect(problems).toEqual([]);
		expect(trigger.startedRuns.length).toBe(runsBefore + allowedRuns);
		expect(all.filter((entry) => !entry.mayRun).length).toBeGreaterThan(150);
	});

	it('still runs the genuine delivery afterwards (nothing above used up the secret or the webhook)', async () => {
		const copy = body();
		copy.messageId = 'after-the-fuzz';
		const outcome = await trigger.receive(signed(copy));
		expect(outcome.statusCode).toBe(200);
		expect(outcome.items).toHaveLength(1);
	});
});
