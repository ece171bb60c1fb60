// Whether a delivery's webhook is this trigger's, against the emulator through n8n-core's
// WebhookContext: registered at the trigger's URL, of its event type and on one of its chains, known
// in this process or asked of the service (one request, remembered); anything else is foreign, and
// a service that cannot answer is said so with its reason. And the webhook as the service has it
// now, read once for the deliveries that arrived after the last read.
import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { freshKnownWebhook, ownWebhook } from '../../../nodes/AddressActivityTrigger/receive/ownership';
import { triggerWebhookContext } from '../../harness/contexts';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { createWebhook, randomAddress, serviceCall, useTestService } from '../../harness/fixtures';
import { waitFor } from '../../harness/wait';

const URL = 'https://n8n.example.com/webhook/abc/webhook';

const service = useTestService();
let credentials: AddressActivityCredentialData;

beforeEach(async () => {
	forgetProcessMemory();
	credentials = await service.newAccount({ plan: 'paid' });
	await service.control.clearFaults();
	await service.control.clearRequests();
});

afterAll(() => forgetProcessMemory());

const context = () => triggerWebhookContext({ credentials });
const arrival = (arrivedAt = Date.now()) => ({ arrivedAt, deadline: arrivedAt + 10_000 });
const webhookReads = async (id: string) => (await service.control.requests()).filter((request) => request.method === 'GET' && request.path === `/v1/webhooks/${id}`).length;

describe('whether a webhook is the trigger\'s', () => {
	it('yes for one at its URL on its chain, asked of the service once and then known', async () => {
		const address = randomAddress();
		const webhook = await createWebhook(credentials, { url: URL, chainId: '43113', metadata: { addresses: [address] } });
		const first = await ownWebhook(context(), URL, webhook.id, arrival(), { chainIds: ['43113'] });
		expect(first).toMatchObject({ kind: 'own', webhook: { id: webhook.id, chainId: '43113' } });
		expect(first.kind === 'own' && first.webhook.addresses.has(address)).toBe(true);
		expect(await ownWebhook(context(), URL, webhook.id, arrival(), { chainIds: ['43113'] })).toMatchObject({ kind: 'own' });
		expect(await webhookReads(webhook.id)).toBe(1);
	});

	it('no for one at another URL, on another chain, of another event type, or unknown to the service; a foreign one is not asked about again at once', async () => {
		const elsewhere = await createWebhook(credentials, { url: 'https://elsewhere.example.com/hook', chainId: '43113' });
		expect(await ownWebhook(context(), URL, elsewhere.id, arrival())).toEqual({ kind: 'foreign' });
		expect(await ownWebhook(context(), URL, elsewhere.id, arrival())).toEqual({ kind: 'foreign' });
		expect(await webhookReads(elsewhere.id)).toBe(1);
		const otherChain = await createWebhook(credentials, { url: URL, chainId: '43114' });
		expect(await ownWebhook(context(), URL, otherChain.id, arrival(), { chainIds: ['43113'] })).toEqual({ kind: 'foreign' });
		const mine = await createWebhook(credentials, { url: URL, chainId: '43113' });
		expect(await ownWebhook(context(), URL, mine.id, arrival(), { eventType: 'platform_chain_activity' })).toEqual({ kind: 'foreign' });
		expect(await ownWebhook(context(), URL, 'no-such-webhook', arrival())).toEqual({ kind: 'foreign' });
	});

	it('cannot be told when the service fails or no time is left, and says why', async () => {
		const webhook = await createWebhook(credentials, { url: URL, chainId: '43113' });
		await service.control.addFault({ method: 'GET', path: `/v1/webhooks/${webhook.id}`, count: 1, status: 500 });
		const failed = await ownWebhook(context(), URL, webhook.id, arrival());
		expect(failed).toMatchObject({ kind: 'unreachable', reason: expect.any(String) });
		expect(failed.kind === 'unreachable' && failed.reason.length).toBeGreaterThan(0);
		expect(await ownWebhook(context(), URL, webhook.id, { arrivedAt: Date.now() - 20_000, deadline: Date.now() - 10_000 })).toEqual({ kind: 'unreachable', reason: 'no time left to ask' });
		// Not counted as foreign: once the service answers, it is the trigger's.
		expect(await ownWebhook(context(), URL, webhook.id, arrival())).toMatchObject({ kind: 'own' });
	});
});

describe('the webhook as the service has it now', () => {
	it('is read again for deliveries that arrived after the last read, once for all of them, with the addresses added since', async () => {
		const webhook = await createWebhook(credentials, { url: URL, chainId: '43113', metadata: { addresses: [randomAddress()] } });
		const owned = await ownWebhook(context(), URL, webhook.id, arrival());
		if (owned.kind !== 'own') throw new Error(`expected the webhook to be the trigger's, got ${owned.kind}`);
		const added = randomAddress();
		await serviceCall(credentials, 'PATCH', `/v1/webhooks/${webhook.id}/addresses`, { addresses: [added] });
		// Deliveries that arrive after the last read (the clock past it: a read is told by its start in ms).
		await waitFor('the clock past the last read', () => Date.now() > owned.webhook.rereadAt);
		const later = arrival();
		const [one, two] = await Promise.all([freshKnownWebhook(context(), URL, owned.webhook, later), freshKnownWebhook(context(), URL, owned.webhook, later)]);
		expect(one?.addresses.has(added)).toBe(true);
		expect(two?.addresses.has(added)).toBe(true);
		expect(await webhookReads(webhook.id)).toBe(2);
		// A delivery that arrived before that read is answered from it.
		expect((await freshKnownWebhook(context(), URL, owned.webhook, later))?.addresses.has(added)).toBe(true);
		expect(await webhookReads(webhook.id)).toBe(2);
	});

	it('is none when the webhook moved to another URL', async () => {
		const webhook = await createWebhook(credentials, { url: URL, chainId: '43113' });
		const owned = await ownWebhook(context(), URL, webhook.id, arrival());
		if (owned.kind !== 'own') throw new Error(`expected the webhook to be the trigger's, got ${owned.kind}`);
		await serviceCall(credentials, 'PATCH', `/v1/webhooks/${webhook.id}`, { url: 'https://elsewhere.example.com/hook' });
		expect(await freshKnownWebhook(context(), URL, owned.webhook, arrival(Date.now() + 1))).toBeUndefined();
	});
});
