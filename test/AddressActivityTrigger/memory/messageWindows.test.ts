import { DUPLICATE_WINDOW_MS, MessageWindow } from '../../../nodes/AddressActivityTrigger/memory/messageWindows';

describe('the duplicate window', () => {
	it('lets the first copy of a message run and makes a second copy wait for its answer', async () => {
		const window = new MessageWindow();
		const first = window.claim('m-1', 1000);
		expect(first.first).toBe(true);
		const second = window.claim('m-1', 1001);
		expect(second.first).toBe(false);
		if (!first.first && second.first) throw new Error('unreachable');
		(first as { settle(ok: boolean): void }).settle(true);
		await expect((second as { answered: Promise<boolean> }).answered).resolves.toBe(true);
		// Later copies learn at once that it ran.
		const third = window.claim('m-1', 2000);
		expect(third.first).toBe(false);
		await expect((third as { answered: Promise<boolean> }).answered).resolves.toBe(true);
	});

	it('forgets a message whose run n8n did not acknowledge, so that the retry runs it', async () => {
		const window = new MessageWindow();
		const first = window.claim('m-1', 1000) as { first: true; settle(ok: boolean): void };
		const waiting = window.claim('m-1', 1001) as { first: false; answered: Promise<boolean> };
		first.settle(false);
		await expect(waiting.answered).resolves.toBe(false);
		expect(window.claim('m-1', 1002).first).toBe(true);
	});

	it('forgets a message once the window has passed', () => {
		const window = new MessageWindow();
		(window.claim('m-1', 0) as { settle(ok: boolean): void }).settle(true);
		expect(window.claim('m-1', DUPLICATE_WINDOW_MS + 1).first).toBe(true);
	});

	it('keeps the newest ids up to its size, dropping the oldest first', () => {
		const window = new MessageWindow(DUPLICATE_WINDOW_MS, 3);
		for (let index = 0; index < 5; index++) (window.claim(`${index}`, index) as { settle(ok: boolean): void }).settle(true);
		expect(window.count).toBe(3);
		expect(window.claim('4', 10).first).toBe(false);
		expect(window.claim('0', 11).first).toBe(true);
	});
});
