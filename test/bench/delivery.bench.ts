/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals */
/**
 * Delivery benchmark: what receiving one message costs the trigger (verify + parse + validate +
 * dedupe + map), for a typical and a large message, next to the bare minimum (JSON.parse plus
 * one HMAC over the bytes). The messages are real signed deliveries captured from the emulator,
 * each copy re-signed with its own messageId so the duplicate window works as in production.
 *
 *   npm run bench
 *   npm run bench -- --webhook-only   (the typical message through the whole webhook() only: a
 *                                      short run, to compare two checkouts timed in turn)
 */
import { createHmac, randomUUID } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { canonicalJson } from '../../nodes/shared/model/canonicalJson';
import { isSignatureValid } from '../../nodes/shared/model/deliverySignature';
import { AddressSet } from '../../nodes/shared/model/addresses';
import { parseDelivery } from '../../nodes/shared/model/deliverySchema';
import { MessageWindow } from '../../nodes/AddressActivityTrigger/memory/messageWindows';
import { rememberAddressList, rememberedAddressList } from '../../nodes/AddressActivityTrigger/memory/parsedAddressLists';
import { signDelivery } from '../harness/signing';
import { toTransfers } from '../../nodes/shared/model/transfers';
import { startEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { serviceCall } from '../harness/fixtures';
import { DeliveryReceiver, TriggerHarness, type ReceivedDelivery } from '../harness/trigger';
import { ALICE, CAROL, triggerParameters, USDC } from '../AddressActivityTrigger/support';

interface Variant {
	raw: Buffer;
	signature: string;
}

interface Figures {
	label: string;
	microsPerDelivery: number;
	deliveriesPerSecond: number;
	peakHeapMb: number;
	retainedKb: number;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function address(index: number): string {
	return `0x${(index + 0x1000).toString(16).padStart(40, '0')}`;
}

/** A transaction touching ALICE with `transfers` ERC-20 moves, internal calls and logs. */
function activity(transfers: number, internals: number, logs: number): IDataObject {
	return {
		chainId: '43113',
		from: ALICE,
		to: CAROL,
		value: '1500000000000000000',
		input: '0xa9059cbb',
		erc20Transfers: Array.from({ length: transfers }, (_, index) => ({
			token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
			from: index % 2 ? ALICE : address(index),
			to: index % 2 ? address(index) : ALICE,
			value: String(1000000 + index),
		})),
		internalTransactions: Array.from({ length: internals }, (_, index) => ({
			from: CAROL,
			to: index % 3 ? address(index) : ALICE,
			value: String(10 ** 15 + index),
		})),
		logs: Array.from({ length: logs }, (_, index) => ({
			address: USDC,
			topics: [`0x${'ab'.repeat(32)}`, `0x${index.toString(16).padStart(64, '0')}`],
			data: `0x${'00'.repeat(32)}`,
		})),
	};
}

/** Copies of a captured delivery, each with its own messageId and signature. */
function variants(delivery: ReceivedDelivery, secret: string, count: number): Variant[] {
	const body = JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;
	return Array.from({ length: count }, () => {
		const copy = { ...body, messageId: randomUUID() };
		return { raw: Buffer.from(JSON.stringify(copy)), signature: signDelivery(copy, secret) };
	});
}

const WARM_UP = 100;
/** Only the typical message's whole webhook(): no other pipeline, no large message, no long lists. */
const WEBHOOK_ONLY = process.argv.includes('--webhook-only');

/** Runs `run` on indices 0..count-1 after warming up on count..count+WARM_UP-1 (so no id repeats). */
async function measure(label: string, count: number, run: (index: number) => unknown): Promise<Figures> {
	for (let index = count; index < count + WARM_UP; index++) await run(index);
	gc();
	const base = process.memoryUsage().heapUsed;
	let peak = base;
	const started = process.hrtime.bigint();
	for (let index = 0; index < count; index++) {
		const result = run(index);
		if (result instanceof Promise) await result;
		if (index % 20 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
	}
	const elapsedNs = Number(process.hrtime.bigint() - started);
	gc();
	return {
		label,
		microsPerDelivery: elapsedNs / count / 1000,
		deliveriesPerSecond: (count * 1e9) / elapsedNs,
		peakHeapMb: (peak - base) / 1024 / 1024,
		retainedKb: (process.memoryUsage().heapUsed - base) / 1024,
	};
}

function print(title: string, bytes: number, transfers: number, rows: Figures[]): void {
	const baseline = rows[0].microsPerDelivery;
	console.log(`\n${title}: ${(bytes / 1024).toFixed(1)} KiB body, ${transfers} Transfers items`);
	console.log(
		`${'pipeline'.padEnd(58)} ${'µs/delivery'.padStart(12)} ${'deliveries/s'.padStart(13)} ${'x bare'.padStart(7)} ${'peak heap MiB'.padStart(14)} ${'retained KiB'.padStart(13)}`,
	);
	for (const row of rows) {
		console.log(
			`${row.label.padEnd(58)} ${row.microsPerDelivery.toFixed(1).padStart(12)} ${Math.round(row.deliveriesPerSecond).toString().padStart(13)} ${(row.microsPerDelivery / baseline).toFixed(1).padStart(7)} ${row.peakHeapMb.toFixed(1).padStart(14)} ${row.retainedKb.toFixed(0).padStart(13)}`,
		);
	}
}

async function main(): Promise<void> {
	const emulator = await startEmulator();
	const receiver = new DeliveryReceiver();
	const publicUrl = await receiver.start();
	const control = new EmulatorControl(emulator.url);
	const { key } = await control.createKey({ plan: 'paid' });
	const parameters = triggerParameters({ addresses: ALICE, includeInternalTxs: true, includeLogs: true });
	const credentials = { apiKey: key, baseUrl: emulator.url };
	const trigger = new TriggerHarness({ parameters, credentials, publicUrl });
	const cases = [
		{ title: 'Typical message (native + 1 ERC-20 transfer)', activity: activity(1, 0, 1), count: 3000 },
		{ title: 'Large message (400 ERC-20 transfers, 200 internal, 400 logs)', activity: activity(400, 200, 400), count: 150 },
	].slice(0, WEBHOOK_ONLY ? 1 : 2);
	const captured: ReceivedDelivery[] = [];
	// The emulator and the webhook stay up while the node is measured: webhook() confirms the
	// delivery's webhook with the service (once per process).
	try {
		await trigger.activate();
		for (const benchCase of cases) {
			await control.activity(benchCase.activity);
			captured.push((await receiver.waitFor(captured.length + 1))[captured.length]);
		}
		if (WEBHOOK_ONLY) {
			await measureAll(cases, captured, { secret: await control.sharedSecret(key), parameters, credentials, publicUrl, trigger });
			await trigger.deactivate();
			return;
		}
		// A long list kept at the webhook (Address > Add or Sync) while the trigger names ALICE only.
		const webhookId = String((await serviceCall<{ webhooks: Array<{ id: string }> }>(credentials, 'GET', '/v1/webhooks')).webhooks[0].id);
		const atWebhook = Array.from({ length: 99_999 }, (_, index) => address(index + 200_000));
		for (let start = 0; start < atWebhook.length; start += 500) {
			await serviceCall(credentials, 'PATCH', `/v1/webhooks/${webhookId}/addresses`, { addresses: atWebhook.slice(start, start + 500) });
		}
		await control.activity({ ...activity(1, 0, 1), from: CAROL, to: atWebhook[77_777] });
		captured.push((await receiver.waitFor(captured.length + 1))[captured.length]);
		// The trigger keeps the secret in process memory only: read it from the service, as it does.
		const secret = await control.sharedSecret(key);
		const setup: Setup = { secret, parameters, credentials, publicUrl, trigger };
		await measureAll(cases, captured, setup);
		await measureListLength(captured[0], captured[2], setup);
		await trigger.deactivate();
	} finally {
		await receiver.close();
		await emulator.close();
	}
}

/** What the measurements share: the account's secret and the activated trigger's set-up. */
interface Setup {
	secret: string;
	parameters: INodeParameters;
	credentials: { apiKey: string; baseUrl: string };
	publicUrl: string;
	trigger: TriggerHarness;
}

/** The node as a process that learned the webhook and the secret at activation, with other parameters if given. */
function nodeOf(setup: Setup, parameters: INodeParameters = setup.parameters): TriggerHarness {
	return new TriggerHarness({ parameters, credentials: setup.credentials, publicUrl: setup.publicUrl, staticData: setup.trigger.persistedStaticData() });
}

async function deliver(node: TriggerHarness, copy: Variant): Promise<number> {
	const outcome = await node.receive({ headers: { 'content-type': 'application/json', 'x-signature': copy.signature }, rawBody: copy.raw });
	if (outcome.statusCode !== 200) throw new Error(JSON.stringify(outcome.body));
	return (outcome.items ?? []).length;
}

async function measureAll(cases: Array<{ title: string; count: number }>, captured: ReceivedDelivery[], setup: Setup): Promise<void> {
	const { secret } = setup;
	const hmacKey = Buffer.from(secret, 'hex');
	console.log(`Node ${process.version}; ${WARM_UP} warm-up deliveries per pipeline; heap figures need --expose-gc`);
	for (const [index, benchCase] of cases.entries()) {
		const copies = variants(captured[index], secret, benchCase.count + WARM_UP);
		const window = new MessageWindow();
		let transfers = 0;
		const rows: Figures[] = [];
		if (WEBHOOK_ONLY) {
			const node = nodeOf(setup);
			rows.push(await measure('node webhook() via n8n-core WebhookContext (Transfers)', benchCase.count, async (i) => (transfers = await deliver(node, copies[i]))));
			print(benchCase.title, copies[0].raw.length, transfers, rows);
			continue;
		}
		rows.push(
			await measure('bare: JSON.parse + one HMAC-SHA256 of the bytes', benchCase.count, (i) => {
				JSON.parse(copies[i].raw.toString('utf8'));
				return createHmac('sha256', hmacKey).update(copies[i].raw).digest();
			}),
		);
		// The canonical form alone, which verify builds when the raw-body checks fail (as they do for
		// the documented scheme); given the same hint as the trigger gives it (no backslash in the body).
		const parsed = JSON.parse(copies[0].raw.toString('utf8')) as unknown;
		const escapeFree = !copies[0].raw.includes(0x5c);
		rows.push(await measure('JCS (RFC 8785) of the parsed body alone', benchCase.count, () => canonicalJson(parsed, escapeFree)));
		rows.push(
			await measure('parse + verify (JCS + HMAC, constant-time compare)', benchCase.count, (i) => {
				const body = JSON.parse(copies[i].raw.toString('utf8')) as unknown;
				return isSignatureValid({ signature: copies[i].signature, rawBody: copies[i].raw, body }, secret);
			}),
		);
		rows.push(
			await measure('parse + verify + zod + dedupe (in-memory window) + map', benchCase.count, (i) => {
				const body = JSON.parse(copies[i].raw.toString('utf8')) as unknown;
				if (!isSignatureValid({ signature: copies[i].signature, rawBody: copies[i].raw, body }, secret)) {
					throw new Error('signature rejected');
				}
				const parsed = parseDelivery(body);
				if (!parsed.ok) throw new Error(parsed.problem);
				const claim = window.claim(parsed.delivery.messageId, Date.now());
				if (!claim.first) throw new Error('duplicate');
				claim.settle(true);
				transfers = toTransfers(parsed.delivery.event.transaction, parsed.delivery, new AddressSet([ALICE]), { symbol: 'AVAX', decimals: 18 }).length;
				return transfers;
			}),
		);
		// The whole webhook() through n8n-core's WebhookContext; this process learned the webhook and
		// the secret when the trigger was activated above, as a single n8n instance does.
		const node = nodeOf(setup);
		rows.push(await measure('node webhook() via n8n-core WebhookContext (Transfers)', benchCase.count, (i) => deliver(node, copies[i])));
		print(benchCase.title, copies[0].raw.length, transfers, rows);
	}
}

/**
 * The same typical delivery into the same webhook, with the trigger's Addresses holding 2 and then
 * 100,000 addresses: what the node does per delivery must not grow with the list.
 */
async function measureListLength(delivery: ReceivedDelivery, atWebhook: ReceivedDelivery, setup: Setup): Promise<void> {
	const { secret, parameters } = setup;
	const count = 2000;
	const rows: Figures[] = [];
	for (const length of [2, 100_000]) {
		const addresses = [ALICE, ...Array.from({ length: length - 1 }, (_, index) => address(index + 10_000))].join('\n');
		const copies = variants(delivery, secret, count + WARM_UP);
		const node = nodeOf(setup, { ...parameters, addresses });
		rows.push(await measure(`node webhook(), Addresses holding ${length.toLocaleString('en-US')}`, count, (i) => deliver(node, copies[i])));
	}
	// Addresses 2, webhook list 100,000: the delivery is about an address only the webhook has (read once, then known).
	const copies = variants(atWebhook, secret, count + WARM_UP);
	const node = nodeOf(setup);
	rows.push(
		await measure('node webhook(), Addresses 2, 100,000 at the webhook', count, async (i) => {
			if ((await deliver(node, copies[i])) === 0) throw new Error('no items for an address of the webhook');
		}),
	);
	console.log(`\nThe typical message against the length of the trigger's Addresses (ratio ${(rows[1].microsPerDelivery / rows[0].microsPerDelivery).toFixed(2)}x):`);
	for (const row of rows) console.log(`${row.label.padEnd(58)} ${row.microsPerDelivery.toFixed(1).padStart(12)} µs ${Math.round(row.deliveriesPerSecond).toString().padStart(8)}/s`);
	// Here the parameter is the same text object each time; n8n loads the workflow per request, so
	// each delivery brings a fresh copy, which the remembered list is found by (hashing the text).
	const longList = [ALICE, ...Array.from({ length: 99_999 }, (_, index) => address(index + 10_000))].join('\n');
	rememberAddressList(longList, new AddressSet());
	const texts = Array.from({ length: 20 }, () => Buffer.from(longList, 'latin1').toString('latin1'));
	const started = process.hrtime.bigint();
	for (const copy of texts) if (rememberedAddressList(copy) === undefined) throw new Error('not found');
	const lookupUs = Number(process.hrtime.bigint() - started) / texts.length / 1000;
	console.log(`${'  + finding the list by a fresh copy of its text (n8n)'.padEnd(58)} ${lookupUs.toFixed(1).padStart(12)} µs`);
}

void main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
