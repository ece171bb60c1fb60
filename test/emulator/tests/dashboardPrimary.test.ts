import { request } from 'undici';

import { waitFor } from '../../harness/wait';
import { startEmulator, type RunningEmulator } from '../index';
import { call, L1, NODE, pChainWebhookBody, postForm, startReceiver, TREASURY, validatorWebhookBody, type Receiver } from './harness';

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
		expect(html).toContain(`id="pchain-address" name="address" placeholder="P-fuji1..." value="${TREASURY}"`);
		expect(html).toContain('<option value="unlockedUnstaked" selected>');
		expect(html).toContain(`id="fee-node-id" name="nodeId" placeholder="NodeID-..." value="${NODE}"`);
		expect(html).toContain(`id="fee-subnet-id" name="subnetId" value="${L1}"`);
	});

	it('injects a P-Chain deposit from the form that crosses the threshold, and shows the delivery with its sub-event', async () => {
		const location = await submit('/_emulator/dashboard/p-chain', { network: 'fuji', address: TREASURY, balanceType: 'unlockedUnstaked', change: '30000000000' });
		expect(decodeURIComponent(location)).toMatch(/^\/\?primary=Injected P-Chain transaction \w+ in block \d+: 2 deliveries\.$/);
		const delivery = await deliveredTo(treasuryId);
		const html = await waitFor('the delivered row', async () => {
			const text = await page(location);
			return text.includes(`data-message-id="${delivery.json.messageId}" data-outcome="delivered"`) && text;
		}, 15_000);
		expect(html).toContain('<p id="primary-result" role="status">Injected P-Chain transaction');
		expect(html).toContain('<td class="delivery-event">platform_address_activity: balance_threshold</td>');
	});

	it('injects L1 validator fee balance changes from the form, and the fall below the threshold is delivered', async () => {
		await submit('/_emulator/dashboard/l1-fee', { network: 'fuji', nodeId: NODE, subnetId: L1, change: '1500000000' });
		const location = await submit('/_emulator/dashboard/l1-fee', { network: 'fuji', nodeId: NODE, subnetId: L1, change: '-500000000' });
		expect(decodeURIComponent(location)).toBe(`/?primary=Fee balance of ${NODE} is now 1 AVAX: 1 delivery.`);
		const delivery = await deliveredTo(validatorId);
		expect(delivery.json.event).toMatchObject({ eventType: 'l1_validator_balance_threshold', feeBalance: '1000000000' });
		const html = await waitFor('the delivered row', async () => {
			const text = await page(location);
			return text.includes('<td class="delivery-event">validator_activity: l1_validator_balance_threshold</td>') && text;
		}, 15_000);
		expect(html).toContain('<p id="primary-result" role="status">Fee balance of');
	});

	it('shows what is wrong with a bad form', async () => {
		const location = await submit('/_emulator/dashboard/p-chain', { network: 'fuji', address: '0x1234', balanceType: 'unlockedUnstaked', change: '1' });
		expect(await page(location)).toMatch(/<p id="primary-error" role="alert">balanceChanges\.0\.address &#39;0x1234&#39; is not a P-Chain address/);
	});
});
