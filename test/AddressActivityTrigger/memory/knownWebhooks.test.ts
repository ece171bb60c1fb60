import {
	foreignWebhookSince,
	forgetKnownWebhooks,
	forgetWebhook,
	forgetWebhooksAt,
	knownWebhook,
	recordForeignWebhook,
	rememberWebhook,
	shareWebhookRead,
	webhookReadSince,
} from '../../../nodes/AddressActivityTrigger/memory/knownWebhooks';
import type { RemoteWebhook } from '../../../nodes/shared/service/webhooks';

const URL = 'https://n8n.example.com/webhook/abc/webhook';
const ALICE = `0x${'a1'.repeat(20)}`;

function remote(id: string, chainId: string | number | null = '43113', addresses = [ALICE]): RemoteWebhook {
	return { id, url: URL, chainId, eventType: 'address_activity', status: 'active', metadata: { addresses } } as unknown as RemoteWebhook;
}

beforeEach(() => forgetKnownWebhooks());

describe('the webhooks a process knows at its trigger URLs', () => {
	it('remembers a webhook with its chain and monitored addresses, per URL', () => {
		rememberWebhook(URL, remote('w1', 43113, [ALICE.toUpperCase().replace('0X', '0x')]), 5);
		const known = knownWebhook(URL, 'w1');
		expect(known).toMatchObject({ id: 'w1', chainId: '43113', rereadAt: 5 });
		expect(known?.addresses.has(ALICE)).toBe(true);
		expect(knownWebhook(`${URL}2`, 'w1')).toBeUndefined();
	});

	it('knows a P-Chain or validator webhook on no chain', () => {
		expect(rememberWebhook(URL, remote('w1', null)).chainId).toBeUndefined();
	});

	it('forgets one webhook, or every webhook of a URL at deactivation', () => {
		rememberWebhook(URL, remote('w1'));
		rememberWebhook(URL, remote('w2'));
		rememberWebhook(`${URL}2`, remote('w3'));
		forgetWebhook(URL, 'w1');
		expect(knownWebhook(URL, 'w1')).toBeUndefined();
		forgetWebhooksAt(URL);
		expect(knownWebhook(URL, 'w2')).toBeUndefined();
		expect(knownWebhook(`${URL}2`, 'w3')).toBeDefined();
	});

	it('records webhook ids that deliver elsewhere until the webhook is remembered here', () => {
		recordForeignWebhook('w1', 1000);
		expect(foreignWebhookSince('w1')).toBe(1000);
		rememberWebhook(URL, remote('w1'));
		expect(foreignWebhookSince('w1')).toBeUndefined();
	});

	it('shares a read under way with the deliveries that arrived before it started, and forgets it once done', async () => {
		let finish!: (webhook: undefined) => void;
		const read = new Promise<undefined>((resolve) => (finish = resolve));
		const shared = shareWebhookRead(URL, 'w1', 100, read);
		expect(webhookReadSince(URL, 'w1', 100)).toBe(read);
		expect(webhookReadSince(URL, 'w1', 101)).toBeUndefined();
		finish(undefined);
		await shared;
		expect(webhookReadSince(URL, 'w1', 0)).toBeUndefined();
	});
});
