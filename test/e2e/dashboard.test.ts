/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The emulator's dashboard in headless Chromium (Debian's chromium, driven by playwright-core): what
// a person sees of each delivery (amount, direction, addresses, the receiver's answer), its form
// filled in with a deposit to a watched address, and rows that arrive without reloading the page.
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import type { Page } from 'playwright-core';

import { chromiumAvailable, CHROMIUM, launchBrowser, type RunningBrowser } from '../support/browser';
import { startEmulator, type RunningEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { waitFor } from '../harness/wait';
import { addresses } from './helpers/workflows';

const [WATCHED, OTHER] = addresses(2, 'da5b');
const KEY = { key: `dashboard-${process.pid}`, plan: 'paid' as const };
const USDC = { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

describe('the emulator dashboard in a browser', () => {
	let emulator: RunningEmulator;
	let control: EmulatorControl;
	let receiver: Server;
	let receiverUrl: string;
	const received: Array<{ messageId: string; event: { transaction: { txHash: string } } }> = [];
	let browser: RunningBrowser;
	let page: Page;
	let webhookId: string;

	/** The row of the message that carried `txHash`, once the receiver has it. */
	const rowOf = async (txHash: string) => {
		const delivery = await waitFor(`the delivery of ${txHash}`, async () => received.find((message) => message.event.transaction.txHash === txHash));
		return page.locator(`#deliveries tr[data-message-id="${delivery.messageId}"]`);
	};
	/** Marks the page: the mark is gone if it reloads, so a row that appears with it still there came without reloading. */
	const markPage = () => page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));
	const stillNotReloaded = () => page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded === true);

	beforeAll(async () => {
		if (!chromiumAvailable()) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)`);
		emulator = await startEmulator({ apiKeys: [KEY], timeScale: 1000 });
		control = new EmulatorControl(emulator.url);
		receiver = createServer((req, res) => {
			let body = '';
			req.on('data', (chunk) => (body += chunk));
			req.on('end', () => {
				received.push(JSON.parse(body));
				res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
			});
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
		const webhook = await control.call<{ id: string }>(
			'POST',
			'/v1/webhooks',
			{
				url: receiverUrl,
				chainId: '43113',
				eventType: 'address_activity',
				name: 'Dashboard test webhook',
				metadata: { addresses: [WATCHED] },
				includeInternalTxs: false,
				includeLogs: false,
			},
			KEY.key,
		);
		webhookId = webhook.id;
		browser = await launchBrowser({ width: 1280, height: 900 });
		page = await browser.context.newPage();
	});

	afterAll(async () => {
		await browser?.close();
		await emulator?.close();
		await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
	});

	it('lists the webhook, and a delivery with its amount, direction, addresses and the receiver’s 200', async () => {
		const { txHash } = await control.activity({ chainId: '43113', from: OTHER, to: WATCHED, value: '42000000000000000000' });
		await waitFor('a delivered message', async () => (await control.deliveries({ webhookId })).some((row) => row.outcome === 'delivered'));

		await page.goto(`${emulator.url}/`);
		const row = page.locator(`#webhooks tr[data-webhook-id="${webhookId}"]`);
		await expect(row.locator('.webhook-name').textContent()).resolves.toBe('Dashboard test webhook');
		await expect(row.locator('.webhook-url').textContent()).resolves.toBe(receiverUrl);
		await expect(row.locator('.webhook-status').textContent()).resolves.toBe('active');
		await expect(row.locator('.webhook-addresses').textContent()).resolves.toContain(WATCHED);
		await expect(page.locator('#webhook-count').textContent()).resolves.toBe('1');

		const delivery = await rowOf(txHash);
		await expect(delivery.getAttribute('data-outcome')).resolves.toBe('delivered');
		await expect(delivery.locator('.delivery-webhook').textContent()).resolves.toBe('Dashboard test webhook');
		await expect(delivery.locator('.transfer-direction').textContent()).resolves.toBe('in');
		await expect(delivery.locator('.transfer-amount').textContent()).resolves.toBe('42 AVAX');
		await expect(delivery.locator('.transfer-from').textContent()).resolves.toBe(short(OTHER));
		await expect(delivery.locator('.transfer-from').getAttribute('title')).resolves.toBe(OTHER);
		await expect(delivery.locator('.transfer-to').getAttribute('title')).resolves.toBe(WATCHED);
		await expect(delivery.locator('.delivery-answer').textContent()).resolves.toBe('200');
	});

	it('shows a delivery that arrives while the page is open, without reloading', async () => {
		await page.goto(`${emulator.url}/`);
		await markPage();
		const { txHash } = await control.activity({
			chainId: '43113',
			from: OTHER,
			to: USDC.address,
			erc20Transfers: [{ token: USDC, from: OTHER, to: WATCHED, value: '250000000' }],
		});
		const row = await rowOf(txHash);
		await row.waitFor();
		await expect(row.locator('.delivery-transfers').innerText()).resolves.toBe(`in 250 USDC ${short(OTHER)} → ${short(WATCHED)}`);
		await expect(row.getAttribute('class')).resolves.toBe('new');
		await expect(page.locator('#live-status').textContent()).resolves.toMatch(/^Live: updated at /);
		expect(await stillNotReloaded()).toBe(true);
	});

	it('has its form filled in with a deposit to the watched address; Inject, and the delivery appears', async () => {
		await page.goto(`${emulator.url}/`);
		await expect(page.inputValue('#activity-to')).resolves.toBe(WATCHED);
		await expect(page.inputValue('#activity-from')).resolves.toMatch(/^0x[0-9a-fA-F]{40}$/);
		await expect(page.inputValue('#activity-chain-id')).resolves.toBe('43113');
		await expect(page.inputValue('#activity-token')).resolves.toBe('native');
		await expect(page.inputValue('#activity-amount')).resolves.toBe('1500');
		const from = await page.inputValue('#activity-from');

		await page.click('#activity-submit');
		await page.waitForSelector('#activity-result');
		const txHash = (await page.textContent('#activity-tx-hash'))!.trim();
		await expect(page.locator('#activity-result').innerText()).resolves.toMatch(
			new RegExp(`^Injected 1,500 AVAX from ${short(from)} to ${short(WATCHED)}: transaction ${txHash} in block \\d+, 1 delivery \\(below\\)\\.$`),
		);
		// The service's own chain data has it, in wei.
		const tx = await control.service(KEY.key, 'GET', `/v1/chains/43113/transactions/${txHash}`);
		expect(tx).toMatchObject({ status: 200, body: { nativeTransaction: { txHash, value: '1500000000000000000000' } } });

		// The page after Inject may show the message before its answer, or not yet: the refresh brings both.
		await markPage();
		const row = await rowOf(txHash);
		await waitFor('the delivered row on the page', async () => (await row.getAttribute('data-outcome')) === 'delivered');
		await expect(row.locator('.delivery-transfers').innerText()).resolves.toBe(`in 1,500 AVAX ${short(from)} → ${short(WATCHED)}`);
		await expect(row.locator('.delivery-answer').textContent()).resolves.toBe('200');
		expect(await stillNotReloaded()).toBe(true);
	});

	it('swaps From and To for a withdrawal, in USDC', async () => {
		await page.goto(`${emulator.url}/`);
		const counterparty = await page.inputValue('#activity-from');
		await page.click('#activity-swap');
		await expect(page.inputValue('#activity-from')).resolves.toBe(WATCHED);
		await expect(page.inputValue('#activity-to')).resolves.toBe(counterparty);
		await page.selectOption('#activity-token', 'USDC');
		await page.fill('#activity-amount', '250.5');
		await page.click('#activity-submit');
		await page.waitForSelector('#activity-result');
		const txHash = (await page.textContent('#activity-tx-hash'))!.trim();
		const row = await rowOf(txHash);
		await waitFor('the delivered row on the page', async () => (await row.getAttribute('data-outcome')) === 'delivered');
		await expect(row.locator('.delivery-transfers').innerText()).resolves.toBe(`out 250.5 USDC ${short(WATCHED)} → ${short(counterparty)}`);
	});

	it('names every problem of the form at once', async () => {
		await page.goto(`${emulator.url}/`);
		await page.fill('#activity-from', 'not-an-address');
		await page.fill('#activity-amount', 'abc');
		await page.click('#activity-submit');
		await page.waitForSelector('#activity-error');
		await expect(page.textContent('#activity-error')).resolves.toBe(
			"From: invalid address format: 'not-an-address' must be 0x followed by 40 hexadecimal characters; Amount: 'abc' is not a number: use digits and at most one decimal point (1500 or 0.25)",
		);
	});
});
