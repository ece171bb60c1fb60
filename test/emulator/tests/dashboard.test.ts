import { request } from 'undici';

import { startEmulator, type RunningEmulator } from '../index';
import { waitFor } from '../../harness/wait';
import { address, call, postForm, startReceiver, webhookBody, type Receiver } from './harness';

describe('dashboard', () => {
	let emulator: RunningEmulator;
	let receiver: Receiver;
	const key = 'dash';

	const page = async (path = '/') => {
		const response = await request(`${emulator.url}${path}`);
		expect(response.statusCode).toBe(200);
		expect(response.headers['content-type']).toContain('text/html');
		return response.body.text();
	};
	const submit = async (fields: Record<string, string>) => {
		const { status, location } = await postForm(emulator.url, '/_emulator/dashboard/activity', fields);
		expect(status).toBe(303);
		return location;
	};

	beforeAll(async () => {
		receiver = await startReceiver();
		emulator = await startEmulator({ apiKeys: [{ key }] });
	});
	afterAll(async () => {
		await emulator.close();
		await receiver.close();
	});

	it('lists webhooks with status, chain and addresses', async () => {
		const created = await call(emulator.url, 'POST', '/v1/webhooks', { key, body: webhookBody(receiver.url, { name: 'Treasury <watch>', metadata: { addresses: [address(7)] } }) });
		const html = await page();
		expect(html).toContain('id="webhooks"');
		expect(html).toContain(`<tr data-webhook-id="${created.body.id}">`);
		expect(html).toContain('<td class="webhook-status">active</td>');
		expect(html).toContain('<td class="webhook-chain">43113</td>');
		expect(html).toContain(`<code>${address(7)}</code>`);
		// names are escaped
		expect(html).toContain('Treasury &#60;watch&#62;');
		expect(html).toContain('<span id="webhook-count">1</span>');
	});

	it('injects activity from the form and shows the result and the delivery', async () => {
		const location = await submit({ chainId: '43113', from: address(8), to: address(7), value: '42' });
		const url = new URL(location, emulator.url);
		const txHash = url.searchParams.get('tx');
		expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
		const tx = await call(emulator.url, 'GET', `/v1/chains/43113/transactions/${txHash}`, { key });
		expect(tx.body.nativeTransaction.value).toBe('42');
		await waitFor('the delivery', () => receiver.received.length === 1, 5000);

		const html = await waitFor(
			'the delivered row',
			async () => {
				const text = await page(`${url.pathname}${url.search}`);
				return text.includes('data-outcome="delivered"') && text;
			},
			10_000,
		);
		expect(html).toContain(`<code id="activity-tx-hash">${txHash}</code>`);
		expect(html).toContain(`data-message-id="${receiver.received[0].json.messageId}"`);
		expect(html).toContain('<td class="delivery-outcome">delivered</td>');
		expect(html).toContain('<td class="delivery-status">200</td>');
	});

	it('shows a validation error for a bad form', async () => {
		const location = await submit({ chainId: '43113', from: 'nope', to: address(7), value: '1' });
		const html = await page(location);
		expect(html).toMatch(/<p id="activity-error" role="alert">[^<]*invalid address format/);
	});

	it('has the form fields the browser test relies on', async () => {
		const html = await page();
		for (const id of ['activity-form', 'activity-chain-id', 'activity-from', 'activity-to', 'activity-value', 'activity-submit', 'deliveries', 'webhooks']) {
			expect(html).toContain(`id="${id}"`);
		}
		expect(html).toContain('<option value="43114">');
	});
});
