// A signed delivery with an object where the specification has text or a number (an object
// with its own toString, valueOf, __proto__ or constructor, which break string coercion): the
// trigger answers at once, runs it when the fields it reads are readable, and otherwise
// acknowledges it without a run, naming the field (the service would retry any other answer).
import { randomBytes } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import { signDelivery } from '../harness/signing';
import { TriggerHarness, type ReceivedDelivery } from '../harness/trigger';
import { ALICE, CAROL, FUJI, startWithReceiver, triggerParameters } from './support';

let setup: Awaited<ReturnType<typeof startWithReceiver>>;
let trigger: TriggerHarness;
let genuine: ReceivedDelivery;
let secret: string;

beforeAll(async () => {
	setup = await startWithReceiver({ timeScale: 1000 });
	forgetProcessMemory();
	const key = (await setup.control.createKey({ plan: 'paid' })).key;
	trigger = new TriggerHarness({ parameters: triggerParameters({ addresses: ALICE }), credentials: { apiKey: key, baseUrl: setup.emulator.url }, publicUrl: setup.receiverUrl });
	await trigger.activate();
	setup.receiver.harness = trigger;
	await setup.control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000' });
	[genuine] = await setup.receiver.waitFor(1);
	secret = (await setup.control.service<{ secret: string }>(key, 'GET', '/v1/webhooks:getSharedSecret')).body.secret;
});

afterAll(async () => {
	await trigger.deactivate();
	await setup.close();
});

/** Objects whose string coercion throws or misleads, as JSON can carry them. */
const HOSTILE: Array<[string, unknown]> = [
	['{"toString":1}', { toString: 1 }],
	['{"valueOf":1}', { valueOf: 1 }],
	['{"__proto__":{"toString":1}}', JSON.parse('{"__proto__":{"toString":1}}')],
	['{"constructor":{"name":1}}', { constructor: { name: 1 } }],
];
/** Fields the Transfers output does not read (any value is accepted, as the service may add to them). */
const UNREAD = ['event.transaction.txStatus', 'event.transaction.networkToken'];
/** Fields it reads, text or number in the specification. */
const READ = [
	'webhookId',
	'eventType',
	'messageId',
	'event.transaction.txHash',
	'event.transaction.blockNumber',
	'event.transaction.blockTimestamp',
	'event.transaction.from',
	'event.transaction.to',
	'event.transaction.value',
	'event.transaction.chainId',
	'event.transaction.networkToken.tokenSymbol',
];

let sent = 0;
async function sendWith(field: string, value: unknown) {
	const body = JSON.parse(genuine.rawBody.toString('utf8')) as IDataObject;
	body.messageId = `object-values-${sent}`;
	// Another transaction each time: the genuine one ran, and its copies are left out once recorded.
	// Random, as real hashes are: the durable position keys a block's transactions by their first 16
	// digits, and zero-padded counters (0x00…00, 0x00…01) share them, so once the first was recorded
	// the later ones counted as run (on a busy machine, whose write came between two cases).
	(body.event as { transaction: IDataObject }).transaction.txHash = `0x${randomBytes(32).toString('hex')}`;
	sent++;
	const parts = field.split('.');
	let target = body as Record<string, unknown>;
	for (const part of parts.slice(0, -1)) target = (target[part] ?? (target[part] = {})) as Record<string, unknown>;
	target[parts[parts.length - 1]] = value;
	const rawBody = Buffer.from(JSON.stringify(body));
	const signature = signDelivery(JSON.parse(rawBody.toString('utf8')), secret);
	return await trigger.receive({ headers: { 'content-type': 'application/json', 'x-signature': signature }, rawBody });
}

describe('a signed delivery with an object in a field the trigger does not read', () => {
	it.each(UNREAD.flatMap((field) => HOSTILE.map(([name, value]) => [field, name, value] as const)))('%s = %s runs once', async (field, _name, value) => {
		const outcome = await sendWith(field, value);
		expect(outcome.statusCode).toBe(200);
		expect(outcome.items).toHaveLength(1);
		expect(outcome.items?.[0].json).toMatchObject({ monitoredAddress: ALICE, direction: 'in', amountRaw: '1000' });
	});
});

describe('a signed delivery with an object where text or a number is read', () => {
	it.each(READ.flatMap((field) => HOSTILE.map(([name, value]) => [field, name, value] as const)))('%s = %s is acknowledged without a run, naming the field', async (field, _name, value) => {
		const outcome = await sendWith(field, value);
		expect(outcome.statusCode).toBe(200);
		expect(outcome.items).toBeUndefined();
		expect(outcome.body).toEqual({ received: false, message: expect.stringContaining(`not a valid address_activity delivery: ${field}: `) });
	});
});
