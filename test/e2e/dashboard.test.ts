/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The emulator's dashboard in headless Chromium (Debian's chromium, driven by playwright-core):
// it lists webhooks and delivery attempts, and its form injects activity that gets delivered.
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

describe('the emulator dashboard in a browser', () => {
	let emulator: RunningEmulator;
	let control: EmulatorControl;
	let receiver: Server;
	let receiverUrl: string;
	const received: unknown[] = [];
	let browser: RunningBrowser;
	let page: Page;
	let webhookId: string;

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

	it('lists the webhook and a delivery of injected activity', async () => {
		const { txHash } = await control.activity({ chainId: '43113', from: OTHER, to: WATCHED, value: '42' });
		const [delivery] = await waitFor('a delivered message', async () => {
			const rows = await control.deliveries({ webhookId });
			return rows.some((row) => row.outcome === 'delivered') ? rows : undefined;
		});
		expect((delivery.body.event as { transaction: { txHash: string } }).transaction.txHash).toBe(txHash);

		await page.goto(`${emulator.url}/`);
		const row = page.locator(`#webhooks tr[data-webhook-id="${webhookId}"]`);
		await expect(row.locator('.webhook-name').textContent()).resolves.toBe('Dashboard test webhook');
		await expect(row.locator('.webhook-url').textContent()).resolves.toBe(receiverUrl);
		await expect(row.locator('.webhook-status').textContent()).resolves.toBe('active');
		await expect(row.locator('.webhook-addresses').textContent()).resolves.toContain(WATCHED);
		await expect(page.locator('#webhook-count').textContent()).resolves.toBe('1');

		const deliveryRow = page.locator(`#deliveries tr[data-message-id="${delivery.messageId}"]`);
		await expect(deliveryRow.getAttribute('data-outcome')).resolves.toBe('delivered');
		await expect(deliveryRow.locator('.delivery-status').textContent()).resolves.toBe('200');
		await expect(deliveryRow.locator('.delivery-webhook').textContent()).resolves.toBe(webhookId);
	});

	it('injects activity through its form; the transaction lands on the chain and is delivered', async () => {
		const before = received.length;
		await page.goto(`${emulator.url}/`);
		await page.selectOption('#activity-chain-id', '43113');
		await page.fill('#activity-from', WATCHED);
		await page.fill('#activity-to', OTHER);
		await page.fill('#activity-value', '7000000000000000000');
		await page.click('#activity-submit');
		await page.waitForSelector('#activity-tx-hash');
		const txHash = (await page.textContent('#activity-tx-hash'))!.trim();
		expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);

		// The service's own chain data has the transaction.
		const tx = await control.service(KEY.key, 'GET', `/v1/chains/43113/transactions/${txHash}`);
		expect(tx).toMatchObject({ status: 200, body: { nativeTransaction: { txHash, value: '7000000000000000000' } } });

		// And the receiver got it, shown on the dashboard after a refresh.
		await waitFor('the form’s transaction to be delivered', async () => received.length > before);
		const messageId = (received[received.length - 1] as { messageId: string }).messageId;
		await waitFor('the delivery row', async () => {
			await page.click('#refresh');
			return (await page.locator(`#deliveries tr[data-message-id="${messageId}"]`).count()) === 1;
		});
		await expect(page.locator(`#deliveries tr[data-message-id="${messageId}"]`).getAttribute('data-outcome')).resolves.toBe('delivered');
	});

	it('shows the service’s validation message when the form is filled wrongly', async () => {
		await page.goto(`${emulator.url}/`);
		await page.fill('#activity-from', 'not-an-address');
		await page.fill('#activity-to', OTHER);
		await page.click('#activity-submit');
		await page.waitForSelector('#activity-error');
		await expect(page.textContent('#activity-error')).resolves.toMatch(/from/i);
	});
});
