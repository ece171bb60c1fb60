import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { forgetMessageWindows } from '../../../nodes/AddressActivityTrigger/memory/messageWindows';
import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { forgetTransactionWindows } from '../../../nodes/AddressActivityTrigger/memory/transactionWindows';
import { SECRET_READ_INTERVAL_MS } from '../../../nodes/shared/memory/sharedSecrets';
import { runNode } from '../../harness/runNode';
import { signDelivery } from '../../harness/signing';
import { sleep, waitFor } from '../../harness/wait';
import { logLines } from '../../harness/logger';
import { TriggerHarness, type ReceivedDelivery } from '../../harness/trigger';
import {
	ALICE,
	BOB,
	CAROL,
	DAVE,
	FUJI,
	ITEMS,
	NFT,
	USDC,
	chainStateOf,
	listenForLiveTransfer,
	recordedAsRun,
	startWithReceiver,
	triggerParameters,
	withoutPosition,
	type EmulatorWithReceiver,
} from '../support';

let stack: EmulatorWithReceiver;
let emulator: EmulatorWithReceiver['emulator'];
let control: EmulatorWithReceiver['control'];
let receiver: EmulatorWithReceiver['receiver'];
let receiverUrl: string;
let key: string;
let trigger: TriggerHarness;

const AVAX = BigInt('1000000000000000000');

beforeAll(async () => {
	// Retries after 10 s come after 10 ms.
	stack = await startWithReceiver({ timeScale: 1000 });
	({ emulator, control, receiver, receiverUrl } = stack);
});

afterAll(async () => {
	await stack.close();
});

afterEach(async () => {
	await trigger.deactivate();
	receiver.harness = undefined;
});

/** Activates a trigger whose webhook URL is the receiver, which hands deliveries to it. */
async function activate(parameters: INodeParameters): Promise<TriggerHarness> {
	key = (await control.createKey({ plan: 'paid' })).key;
	trigger = new TriggerHarness({ parameters, credentials: { apiKey: key, baseUrl: emulator.url }, publicUrl: receiverUrl });
	await trigger.activate();
	receiver.harness = trigger;
	return trigger;
}

/** Puts a transaction on the chain and waits for the delivery it causes. */
async function deliver(activity: IDataObject): Promise<ReceivedDelivery> {
	const before = receiver.deliveries.length;
	await control.activity({ chainId: FUJI, ...activity });
	const deliveries = await receiver.waitFor(before + 1);
	return deliveries[before];
}

/** The same request handed to a trigger with other parameters (a fresh duplicate window). */
async function replay(
	delivery: ReceivedDelivery,
	parameters: INodeParameters,
	staticData: IDataObject = trigger.persistedStaticData(),
) {
	forgetMessageWindows();
	forgetTransactionWindows();
	const other = new TriggerHarness({
		parameters,
		credentials: { apiKey: key, baseUrl: emulator.url },
		publicUrl: receiverUrl,
		staticData,
	});
	return await other.receive(delivery);
}

function jsonOf(delivery: ReceivedDelivery): IDataObject {
	return JSON.parse(delivery.rawBody.toString('utf8')) as IDataObject;
}

const mixedActivity = {
	from: ALICE,
	to: CAROL,
	value: (AVAX * BigInt(3) / BigInt(2)).toString(),
	input: '0xa9059cbb',
	erc20Transfers: [
		{ token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, from: CAROL, to: ALICE, value: '2500000' },
	],
	erc721Transfers: [{ token: { address: NFT, name: 'Kitties', symbol: 'KIT' }, from: CAROL, to: ALICE, tokenId: '7' }],
	erc1155Transfers: [{ token: { address: ITEMS, name: 'Items', symbol: 'ITM' }, from: ALICE, to: ALICE, tokenId: '5', value: '3' }],
	internalTransactions: [{ from: CAROL, to: ALICE, value: (AVAX / BigInt(4)).toString() }],
};

describe('Transfers output', () => {
	it('starts the workflow with one item per transfer of a monitored address and answers 200 {"received": true}', async () => {
		await activate(triggerParameters({ addresses: ALICE, includeInternalTxs: true }));
		const { txHash, blockNumber } = await control.activity({ chainId: FUJI, ...mixedActivity });
		const [delivery] = await receiver.waitFor(receiver.deliveries.length + 1);
		const message = jsonOf(delivery);

		expect(delivery.outcome?.statusCode).toBe(200);
		expect(delivery.outcome?.body).toEqual({ received: true });
		const items = (delivery.outcome?.items ?? []).map((item) => item.json);
		expect(items.map((item) => [item.assetType, item.direction, item.counterparty, item.amount, item.symbol])).toEqual([
			['native', 'out', CAROL, '1.5', 'AVAX'],
			['internal', 'in', CAROL, '0.25', 'AVAX'],
			['erc20', 'in', CAROL, '2.5', 'USDC'],
			['erc721', 'in', CAROL, '1', 'KIT'],
			['erc1155', 'self', ALICE, '3', 'ITM'],
		]);
		const blockTimestamp = ((message.event as IDataObject).transaction as IDataObject).blockTimestamp as number;
		expect(items[2]).toEqual({
			direction: 'in',
			monitoredAddress: ALICE,
			counterparty: CAROL,
			from: CAROL,
			to: ALICE,
			assetType: 'erc20',
			symbol: 'USDC',
			tokenName: 'USD Coin',
			contract: USDC,
			decimals: 6,
			tokenId: null,
			amountRaw: '2500000',
			amount: '2.5',
			txHash,
			blockNumber,
			time: new Date(blockTimestamp * 1000).toISOString(),
			chainId: FUJI,
			messageId: message.messageId,
			webhookId: chainStateOf(trigger).webhookId,
		});
		expect(items[3].tokenId).toBe('7');

		const attempts = await control.deliveries({ webhookId: String(chainStateOf(trigger).webhookId) });
		expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.outcome])).toEqual([[1, 200, 'delivered']]);
	});

	it('compares addresses ignoring letter case', async () => {
		const mixedCase = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
		await activate(triggerParameters({ addresses: mixedCase }));
		const delivery = await deliver({ from: BOB, to: mixedCase.toLowerCase(), value: AVAX.toString() });
		expect(delivery.outcome?.items?.map((item) => [item.json.direction, item.json.monitoredAddress])).toEqual([
			['in', mixedCase.toLowerCase()],
		]);
	});

	it('starts nothing when no transfer passes the filters, but still acknowledges', async () => {
		await activate(triggerParameters({ addresses: ALICE, filters: { directions: ['in'] } }));
		const delivery = await deliver({ from: ALICE, to: CAROL, value: AVAX.toString() });
		expect(delivery.outcome).toMatchObject({ statusCode: 200, body: { received: true }, items: undefined });
	});

	it('gives the transfers of addresses added to the webhook elsewhere, reading the webhook again at most every 10 s', async () => {
		await activate(triggerParameters({ addresses: ALICE }));
		const webhookId = String(chainStateOf(trigger).webhookId);
		// Another workflow adds an address with the Address Activity node while this one is active.
		await control.service(key, 'PATCH', `/v1/webhooks/${webhookId}/addresses`, { addresses: [DAVE] });
		await control.clearRequests();

		const first = await deliver({ from: BOB, to: DAVE, value: AVAX.toString() });
		const second = await deliver({ from: DAVE, to: BOB, value: AVAX.toString() });
		// A contract call that moves nothing concerns no known address; the list was read moments ago.
		const nothing = await deliver({ from: ALICE, to: CAROL, value: '0', input: '0x12345678' });

		expect(first.outcome?.items?.map((item) => [item.json.direction, item.json.monitoredAddress])).toEqual([['in', DAVE]]);
		expect(second.outcome?.items?.map((item) => [item.json.direction, item.json.monitoredAddress])).toEqual([['out', DAVE]]);
		expect(nothing.outcome).toMatchObject({ statusCode: 200, items: undefined });
		const reads = (await control.requests()).filter((request) => request.path === `/v1/webhooks/${webhookId}`);
		expect(reads).toHaveLength(1);
	});

	describe('filters', () => {
		let delivery: ReceivedDelivery;
		// The trigger's static data right after the delivery (the webhook is deactivated after each test,
		// and deliveries for a deleted webhook are refused, so each test activates again).
		let staticData: IDataObject;
		beforeEach(async () => {
			await activate(triggerParameters({ addresses: ALICE, includeInternalTxs: true }));
			delivery = await deliver(mixedActivity);
			staticData = trigger.persistedStaticData();
		});

		async function kindsWith(filters: INodeParameters): Promise<string[]> {
			const parameters = triggerParameters({ addresses: ALICE, includeInternalTxs: true, filters });
			const outcome = await replay(delivery, parameters, JSON.parse(JSON.stringify(staticData)) as IDataObject);
			if (outcome.statusCode !== 200) throw new Error(JSON.stringify(outcome.body));
			return (outcome.items ?? []).map((item) => `${String(item.json.assetType)}:${String(item.json.direction)}`);
		}

		it('keeps the chosen directions', async () => {
			expect(await kindsWith({ directions: ['out', 'self'] })).toEqual(['native:out', 'erc1155:self']);
		});

		it('keeps the chosen asset types', async () => {
			expect(await kindsWith({ assetTypes: ['erc20', 'erc721'] })).toEqual(['erc20:in', 'erc721:in']);
		});

		it('keeps amounts at or above the minimum, in token units, from the number field and from text saved before it was one', async () => {
			expect(await kindsWith({ minimumAmount: 1.5 })).toEqual(['native:out', 'erc20:in', 'erc1155:self']);
			expect(await kindsWith({ minimumAmount: '1.5' })).toEqual(['native:out', 'erc20:in', 'erc1155:self']);
		});

		it('keeps transfers of the chosen token contracts only', async () => {
			expect(await kindsWith({ contracts: `${USDC.toUpperCase().replace('0X', '0x')}\n${NFT}` })).toEqual([
				'erc20:in',
				'erc721:in',
			]);
		});
	});
});

describe('Raw message output', () => {
	it('gives the message exactly as delivered, logs included', async () => {
		await activate(triggerParameters({ addresses: ALICE, output: 'raw', includeLogs: true }));
		const topic = `0x${'ab'.repeat(32)}`;
		const delivery = await deliver({ from: ALICE, to: CAROL, value: '1', logs: [{ address: CAROL, topics: [topic] }] });

		expect(delivery.outcome?.items).toHaveLength(1);
		const json = delivery.outcome?.items?.[0].json as IDataObject;
		expect(json).toEqual(jsonOf(delivery));
		expect((json.event as IDataObject).logs).toEqual([expect.objectContaining({ topic0: topic, address: CAROL })]);
	});

	it('adds the request headers when asked, without private ones', async () => {
		await activate(triggerParameters({ addresses: ALICE, output: 'raw', options: { includeHeaders: true } }));
		const delivery = await deliver({ from: ALICE, to: CAROL, value: '1' });
		expect(delivery.outcome?.items?.[0].json).toEqual({
			headers: expect.objectContaining({ 'x-signature': delivery.headers['x-signature'], 'content-type': 'application/json' }),
			body: jsonOf(delivery),
		});

		const withCookie = await replay(
			{ ...delivery, headers: { ...delivery.headers, cookie: 'n8n-auth=secret', authorization: 'Basic eDp5' } },
			triggerParameters({ addresses: ALICE, output: 'raw', options: { includeHeaders: true } }),
		);
		const headers = (withCookie.items?.[0].json as IDataObject).headers as IDataObject;
		expect(headers).not.toHaveProperty('cookie');
		expect(headers).not.toHaveProperty('authorization');
		expect(headers).toHaveProperty('x-signature');
	});
});

describe('verification', () => {
	let delivery: ReceivedDelivery;
	beforeEach(async () => {
		await activate(triggerParameters({ addresses: ALICE }));
		delivery = await deliver({ from: ALICE, to: CAROL, value: '5' });
		expect(delivery.outcome?.statusCode).toBe(200);
	});

	function changed(body: IDataObject): Buffer {
		return Buffer.from(JSON.stringify(body));
	}

	it('answers 401 and starts nothing when the body was changed after signing', async () => {
		const body = jsonOf(delivery);
		(body.event as { transaction: IDataObject }).transaction.value = '5000000000000000000000';
		const outcome = await replay({ ...delivery, rawBody: changed(body) }, triggerParameters({ addresses: ALICE }));
		expect(outcome).toMatchObject({ statusCode: 401, items: undefined });
		expect(outcome.body).toEqual({
			received: false,
			message: "Refused a request whose x-signature does not match the account's shared secret (forged, or signed with a secret the service could not confirm)",
		});
	});

	it('answers 401 and starts nothing without an x-signature header', async () => {
		const headers = { ...delivery.headers };
		delete headers['x-signature'];
		const outcome = await replay({ ...delivery, headers }, triggerParameters({ addresses: ALICE }));
		expect(outcome).toMatchObject({ statusCode: 401, body: { message: 'Refused a request without an x-signature header' }, items: undefined });
		expect(logLines.at(-1)).toMatchObject({ level: 'warn', message: expect.stringContaining('without an x-signature header') });
	});

	it('answers 401 to a delivery signed with another secret', async () => {
		const otherSecret = 'ab'.repeat(32);
		const headers = { ...delivery.headers, 'x-signature': signDelivery(jsonOf(delivery), otherSecret) };
		const outcome = await replay({ ...delivery, headers }, triggerParameters({ addresses: ALICE }));
		expect(outcome).toMatchObject({ statusCode: 401, items: undefined });
	});

	it('accepts deliveries without a signature when Verify Signature is off', async () => {
		const headers = { ...delivery.headers };
		delete headers['x-signature'];
		const outcome = await replay({ ...delivery, headers }, triggerParameters({ addresses: ALICE, options: { verifySignature: false } }));
		expect(outcome.statusCode).toBe(200);
		expect(outcome.items).toHaveLength(1);
	});

	it('answers 401 to a correctly signed delivery for another webhook of the account', async () => {
		const other = await control.service<{ id: string }>(key, 'POST', '/v1/webhooks', {
			url: `${receiverUrl}/elsewhere`,
			chainId: FUJI,
			eventType: 'address_activity',
			metadata: { addresses: [BOB] },
		});
		const foreign = await deliver({ from: BOB, to: CAROL, value: '7' });
		expect(foreign.path).toBe('/elsewhere');
		expect(jsonOf(foreign).webhookId).toBe(other.body.id);

		const outcome = await trigger.receive(foreign);
		expect(outcome).toMatchObject({
			statusCode: 401,
			body: { message: `Refused a delivery for webhook ${other.body.id}, which is not registered at this trigger's URL on one of its chains` },
			items: undefined,
		});
		expect(logLines.at(-1)?.message).toContain(`Refused a delivery for webhook ${other.body.id}`);
		await control.service(key, 'DELETE', `/v1/webhooks/${other.body.id}`);
	});

	it('acknowledges and logs a correctly signed body that is not a delivery (no retries for days), and answers 400 to one that is not JSON', async () => {
		const secret = (await control.service<{ secret: string }>(key, 'GET', '/v1/webhooks:getSharedSecret')).body.secret;
		const body = { webhookId: chainStateOf(trigger).webhookId, eventType: 'address_activity', messageId: 'm-1', event: {} };
		const outcome = await trigger.receive({
			headers: { 'content-type': 'application/json', 'x-signature': signDelivery(body, secret) },
			rawBody: changed(body),
		});
		const message = 'Skipped a message that is not a valid address_activity delivery: event.transaction: Required';
		expect(outcome).toMatchObject({ statusCode: 200, body: { received: false, message } });
		expect(outcome.items).toBeUndefined();
		expect(logLines.at(-1)).toMatchObject({ level: 'warn', message: expect.stringContaining(message) });
		expect(JSON.stringify(logLines)).not.toContain(secret);

		const notJson = await trigger.receive({ headers: delivery.headers, rawBody: Buffer.from('{"webhookId": ') });
		expect(notJson).toMatchObject({ statusCode: 400, body: { message: 'Refused a request whose body is not JSON' }, items: undefined });
	});

	it('runs a signed delivery whose values no mapping can use (a block time past any date, a status object) without failing', async () => {
		const secret = (await control.service<{ secret: string }>(key, 'GET', '/v1/webhooks:getSharedSecret')).body.secret;
		const body = jsonOf(delivery);
		const transaction = (body.event as { transaction: IDataObject }).transaction;
		Object.assign(transaction, { blockTimestamp: 8640000000001, txStatus: { toString: 1 } });
		body.messageId = 'unusual-values';
		const outcome = await trigger.receive({
			headers: { 'content-type': 'application/json', 'x-signature': signDelivery(body, secret) },
			rawBody: changed(body),
		});
		expect(outcome.statusCode).toBe(200);
		expect(outcome.items?.map((item) => [item.json.amountRaw, item.json.time])).toEqual([['5', null]]);
	});

	it.each([
		['-1', -1],
		['1.5', 1.5],
	])('runs a signed delivery whose block time is %s with time null (no date before 1970 or between seconds)', async (_name, blockTimestamp) => {
		const secret = (await control.service<{ secret: string }>(key, 'GET', '/v1/webhooks:getSharedSecret')).body.secret;
		const body = jsonOf(delivery);
		Object.assign((body.event as { transaction: IDataObject }).transaction, { blockTimestamp });
		body.messageId = `block-time-${blockTimestamp}`;
		const outcome = await trigger.receive({
			headers: { 'content-type': 'application/json', 'x-signature': signDelivery(body, secret) },
			rawBody: changed(body),
		});
		expect(outcome.statusCode).toBe(200);
		expect(outcome.items?.map((item) => item.json.time)).toEqual([null]);
	});

	it('reads the secret again after the account rotated it, and keeps it out of static data', async () => {
		const rotated = await control.service<{ secret: string }>(key, 'POST', '/v1/webhooks:generateOrRotateSharedSecret');
		await control.clearRequests();

		const next = await deliver({ from: ALICE, to: CAROL, value: '6' });
		expect(next.outcome?.statusCode).toBe(200);
		expect(next.outcome?.items).toHaveLength(1);
		expect(JSON.stringify(trigger.persistedStaticData())).not.toContain(rotated.body.secret);
		expect((await control.requests()).filter((request) => request.path === '/v1/webhooks:getSharedSecret')).toHaveLength(1);
	});

	it('refuses a message signed with the old secret once Shared Secret > Rotate ran in the same n8n, and runs the next delivery', async () => {
		const earlier = await deliver({ from: ALICE, to: CAROL, value: '6' });
		const oldSecret = (await control.service<{ secret: string }>(key, 'GET', '/v1/webhooks:getSharedSecret')).body.secret;
		const rotated = await runNode({ credentials: { apiKey: key, baseUrl: emulator.url }, parameters: { resource: 'sharedSecret', operation: 'rotate' } });
		expect(rotated.items[0].json.secret).not.toBe(oldSecret);

		const body = jsonOf(earlier);
		body.messageId = 'signed-with-the-old-secret';
		const old = await trigger.receive({ headers: { 'content-type': 'application/json', 'x-signature': signDelivery(body, oldSecret) }, rawBody: changed(body) });
		expect(old.statusCode).toBe(401);
		expect(old.items).toBeUndefined();

		const next = await deliver({ from: ALICE, to: CAROL, value: '7' });
		expect(next.outcome?.statusCode).toBe(200);
		expect(next.outcome?.items).toHaveLength(1);
	});

	it('lets forged requests cost at most one read of the secret per second, shared by those waiting together', async () => {
		const next = await deliver({ from: ALICE, to: CAROL, value: '7' });
		await control.clearRequests();
		const forged = { ...next, headers: { ...next.headers, 'x-signature': signDelivery(jsonOf(next), 'cd'.repeat(32)) } };
		const started = Date.now();
		const outcomes = await Promise.all(Array.from({ length: 10 }, () => trigger.receive(forged)));
		expect(outcomes.map((outcome) => outcome.statusCode)).toEqual(Array(10).fill(401));
		const reads = (await control.requests()).filter((request) => request.path === '/v1/webhooks:getSharedSecret');
		expect(reads.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / SECRET_READ_INTERVAL_MS) + 1);
		expect(reads).toHaveLength(1);
	});

	it('runs a genuine delivery signed with a just-rotated secret right after a forged request (a forged request cannot spend the re-read)', async () => {
		const earlier = await deliver({ from: ALICE, to: CAROL, value: '8' });
		const forged = { ...earlier, headers: { ...earlier.headers, 'x-signature': signDelivery(jsonOf(earlier), 'ef'.repeat(32)) } };
		// The forged request makes the trigger read the secret (the old one), then the account rotates it.
		expect((await trigger.receive(forged)).statusCode).toBe(401);
		await control.service(key, 'POST', '/v1/webhooks:generateOrRotateSharedSecret');
		const genuine = await deliver({ from: ALICE, to: CAROL, value: '9' });
		expect(genuine.outcome).toMatchObject({ statusCode: 200 });
		expect(genuine.outcome?.items).toHaveLength(1);
	});

	it('loses no genuine delivery when the secret is rotated during a flood of forged requests (one a second)', async () => {
		const template = await deliver({ from: ALICE, to: CAROL, value: '10' });
		const forged = { ...template, headers: { ...template.headers, 'x-signature': signDelivery(jsonOf(template), '01'.repeat(32)) } };
		const flood: Array<Promise<{ statusCode: number }>> = [];
		const genuine: ReceivedDelivery[] = [];
		for (let second = 0; second < 4; second++) {
			flood.push(trigger.receive(forged));
			if (second === 1) await control.service(key, 'POST', '/v1/webhooks:generateOrRotateSharedSecret');
			// Paces the flood at a forged request a second (not a wait for anything).
			await sleep(300);
			genuine.push(await deliver({ from: ALICE, to: CAROL, value: String(11 + second) }));
			await sleep(400);
		}
		expect((await Promise.all(flood)).map((outcome) => outcome.statusCode)).toEqual([401, 401, 401, 401]);
		expect(genuine.map((delivery) => delivery.outcome?.statusCode)).toEqual([200, 200, 200, 200]);
		expect(genuine.map((delivery) => delivery.outcome?.items?.length)).toEqual([1, 1, 1, 1]);
		// Nothing the service had to send twice.
		const attempts = await control.deliveries({ webhookId: String(chainStateOf(trigger).webhookId) });
		const forGenuine = attempts.filter((attempt) => genuine.some((delivery) => jsonOf(delivery).messageId === attempt.messageId));
		expect(forGenuine.map((attempt) => attempt.statusCode)).toEqual([200, 200, 200, 200]);
	});
});

describe('duplicates', () => {
	it('starts nothing for a retry of a message it already handled (the answer was lost)', async () => {
		await activate(triggerParameters({ addresses: ALICE }));
		receiver.loseAnswers = 1;
		const before = receiver.deliveries.length;
		await control.activity({ chainId: FUJI, from: ALICE, to: CAROL, value: '9' });
		const [first, retry] = (await receiver.waitFor(before + 2)).slice(before);

		expect(jsonOf(retry).messageId).toBe(jsonOf(first).messageId);
		expect(first.outcome?.items).toHaveLength(1);
		expect(retry.outcome).toMatchObject({ statusCode: 200, body: { received: true }, items: undefined });
		const attempts = await control.deliveries({ webhookId: String(chainStateOf(trigger).webhookId) });
		expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
			[1, 503],
			[2, 200],
		]);
	});

	it('writes only the durable position while handling deliveries (the transaction that ran), and answers through n8n once the run is accepted', async () => {
		// No flush of an earlier test's trigger waits in this process.
		forgetProcessMemory();
		await activate(triggerParameters({ addresses: ALICE }));
		const registered = withoutPosition(JSON.parse(JSON.stringify(trigger.state)) as IDataObject);
		const delivery = await deliver({ from: ALICE, to: CAROL, value: '10' });
		expect(delivery.outcome?.items).toHaveLength(1);
		expect(delivery.outcome?.result).toMatchObject({ workflowData: [expect.any(Array)], webhookResponse: { received: true } });
		expect(delivery.outcome?.result.noWebhookResponse).toBeUndefined();
		// Within seconds of the publication the write waits for a flush (n8n saves the publication's copy last).
		const txHash = String(delivery.outcome?.items?.[0].json.txHash);
		await waitFor('the transaction in the durable position', () => recordedAsRun(trigger, txHash), 20_000);
		expect(withoutPosition(trigger.state)).toEqual(registered);
	});

	it('runs a message whose first run n8n could not start (database locked) when the service retries it', async () => {
		await activate(triggerParameters({ addresses: ALICE }));
		trigger.failExecutionStart = 1;
		const before = receiver.deliveries.length;
		await control.activity({ chainId: FUJI, from: ALICE, to: CAROL, value: '11' });
		const [first, retry] = (await receiver.waitFor(before + 2)).slice(before);
		expect(jsonOf(retry).messageId).toBe(jsonOf(first).messageId);
		expect(first.outcome?.statusCode).toBe(500);
		expect(retry.outcome?.statusCode).toBe(200);
		expect(trigger.startedRuns).toHaveLength(1);
		const attempts = await control.deliveries({ webhookId: String(chainStateOf(trigger).webhookId) });
		expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
			[1, 500],
			[2, 200],
		]);
	});

	it('runs two copies of one message that arrive at the same moment once', async () => {
		await activate(triggerParameters({ addresses: ALICE }));
		const delivery = await deliver({ from: ALICE, to: CAROL, value: '12' });
		expect(trigger.startedRuns).toHaveLength(1);
		const copies = await Promise.all(Array.from({ length: 5 }, () => trigger.receive(delivery)));
		expect(copies.map((copy) => copy.statusCode)).toEqual([200, 200, 200, 200, 200]);
		expect(copies.filter((copy) => copy.items !== undefined)).toHaveLength(0);
		expect(trigger.startedRuns).toHaveLength(1);

		// A fresh message, five copies at once before any was answered: one run.
		forgetProcessMemory();
		const fresh = new TriggerHarness({
			parameters: triggerParameters({ addresses: ALICE }),
			credentials: { apiKey: key, baseUrl: emulator.url },
			publicUrl: receiverUrl,
		});
		const burst = await Promise.all(Array.from({ length: 5 }, () => fresh.receive(delivery)));
		expect(burst.map((copy) => copy.statusCode)).toEqual([200, 200, 200, 200, 200]);
		expect(fresh.startedRuns).toHaveLength(1);
	});
});

describe('answers the service gave up on, and addresses that cannot be read', () => {
	it('does not run a message again when the service closed the connection before n8n answered', async () => {
		await activate(triggerParameters({ addresses: ALICE }));
		trigger.closeBeforeAnswer = 1;
		const delivery = await deliver({ from: ALICE, to: CAROL, value: '15' });
		expect(trigger.startedRuns).toHaveLength(1);
		// The service saw no answer in time and retries: n8n had created the run, so no second one.
		const retry = await trigger.receive(delivery);
		expect(retry).toMatchObject({ statusCode: 200, body: { received: true }, items: undefined });
		expect(trigger.startedRuns).toHaveLength(1);
	});

	it('runs a delivery about an address added elsewhere just after the trigger last read its webhook', async () => {
		await activate(triggerParameters({ addresses: ALICE }));
		const webhookId = String(chainStateOf(trigger).webhookId);
		const EVE = `0x${'5e'.repeat(20)}`;
		await control.service(key, 'PATCH', `/v1/webhooks/${webhookId}/addresses`, { addresses: [DAVE] });
		const first = await deliver({ from: BOB, to: DAVE, value: '17' }); // reads the webhook: Dave is there
		await control.service(key, 'PATCH', `/v1/webhooks/${webhookId}/addresses`, { addresses: [EVE] });
		const next = await deliver({ from: BOB, to: EVE, value: '18' }); // moments later: Eve was added since
		expect(first.outcome?.items?.map((item) => item.json.monitoredAddress)).toEqual([DAVE]);
		expect(next.outcome?.items?.map((item) => item.json.monitoredAddress)).toEqual([EVE]);
	});

	it('asks for a retry, rather than acknowledging, a delivery about an address it cannot confirm', async () => {
		await activate(triggerParameters({ addresses: ALICE }));
		const webhookId = String(chainStateOf(trigger).webhookId);
		await control.service(key, 'PATCH', `/v1/webhooks/${webhookId}/addresses`, { addresses: [DAVE] });
		await control.addFault({ method: 'GET', path: `/v1/webhooks/${webhookId}`, count: 1, status: 503 });
		const before = receiver.deliveries.length;
		await control.activity({ chainId: FUJI, from: BOB, to: DAVE, value: '16' });
		const [first, retry] = (await receiver.waitFor(before + 2)).slice(before);
		expect(first.outcome?.statusCode).toBe(503);
		expect(logLines.at(-1)?.message).toContain("Could not read the webhook's monitored addresses");
		expect(retry.outcome?.statusCode).toBe(200);
		expect(retry.outcome?.items?.map((item) => [item.json.direction, item.json.monitoredAddress])).toEqual([['in', DAVE]]);
	});
});

describe('races with activation', () => {
	it('accepts a delivery that arrives before activation has recorded anything (static data empty, nothing in memory)', async () => {
		await activate(triggerParameters({ addresses: ALICE }));
		const delivery = await deliver({ from: ALICE, to: CAROL, value: '13' });
		// The request loaded the workflow before activation saved its static data, in a process
		// that never saw the activation (a webhook process in queue mode).
		forgetProcessMemory();
		const early = new TriggerHarness({
			parameters: triggerParameters({ addresses: ALICE }),
			credentials: { apiKey: key, baseUrl: emulator.url },
			publicUrl: receiverUrl,
		});
		const outcome = await early.receive(delivery);
		expect(outcome.statusCode).toBe(200);
		expect(outcome.items?.map((item) => item.json.amountRaw)).toEqual(['13']);
		// It wrote the durable position of the chain only (n8n saves it with the run), nothing of the registration.
		expect(recordedAsRun(early, String(outcome.items?.[0].json.txHash))).toBe(true);
		expect(withoutPosition(early.state)).toEqual({ chains: { [FUJI]: {} } });
	});
});

describe('signature schemes', () => {
	it.each(['jcs', 'raw', 'rawUtf8Key'] as const)('accepts deliveries signed the "%s" way', async (scheme) => {
		await activate(triggerParameters({ addresses: ALICE }));
		await control.setSignatureScheme({ scheme, webhookId: String(chainStateOf(trigger).webhookId) });
		const delivery = await deliver({ from: ALICE, to: CAROL, value: '14' });
		expect(delivery.outcome?.statusCode).toBe(200);
		expect(delivery.outcome?.items).toHaveLength(1);
		// Production items carry no test marker.
		expect(delivery.outcome?.items?.[0].json).not.toHaveProperty('testEvent');
	});
});

describe('test URL', () => {
	it('delivers to the test URL while listening for a test event', async () => {
		key = (await control.createKey({ plan: 'paid' })).key;
		trigger = new TriggerHarness({
			parameters: triggerParameters({ addresses: ALICE }),
			credentials: { apiKey: key, baseUrl: emulator.url },
			publicUrl: receiverUrl,
		});
		await listenForLiveTransfer(trigger, receiver);

		const delivery = await deliver({ from: CAROL, to: ALICE, value: AVAX.toString() });

		expect(delivery.path).toBe(new URL(trigger.webhookUrl({ test: true })).pathname);
		expect(delivery.outcome?.items?.map((item) => item.json.amount)).toEqual(['1']);
		// Its webhookId is the temporary test webhook: the item says it is a test event.
		expect(delivery.outcome?.items?.[0].json).toMatchObject({ webhookId: chainStateOf(trigger).webhookId ?? expect.any(String), testEvent: true });
		expect(Object.keys(delivery.outcome?.items?.[0].json ?? {}).slice(-2)).toEqual(['webhookId', 'testEvent']);
		await trigger.deactivate({ test: true });
		expect((await control.webhooks()).filter((webhook) => webhook.url.includes('/webhook-test/'))).toEqual([]);
	});
});
