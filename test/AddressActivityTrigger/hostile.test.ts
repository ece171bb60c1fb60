// Hostile and odd traffic at the trigger's URL, in classes generated from a fixed seed: whatever
// arrives, the node answers without a 5xx of its own (a 5xx makes the service retry for two days)
// and starts no run for anything that is not a genuine delivery of its own webhook.
import type { IDataObject } from 'n8n-workflow';

import { forgetMessageWindows } from '../../nodes/AddressActivityTrigger/memory/messageWindows';
import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import { parseDelivery } from '../../nodes/shared/model/deliverySchema';
import { seededRandom } from '../harness/random';
import { signDelivery } from '../harness/signing';
import { TriggerHarness, type ReceivedDelivery } from '../harness/trigger';
import { ALICE, CAROL, FUJI, startWithReceiver, triggerParameters } from './support';

let stack: Awaited<ReturnType<typeof startWithReceiver>>;
let trigger: TriggerHarness;
let genuine: ReceivedDelivery;
let secret: string;

const next = seededRandom(20261124);
/** `count` different values of `values`, in a seeded random order. */
const pickDistinct = <T>(values: T[], count: number): T[] => {
	const left = [...values];
	return Array.from({ length: count }, () => left.splice(Math.floor(next() * left.length), 1)[0]);
};
const bytes = (length: number) => Buffer.from(Array.from({ length }, () => Math.floor(next() * 256)));

beforeAll(async () => {
	stack = await startWithReceiver({ timeScale: 1000 });
	const { control, receiver, receiverUrl, emulator } = stack;
	forgetProcessMemory();
	forgetMessageWindows();
	const { key } = await control.createKey({ plan: 'paid' });
	trigger = new TriggerHarness({ parameters: triggerParameters({ addresses: ALICE }), credentials: { apiKey: key, baseUrl: emulator.url }, publicUrl: receiverUrl });
	await trigger.activate();
	receiver.harness = trigger;
	await control.activity({ chainId: FUJI, from: CAROL, to: ALICE, value: '1000' });
	[genuine] = await receiver.waitFor(1);
	secret = (await control.service<{ secret: string }>(key, 'GET', '/v1/webhooks:getSharedSecret')).body.secret;
});

afterAll(async () => {
	await trigger.deactivate();
	await stack.close();
});

const body = () => JSON.parse(genuine.rawBody.toString('utf8')) as IDataObject;
const headers = (signature?: string) => ({ 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-signature': signature }) });
const signed = (value: unknown) => ({ headers: headers(signDelivery(value, secret)), rawBody: Buffer.from(JSON.stringify(value)) });

/** Values of every JSON type, some of them odd. */
const oddValues = (): unknown[] => [null, true, 0, -1, 1.5, 1e308, '', 'x'.repeat(1000), [], [1, 2], {}, { nested: { deeper: [null] } }, bytes(8).toString('hex')];
const shortJson = (value: unknown) => {
	const text = JSON.stringify(value);
	return text.length > 24 ? `${text.slice(0, 16)}... (${text.length} characters)` : text;
};

/** A copy of the genuine body with a fresh messageId and one field (at a dotted path) set to `value`, or removed. */
function withField(messageId: string, path: string, value: unknown): IDataObject {
	const copy = body();
	copy.messageId = messageId;
	const parts = path.split('.');
	let target = copy as Record<string, unknown>;
	for (const part of parts.slice(0, -1)) target = (target[part] ?? (target[part] = {})) as Record<string, unknown>;
	if (value === undefined) delete target[parts[parts.length - 1]];
	else target[parts[parts.length - 1]] = value;
	return copy;
}

type Request = { headers: Record<string, string>; rawBody: Buffer };
/**
 * A case is named when the tests are collected; its request is built when it runs, from the
 * genuine delivery received in beforeAll. mayRun: a genuine (signed) body that is still a readable
 * delivery may run; nothing else may.
 */
type Case = { name: string; build: () => { request: Request; mayRun: boolean } };

const never = (request: Request) => ({ request, mayRun: false });

function cases(): Case[] {
	const list: Case[] = [];
	const add = (name: string, build: Case['build']) => list.push({ name, build });
	for (let i = 1; i <= 40; i++) {
		const raw = bytes(1 + Math.floor(next() * 2000));
		add(`${raw.length} random bytes (#${i}), no signature`, () => never({ headers: headers(), rawBody: raw }));
	}
	for (let i = 1; i <= 40; i++) {
		const [raw, signature] = [bytes(1 + Math.floor(next() * 2000)), bytes(32).toString('base64')];
		add(`${raw.length} random bytes (#${i}), a random signature`, () => never({ headers: headers(signature), rawBody: raw }));
	}
	for (const value of oddValues()) add(`JSON ${shortJson(value)}, no signature`, () => never({ headers: headers(), rawBody: Buffer.from(JSON.stringify(value)) }));
	for (const value of oddValues()) add(`JSON ${shortJson(value)}, signed`, () => never(signed(value)));
	// The genuine body under a new messageId, with an x-signature made from the genuine one or not.
	const signatures: Array<[string, (real: string) => string]> = [
		['empty', () => ''],
		['a space', () => ' '],
		['"[]"', () => '[]'],
		['"[], " and the genuine signature (two headers as n8n joins them)', (real) => `[], ${real}`],
		['the genuine signature twice, joined', (real) => `${real}, ${real}`],
		['the genuine signature with an x appended', (real) => `${real}x`],
		['the genuine signature cut to 43 characters', (real) => real.slice(0, 43)],
		['the genuine digest in hex', (real) => Buffer.from(real, 'base64').toString('hex')],
		['the genuine signature in lower case', (real) => real.toLowerCase()],
		['the genuine signature with a * inside', (real) => `${real.slice(0, 20)}*${real.slice(20)}`],
		['32 random bytes in base64', ((random) => () => random)(bytes(32).toString('base64'))],
		['64 random bytes in base64', ((random) => () => random)(bytes(64).toString('base64'))],
		['10,000 characters', () => 'a'.repeat(10_000)],
	];
	for (const [name, signature] of signatures) {
		add(`x-signature ${name}`, () => {
			const copy = body();
			copy.messageId = `fuzz-signature-${name}`;
			return never({ headers: headers(signature(genuine.headers['x-signature'] as string)), rawBody: Buffer.from(JSON.stringify(copy)) });
		});
	}
	// Signed, with a field missing or of another type: acknowledged (200) without a run when the
	// trigger cannot read it; a readable one (say a long txHash) is a genuine delivery and may run.
	const fields = ['webhookId', 'eventType', 'messageId', 'event', 'event.transaction', 'event.transaction.txHash', 'event.transaction.from', 'event.transaction.to', 'event.transaction.value', 'event.transaction.blockNumber'];
	for (const field of fields) {
		for (const value of [undefined, ...pickDistinct(oddValues(), 4)]) {
			const name = `signed, ${field} ${value === undefined ? 'missing' : `= ${shortJson(value)}`}`;
			add(name, () => {
				const changed = withField(`fuzz-${list.length}-${name}`, field, value);
				return { request: signed(changed), mayRun: parseDelivery(changed).ok };
			});
		}
	}
	add('signed and well formed, for another webhook id', () => never(signed(withField('fuzz-other-webhook', 'webhookId', '00000000-0000-4000-8000-000000000000'))));
	add('the genuine body without its signature', () => never({ headers: headers(), rawBody: genuine.rawBody }));
	add('the genuine body, signed with another secret', () => never({ headers: headers(signDelivery(body(), 'ab'.repeat(32))), rawBody: genuine.rawBody }));
	return list;
}

describe('a hostile or odd request at the trigger URL is answered without a 5xx from the node and starts no run unless it is a readable genuine delivery', () => {
	it.each(cases())('$name', async ({ build }) => {
		const { request, mayRun } = build();
		const runsBefore = trigger.startedRuns.length;
		const outcome = await trigger.receive(request);
		expect(outcome.statusCode >= 500 ? `${outcome.statusCode} ${JSON.stringify(outcome.body)}` : 'no 5xx').toBe('no 5xx');
		if (!mayRun) expect(outcome.items).toBeUndefined();
		expect(trigger.startedRuns.length).toBe(runsBefore + (outcome.items === undefined ? 0 : 1));
	});
});

describe('after the hostile requests', () => {
	it('a genuine delivery still runs (nothing above used up the secret or the webhook)', async () => {
		// The genuine body as another transaction's message: the genuine transaction itself ran already.
		const copy = body();
		copy.messageId = 'after-the-fuzz';
		(copy.event as { transaction: IDataObject }).transaction.txHash = `0x${'f0'.repeat(32)}`;
		const outcome = await trigger.receive(signed(copy));
		expect(outcome.statusCode).toBe(200);
		expect(outcome.items).toHaveLength(1);
	});
});
