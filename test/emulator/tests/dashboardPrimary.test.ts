import { request } from 'undici';

import { waitFor } from '../../harness/wait';
import { startEmulator, type RunningEmulator } from '../index';
import { call, L1, NODE, pChainWebhookBody, postForm, startReceiver, TREASURY, validatorWebhookBody, type Receiver } from './harness';

/** What a person reads in an element: its text without tags, spaces collapsed, character references decoded. */
const textOf = (html: string) =>
	html
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
		.replace(/\s+/g, ' ')
		.replace(/ ([,.:;])/g, '$1')
		.trim();

describe('dashboard: primary-network types', () => {
	let emulator: RunningEmulator;
	let receiver: Receiver;
	const key = 'dash-primary';
	let treasuryId: string;
	let validatorId: string;

	const page = async (path = '/') => (await request(`${emulator.url}${path}`)).body.text();
	const submit = async (path: string, fields: Record<string, string>) => {
		const { status, location } = await postForm(emulator.url, path, fields);
		expect(status).toBe(303);
		return location;
	};
	const deliveredTo = (webhookId: string) =>
		waitFor('the delivery', () => receiver.received.find((delivery) => delivery.json.webhookId === webhookId), 15_000);

	beforeAll(async () => {
		receiver = await startReceiver();
		emulator = await startEmulator({ apiKeys: [{ key }] });
		treasuryId = (await call(emulator.url, 'POST', '/v1/webhooks', { key, body: pChainWebhookBody(receiver.url) })).body.id;
		validatorId = (await call(emulator.url, 'POST', '/v1/webhooks', { key, body: validatorWebhookBody(receiver.url, {}, { subnetIds: [L1] }) })).body.id;
	});
	afterAll(async () => {
		await emulator.close();
		await receiver.close();
	});

	it('lists each webhook with its type, keys and what it watches', async () => {
		const html = await page();
		expect(html).toContain('<td class="webhook-type">primary_network_address_activity</td>');
		expect(html).toContain(`<code>${TREASURY}</code>`);
		expect(html).toContain('<td class="webhook-watch">fuji: balance_change, balance_threshold; threshold 25 AVAX (unlockedUnstaked)</td>');
		expect(html).toContain('<td class="webhook-type">validator_activity</td>');
		expect(html).toContain('<td class="webhook-watch">fuji: l1_validator_balance_threshold, l1_validator_disabled; fee balance threshold 1 AVAX</td>');
	});

	it('fills the two forms in from the first webhook of each type', async () => {
		const html = await page();
		expect(html).toMatch(new RegExp(`id="pchain-address" name="address" [^>]*value="${TREASURY}"`));
		expect(html).toContain('<option value="unlockedUnstaked" selected>');
		expect(html).toMatch(new RegExp(`id="fee-node-id" name="nodeId" [^>]*value="${NODE}"`));
		expect(html).toMatch(new RegExp(`id="fee-subnet-id" name="subnetId" [^>]*value="${L1}"`));
		// changes are typed in AVAX
		expect(html).toContain('<input id="pchain-change" name="change" value="30">');
		expect(html).toContain('<input id="fee-change" name="change" value="-0.5">');
	});

	it('injects a P-Chain deposit typed in AVAX that crosses the threshold, and shows the delivery with its sub-event, amount and balance', async () => {
		const location = await submit('/_emulator/dashboard/p-chain', { network: 'fuji', address: TREASURY, balanceType: 'unlockedUnstaked', change: '30' });
		expect(decodeURIComponent(location)).toMatch(/^\/\?primary=Injected P-Chain transaction \w+ in block \d+: 2 deliveries\.$/);
		const delivery = await waitFor(
			'the threshold delivery',
			() => receiver.received.find((received) => received.json.webhookId === treasuryId && received.json.event.eventType === 'balance_threshold'),
			15_000,
		);
		const row = await waitFor('the delivered row', async () => {
			const found = (await page(location)).match(new RegExp(`<tr data-message-id="${delivery.json.messageId}"[^>]*>[\\s\\S]*?</tr>`))?.[0];
			return found?.includes('data-outcome="delivered"') && found;
		}, 15_000);
		expect(await page(location)).toContain('<p id="primary-result" role="status">Injected P-Chain transaction');
		expect(row).toContain('<td class="delivery-event">platform_address_activity: balance_threshold</td>');
		// the deposit in AVAX, the treasury's address, its balance after it and the threshold it crossed
		expect(textOf(row.match(/<td class="delivery-transfers">[\s\S]*?<\/td>/)![0])).toBe(`in 30 AVAX at ${TREASURY} unlockedUnstaked balance 30 AVAX, crossed above 25 AVAX`);
	});

	it('injects L1 validator fee balance changes from the form, and the fall below the threshold is delivered', async () => {
		await submit('/_emulator/dashboard/l1-fee', { network: 'fuji', nodeId: NODE, subnetId: L1, change: '1.5' });
		const location = await submit('/_emulator/dashboard/l1-fee', { network: 'fuji', nodeId: NODE, subnetId: L1, change: '-0.5' });
		expect(decodeURIComponent(location)).toBe(`/?primary=Fee balance of ${NODE} is now 1 AVAX: 1 delivery.`);
		const delivery = await deliveredTo(validatorId);
		expect(delivery.json.event).toMatchObject({ eventType: 'l1_validator_balance_threshold', feeBalance: '1000000000' });
		const html = await waitFor('the delivered row', async () => {
			const text = await page(location);
			return text.includes('<td class="delivery-event">validator_activity: l1_validator_balance_threshold</td>') && text;
		}, 15_000);
		expect(html).toContain('<p id="primary-result" role="status">Fee balance of');
		const row = html.match(new RegExp(`<tr data-message-id="${delivery.json.messageId}"[\\s\\S]*?</tr>`))![0];
		expect(textOf(row.match(/<td class="delivery-transfers">[\s\S]*?<\/td>/)![0])).toBe(`1 AVAX at ${NODE} fee balance at or below 1 AVAX`);
	});

	it('says what is wrong with a change that is not an amount of AVAX', async () => {
		const location = await submit('/_emulator/dashboard/l1-fee', { network: 'fuji', nodeId: NODE, subnetId: L1, change: '0.0000000001' });
		expect(await page(location)).toContain(`<p id="primary-error" role="alert">Change: &#39;0.0000000001&#39; has more than 9 decimal places, the token&#39;s smallest unit</p>`);
	});

	it('shows what is wrong with a bad form', async () => {
		const location = await submit('/_emulator/dashboard/p-chain', { network: 'fuji', address: '0x1234', balanceType: 'unlockedUnstaked', change: '1' });
		expect(await page(location)).toMatch(/<p id="primary-error" role="alert">balanceChanges\.0\.address &#39;0x1234&#39; is not a P-Chain address/);
	});
});

describe('dashboard: the fee form of a validator webhook watching a node on every subnet', () => {
	let emulator: RunningEmulator;
	let receiver: Receiver;
	const key = 'dash-primary-node';

	beforeAll(async () => {
		receiver = await startReceiver();
		emulator = await startEmulator({ apiKeys: [{ key }] });
		await call(emulator.url, 'POST', '/v1/webhooks', { key, body: validatorWebhookBody(receiver.url) });
	});
	afterAll(async () => {
		await emulator.close();
		await receiver.close();
	});

	it('fills in the L1 the node validates (the webhook names none), so one click sends it', async () => {
		const fee = async () => ((await request(`${emulator.url}/`)).body.text()).then((html) => /id="fee-subnet-id" name="subnetId" [^>]*value="([^"]*)"/.exec(html)?.[1]);
		expect(await fee()).toBe('');
		const { status } = await postForm(emulator.url, '/_emulator/dashboard/l1-fee', { network: 'fuji', nodeId: NODE, subnetId: L1, change: '1.5' });
		expect(status).toBe(303);
		expect(await fee()).toBe(L1);
	});
});
