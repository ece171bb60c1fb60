/* eslint-disable @typescript-eslint/no-explicit-any */
// Tests read JSON answers field by field; typing every response shape would add nothing.
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../index';
import { waitFor } from '../../harness/wait';
import { address, call, signatureIsValid, startReceiver, webhookBody, type Receiver, type ReceiverPolicy } from './harness';

const RETRY_SCHEDULE_MS = [10, 60, 300, 600, 1800, 7200, 21600, 43200, 86400].map((seconds) => seconds * 1000);

interface Setup {
	emulator: RunningEmulator;
	receiver: Receiver;
	webhookId: string;
	inject(): Promise<void>;
	attempts(): Promise<Array<Record<string, any>>>;
	status(): Promise<string>;
	advance(ms: number): Promise<void>;
	/** GET /_emulator/deliveries/outstanding for the webhook */
	outstanding(): Promise<{ inFlight: Array<Record<string, any>>; retries: Array<Record<string, any>> }>;
}

describe('delivery retries and automatic deactivation', () => {
	const running: Array<{ close(): Promise<void> }> = [];
	afterEach(async () => {
		await Promise.all(running.splice(0).map((thing) => thing.close()));
	});

	async function setup(options: StartEmulatorOptions & { plan?: 'free' | 'paid' }, policy: ReceiverPolicy): Promise<Setup> {
		const receiver = await startReceiver(policy);
		const emulator = await startEmulator({ ...options, apiKeys: [{ key: 'k', plan: options.plan ?? 'free' }] });
		running.push(emulator, receiver);
		const party = address(1);
		const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: 'k', body: webhookBody(receiver.url, { metadata: { addresses: [party] } }) });
		const webhookId = created.body.id as string;
		return {
			emulator,
			receiver,
			webhookId,
			async inject() {
				const answer = await call(emulator.url, 'POST', '/_emulator/activity', { body: { chainId: '43113', from: party, to: address(2), value: '1' } });
				expect(answer.status).toBe(201);
			},
			async attempts() {
				return (await call(emulator.url, 'GET', '/_emulator/deliveries', { query: { webhookId } })).body.deliveries;
			},
			async status() {
				return (await call(emulator.url, 'GET', `/v1/webhooks/${webhookId}`, { key: 'k' })).body.status;
			},
			async advance(ms: number) {
				await call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: ms } });
			},
			async outstanding() {
				return (await call(emulator.url, 'GET', '/_emulator/deliveries/outstanding', { query: { webhookId } })).body;
			},
		};
	}

	const settled = (rows: Array<Record<string, any>>, count: number) =>
		rows.length === count && rows.every((row) => row.outcome !== 'pending') && rows;

	it('retries a failed message with the same messageId and signature on the compressed schedule until it gets 200', async () => {
		const timeScale = 1000;
		const { inject, attempts, receiver, emulator } = await setup({ timeScale }, (_delivery, index) => ({ status: index < 2 ? 500 : 200 }));
		await inject();
		const rows = await waitFor('three attempts', async () => settled(await attempts(), 3), 60_000);
		expect(rows.map((row) => [row.attempt, row.statusCode, row.outcome])).toEqual([
			[1, 500, 'failed'],
			[2, 500, 'failed'],
			[3, 200, 'delivered'],
		]);
		expect(rows[0].error).toContain('500');
		expect(new Set(rows.map((row) => row.messageId)).size).toBe(1);
		expect(rows[1].startedAt - rows[0].startedAt).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[0] / timeScale);
		expect(rows[2].startedAt - rows[1].startedAt).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[1] / timeScale);

		expect(receiver.received).toHaveLength(3);
		expect(new Set(receiver.received.map((delivery) => delivery.json.messageId)).size).toBe(1);
		const secret = (await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: 'k' })).body.secret;
		for (const delivery of receiver.received) expect(signatureIsValid(delivery.rawBody, delivery.headers['x-signature'], secret)).toBe(true);
	});

	it('follows the real schedule (10 s, then 1 min) on the emulator clock when timeScale is 1', async () => {
		const { inject, attempts, advance, outstanding } = await setup({}, () => ({ status: 503 }));
		await inject();
		const [first] = await waitFor('attempt 1', async () => settled(await attempts(), 1), 30_000);
		// The retry is scheduled for 10 s after the first attempt started, on the emulator clock (the
		// scheduler never runs a task before its instant): a second short of it, it is still to come.
		await advance(RETRY_SCHEDULE_MS[0] - 1000);
		expect(await outstanding()).toEqual({ inFlight: [], retries: [{ webhookId: first.webhookId, messageId: first.messageId, attempt: 2, dueAt: first.startedAt + RETRY_SCHEDULE_MS[0] }] });
		await advance(1000);
		const [, second] = await waitFor('attempt 2', async () => settled(await attempts(), 2), 30_000);
		expect(second.startedAt - first.startedAt).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[0]);
		await advance(RETRY_SCHEDULE_MS[1] - 2000);
		expect((await outstanding()).retries).toEqual([expect.objectContaining({ attempt: 3, dueAt: second.startedAt + RETRY_SCHEDULE_MS[1] })]);
		await advance(2000);
		const rows = await waitFor('attempt 3', async () => settled(await attempts(), 3), 30_000);
		expect(rows.map((row) => row.statusCode)).toEqual([503, 503, 503]);
		expect(rows[2].startedAt - rows[1].startedAt).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[1]);
	});

	it('lists what it will still send: the attempt under way, and nothing once the retry is delivered', async () => {
		// The first attempt is answered 500 after 2 s; the retry (10 ms later at timeScale 1000) gets 200.
		let answers = 0;
		const { inject, attempts, outstanding } = await setup({ timeScale: 1000 }, () => (answers++ === 0 ? { status: 500, delayMs: 2000 } : { status: 200 }));
		await inject();
		const [under] = (await outstanding()).inFlight;
		expect(under).toEqual({ webhookId: expect.any(String), messageId: expect.any(String), attempt: 1, startedAt: expect.any(Number) });
		const rows = await waitFor('the retry delivered', async () => settled(await attempts(), 2), 30_000);
		expect(rows.map((row) => [row.attempt, row.statusCode])).toEqual([
			[1, 500],
			[2, 200],
		]);
		expect(await outstanding()).toEqual({ inFlight: [], retries: [] });
	});

	it('counts a receiver that does not answer within the timeout as a failed attempt', async () => {
		// The first answer would come a minute late; 3 s is far longer than an answer at once takes on a busy machine.
		const { inject, attempts, receiver } = await setup({ timeScale: 10_000, receiverTimeoutMs: 3000 }, (_delivery, index) => (index === 0 ? { status: 200, delayMs: 60_000 } : { status: 200 }));
		await inject();
		const rows = await waitFor('two attempts', async () => settled(await attempts(), 2), 60_000);
		expect(rows[0]).toMatchObject({ attempt: 1, outcome: 'failed', statusCode: null, error: 'receiver did not answer within 3000 ms' });
		expect(rows[0].durationMs).toBeGreaterThanOrEqual(2990);
		expect(rows[1]).toMatchObject({ attempt: 2, outcome: 'delivered', statusCode: 200 });
		// the slow receiver saw the message twice: receivers must de-duplicate on messageId
		expect(receiver.received.map((delivery) => delivery.json.messageId)).toEqual([rows[0].messageId, rows[0].messageId]);
	});

	it('deactivates a free-plan webhook when more than 5 messages enter the retry queue, and a PATCH re-activates it', async () => {
		let healthy = false;
		const { inject, attempts, status, emulator, webhookId } = await setup({}, () => ({ status: healthy ? 200 : 500 }));
		for (let i = 0; i < 5; i++) await inject();
		await waitFor('five failed first attempts', async () => settled(await attempts(), 5), 30_000);
		expect(await status()).toBe('active');

		await inject();
		await waitFor('deactivation', async () => (await status()) === 'inactive', 30_000);
		const all = (await call(emulator.url, 'GET', '/_emulator/webhooks')).body.webhooks;
		expect(all.find((webhook: { id: string }) => webhook.id === webhookId).deactivationReason).toContain('retry queue');

		await inject();
		expect(await attempts()).toHaveLength(6);

		healthy = true;
		const patched = await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: 'k', body: { status: 'active' } });
		expect(patched.body.status).toBe('active');
		await inject();
		const rows = await waitFor('a delivery after re-activation', async () => settled(await attempts(), 7), 30_000);
		expect(rows[6].outcome).toBe('delivered');
		expect(await status()).toBe('active');
	});

	it('deactivates a free-plan webhook when one message fails all 10 attempts', async () => {
		const timeScale = 100_000;
		const { inject, attempts, status } = await setup({ timeScale }, () => ({ status: 500 }));
		await inject();
		const rows = await waitFor('ten attempts', async () => settled(await attempts(), 10), 60_000);
		await waitFor('deactivation', async () => (await status()) === 'inactive', 30_000);
		expect(rows.map((row) => row.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		const total = RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0) / timeScale;
		expect(rows[9].startedAt - rows[0].startedAt).toBeGreaterThanOrEqual(total);
		expect(await attempts()).toHaveLength(10);
	});

	it('keeps a paid-plan webhook active through many retried messages, and deactivates it when a message fails at the 24 h retry', async () => {
		const { inject, attempts, status, advance } = await setup({ plan: 'paid' }, () => ({ status: 500 }));
		for (let i = 0; i < 7; i++) await inject();
		await waitFor('seven failed first attempts', async () => settled(await attempts(), 7), 30_000);
		await advance(RETRY_SCHEDULE_MS[0]);
		await waitFor('seven failed second attempts', async () => settled(await attempts(), 14), 30_000);
		expect(await status()).toBe('active');

		// walk the rest of the schedule on the emulator clock: attempts 3..10 of every message
		for (let attempt = 3; attempt <= 10; attempt++) {
			await advance(RETRY_SCHEDULE_MS[attempt - 2]);
			await waitFor(`attempt ${attempt}`, async () => settled(await attempts(), 7 * attempt), 30_000);
			if (attempt < 10) expect(await status()).toBe('active');
		}
		await waitFor('deactivation', async () => (await status()) === 'inactive', 30_000);
	});

	it('stops retrying once the webhook is set inactive', async () => {
		const { inject, attempts, advance, outstanding, emulator, webhookId } = await setup({}, () => ({ status: 500 }));
		await inject();
		await waitFor('attempt 1', async () => settled(await attempts(), 1), 30_000);
		expect((await outstanding()).retries).toHaveLength(1);
		await call(emulator.url, 'PATCH', `/v1/webhooks/${webhookId}`, { key: 'k', body: { status: 'inactive' } });
		// Nothing is left to send: the retry was cancelled, so moving the clock past it sends nothing.
		expect(await outstanding()).toEqual({ inFlight: [], retries: [] });
		await advance(RETRY_SCHEDULE_MS[0] + RETRY_SCHEDULE_MS[1]);
		expect(await outstanding()).toEqual({ inFlight: [], retries: [] });
		expect(await attempts()).toHaveLength(1);
	});

	it('closes without waiting for a pending retry', async () => {
		// The retry is due 100 s after the first attempt (10 s on a clock running at a tenth of real time).
		const { inject, attempts, emulator, receiver } = await setup({ timeScale: 0.1 }, () => ({ status: 500 }));
		await inject();
		await waitFor('attempt 1', async () => settled(await attempts(), 1), 30_000);
		const started = Date.now();
		await emulator.close();
		expect(Date.now() - started).toBeLessThan(30_000);
		expect(receiver.received).toHaveLength(1);
	});
});
