import { request } from 'undici';

import { startEmulator, type RunningEmulator } from '../index';
import { waitFor } from '../../harness/wait';
import { address, call, postForm, startReceiver, webhookBody, type Receiver } from './harness';

/** What a person reads in an element: its text without tags, spaces collapsed, character references decoded. */
const textOf = (html: string) =>
	html
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
		.replace(/\s+/g, ' ')
		.replace(/ ([,.:;])/g, '$1')
		.trim();
/** The row of one message in the deliveries table. */
const deliveryRow = (html: string, messageId: string) => html.match(new RegExp(`<tr data-message-id="${messageId}"[^>]*>[\\s\\S]*?</tr>`))?.[0];
const short = (value: string) => `${value.slice(0, 6)}…${value.slice(-4)}`;

describe('dashboard', () => {
	let emulator: RunningEmulator;
	let receiver: Receiver;
	let failing: Receiver;
	const key = 'dash';
	const WATCHED = address(7);
	const OTHER = address(8);
	let webhookId: string;

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
	/** The page once the message to `receiverOf` carrying `txHash` has the outcome, and that message's row. */
	const rowOnceDelivered = async (target: Receiver, txHash: string, outcome = 'delivered') => {
		const delivery = await waitFor('the delivery', () => target.received.find((received) => received.json.event.transaction.txHash === txHash), 10_000);
		return await waitFor(
			`the ${outcome} row`,
			async () => {
				const row = deliveryRow(await page(), delivery.json.messageId);
				return row?.includes(`data-outcome="${outcome}"`) && row;
			},
			10_000,
		);
	};

	beforeAll(async () => {
		receiver = await startReceiver();
		failing = await startReceiver(() => ({ status: 503 }));
		emulator = await startEmulator({ apiKeys: [{ key }] });
		webhookId = (await call(emulator.url, 'POST', '/v1/webhooks', { key, body: webhookBody(receiver.url, { name: 'Treasury <watch>', metadata: { addresses: [WATCHED] } }) })).body.id;
	});
	afterAll(async () => {
		await emulator.close();
		await receiver.close();
		await failing.close();
	});

	it('lists webhooks with status, chain and addresses', async () => {
		const html = await page();
		expect(html).toContain('id="webhooks"');
		expect(html).toContain(`<tr data-webhook-id="${webhookId}">`);
		expect(html).toContain('<td class="webhook-status">active</td>');
		expect(html).toContain('<td class="webhook-chain">43113</td>');
		expect(html).toContain(`<code>${WATCHED}</code>`);
		// names are escaped
		expect(html).toContain('Treasury &#60;watch&#62;');
		expect(html).toContain('<span id="webhook-count">1</span>');
	});

	it("fills the transfer form in with a deposit to the first monitored address, its amount in the token's units", async () => {
		const html = await page();
		expect(html).toMatch(/<option value="43113" selected>/);
		expect(html).toMatch(new RegExp(`id="activity-to" [^>]*value="${WATCHED}"`));
		expect(html).toMatch(/id="activity-from" [^>]*value="0x[0-9a-fA-F]{40}"/);
		expect(html).toMatch(/id="activity-amount" [^>]*value="1500"/);
		expect(textOf(html.match(/<select id="activity-token"[\s\S]*?<\/select>/)![0])).toBe("AVAX (the chain's native token) USDC (ERC-20, 6 decimals)");
		// the monitored addresses are offered in From and To
		expect(html).toContain(`<datalist id="monitored-addresses"><option value="${WATCHED}">`);
	});

	it('injects a deposit typed in AVAX and shows it: amount, direction, addresses and n8n’s 200', async () => {
		const location = await submit({ chainId: '43113', from: OTHER, to: WATCHED, token: 'native', amount: '1500' });
		const url = new URL(location, emulator.url);
		const txHash = url.searchParams.get('tx')!;
		expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
		const tx = await call(emulator.url, 'GET', `/v1/chains/43113/transactions/${txHash}`, { key });
		expect(tx.body.nativeTransaction.value).toBe('1500000000000000000000');

		const result = await page(`${url.pathname}${url.search}`);
		expect(textOf(result.match(/<p id="activity-result"[\s\S]*?<\/p>/)![0])).toBe(
			`Injected 1,500 AVAX from ${short(OTHER)} to ${short(WATCHED)}: transaction ${txHash} in block ${url.searchParams.get('block')}, 1 delivery (below).`,
		);
		// the form keeps what was injected
		expect(result).toMatch(new RegExp(`id="activity-from" [^>]*value="${OTHER}"`));

		const row = await rowOnceDelivered(receiver, txHash);
		expect(row).toContain(`data-webhook-id="${webhookId}"`);
		expect(textOf(row.match(/<td class="delivery-transfers">[\s\S]*?<\/td>/)![0])).toBe(`in 1,500 AVAX ${short(OTHER)} → ${short(WATCHED)}`);
		expect(row).toContain(`title="${OTHER}"`);
		expect(row).toContain('<td class="delivery-answer"><span class="delivery-status">200</span></td>');
		expect(row).toContain('<td class="delivery-webhook" title="' + webhookId + '">Treasury &#60;watch&#62;</td>');
	});

	it('injects a USDC withdrawal typed in USDC, shown as out', async () => {
		const location = await submit({ chainId: '43113', from: WATCHED, to: OTHER, token: 'USDC', amount: '250' });
		const txHash = new URL(location, emulator.url).searchParams.get('tx')!;
		const tx = await call(emulator.url, 'GET', `/v1/chains/43113/transactions/${txHash}`, { key });
		expect(tx.body.erc20Transfers).toEqual([expect.objectContaining({ from: { address: WATCHED }, to: { address: OTHER }, value: '250000000', erc20Token: expect.objectContaining({ symbol: 'USDC', decimals: 6 }) })]);
		const row = await rowOnceDelivered(receiver, txHash);
		expect(textOf(row.match(/<td class="delivery-transfers">[\s\S]*?<\/td>/)![0])).toBe(`out 250 USDC ${short(WATCHED)} → ${short(OTHER)}`);
	});

	it('shows a receiver that does not answer 200: its status, the attempt and when the next one comes', async () => {
		const other = (await call(emulator.url, 'POST', '/v1/webhooks', { key, body: webhookBody(failing.url, { name: 'Failing', metadata: { addresses: [address(9)] } }) })).body.id;
		const location = await submit({ chainId: '43113', from: OTHER, to: address(9), token: 'native', amount: '0.25' });
		const txHash = new URL(location, emulator.url).searchParams.get('tx')!;
		const row = await rowOnceDelivered(failing, txHash, 'failed');
		expect(row).toContain(`data-webhook-id="${other}"`);
		expect(textOf(row.match(/<td class="delivery-answer">[\s\S]*?<\/td>/)![0])).toMatch(/^503 · attempt 1 of 10, next at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
		expect(textOf(row)).toContain(`in 0.25 AVAX ${short(OTHER)} → ${short(address(9))}`);
		await call(emulator.url, 'DELETE', `/v1/webhooks/${other}`, { key });
	});

	it('names every problem of a bad form at once', async () => {
		const location = await submit({ chainId: '43113', from: 'nope', to: WATCHED, token: 'USDC', amount: '1.1234567' });
		const html = await page(location);
		expect(textOf(html.match(/<p id="activity-error" role="alert">[\s\S]*?<\/p>/)![0])).toBe(
			"From: invalid address format: 'nope' must be 0x followed by 40 hexadecimal characters; Amount: '1.1234567' has more than 6 decimal places, the token's smallest unit",
		);
		// what was typed stays in the form
		expect(html).toMatch(/id="activity-amount" [^>]*value="1.1234567"/);
	});

	it('answers the tables’ rows as JSON for the page to refresh itself, and 204 while nothing changed', async () => {
		interface Live {
			version: string;
			webhookCount: number;
			deliveryCount: number;
			deliveryRows: string;
			prefill: Record<string, string>;
		}
		const live = async (version = '') => {
			const response = await request(`${emulator.url}/_emulator/dashboard/live?version=${version}`);
			return { status: response.statusCode, body: response.statusCode === 200 ? ((await response.body.json()) as Live) : (await response.body.dump(), undefined) };
		};
		const before = await waitFor('a settled state (no delivery waiting for an answer)', async () => {
			const state = await live();
			return !state.body!.deliveryRows.includes('data-outcome="pending"') && state.body!;
		});
		expect(before).toMatchObject({ webhookCount: 1, deliveryCount: 3, prefill: { 'activity-to': WATCHED } });
		expect(before.deliveryRows).toBe(deliveryRowsOf(await page()));
		expect((await live(before.version)).status).toBe(204);

		const location = await submit({ chainId: '43113', from: OTHER, to: WATCHED, token: 'native', amount: '2' });
		const txHash = new URL(location, emulator.url).searchParams.get('tx')!;
		const delivery = await waitFor('the delivery', () => receiver.received.find((received) => received.json.event.transaction.txHash === txHash), 10_000);
		const after = await waitFor('a new version with the new message', async () => {
			const state = await live(before.version);
			return state.status === 200 && state.body!.deliveryRows.includes(`data-message-id="${delivery.json.messageId}"`) && state.body!;
		});
		expect(after.version).not.toBe(before.version);
		expect(after.deliveryCount).toBe(4);
		// newest first
		expect([...after.deliveryRows.matchAll(/data-message-id="([^"]+)"/g)].map((match) => match[1])[0]).toBe(delivery.json.messageId);
		await expect(page()).resolves.toContain(`let version = ${JSON.stringify((await live()).body!.version)}`);
	});
});

function deliveryRowsOf(html: string): string {
	return html.match(/<table id="deliveries">[\s\S]*?<tbody>\n([\s\S]*?)\n<\/tbody>/)![1];
}
