// The webhook routes against the emulator over HTTP, called through n8n-core's LoadOptionsContext:
// what the service ends up holding, the requests it saw, and the errors with their words.
import { randomBytes } from 'crypto';

import {
	changeAddresses,
	createPrimaryNetworkWebhook,
	createWebhook,
	deleteNamedWebhook,
	deleteWebhook,
	fetchSharedSecret,
	fetchWebhookAddresses,
	findWebhookByUrl,
	findWebhooksByUrl,
	getWebhook,
	rotateSharedSecret,
	updateWebhook,
	type NewWebhook,
} from '../../../nodes/shared/service/webhooks';
import { ONE_ATTEMPT } from '../../../nodes/shared/service/transport';
import { loadOptionsContext } from '../../harness/contexts';
import { randomAddress, startTestService, type TestService } from '../../harness/fixtures';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});
afterEach(async () => {
	await service.control.clearFaults();
});

const P_CHAIN_ADDRESS = 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t';
const uniqueUrl = () => `https://receiver.example.com/hook-${randomBytes(6).toString('hex')}`;
const addresses = (count: number) => Array.from({ length: count }, () => randomAddress());

function spec(overrides: Partial<NewWebhook> = {}): NewWebhook {
	return { url: uniqueUrl(), chainId: '43114', addresses: addresses(3), includeInternalTxs: false, includeLogs: false, ...overrides };
}

/** The requests the emulator saw since it was last cleared (this file's tests run one at a time), with their statuses. */
async function requestsSeen() {
	return (await service.control.requests()).map(({ method, path, statusCode }) => `${method} ${path} ${statusCode}`);
}

describe('createWebhook', () => {
	it('registers the webhook with the first batch of addresses and returns the rest to add', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const all = addresses(5);
		const { webhook, remainingAddresses } = await createWebhook.call(loadOptionsContext(credentials), spec({ addresses: all, name: 'Treasury', eventSignatures: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'] }), { batchSize: 2 });
		expect(remainingAddresses).toEqual(all.slice(2));
		expect(webhook).toMatchObject({ name: 'Treasury', chainId: '43114', eventType: 'address_activity', status: 'active', includeInternalTxs: false, includeLogs: false });
		const [stored] = (await service.control.webhooks()).filter((listed) => listed.id === webhook.id);
		expect(stored.metadata.addresses).toEqual(all.slice(0, 2).map((address) => address.toLowerCase()));
		expect(stored.metadata.eventSignatures).toHaveLength(1);
	});

	it('finds the webhook by its URL when the create failed with a 5xx after the service made it', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const all = addresses(4);
		await service.control.addFault({ method: 'POST', path: '/v1/webhooks', count: 1, status: 503, afterHandling: true });
		await service.control.clearRequests();
		const { webhook, remainingAddresses } = await createWebhook.call(loadOptionsContext(credentials), spec({ addresses: all }), { batchSize: 3, retry: ONE_ATTEMPT });
		expect(remainingAddresses).toEqual([all[3]]);
		expect(await requestsSeen()).toEqual(['POST /v1/webhooks 503', 'GET /v1/webhooks 200']);
		expect((await service.control.webhooks()).filter((listed) => listed.id === webhook.id)).toHaveLength(1);
	});

	it('restates a refusal for too many addresses with the plan\'s allowance and the number configured', async () => {
		const credentials = await service.newAccount();
		const failure = createWebhook.call(loadOptionsContext(credentials), spec({ addresses: addresses(6) }), { configured: 6 });
		await expect(failure).rejects.toThrow('Too many addresses: 6 were given, but the account\'s plan allows at most 5 addresses per webhook');
		await expect(failure).rejects.toMatchObject({ description: expect.stringMatching(/^Remove addresses, split them over several webhooks, or upgrade the plan\. The service said: .*at most 5 addresses per webhook/) });
	});
});

describe('changeAddresses', () => {
	it('adds and removes in batches, telling the progress after each batch', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const { webhook } = await createWebhook.call(loadOptionsContext(credentials), spec({ addresses: [] }));
		const added = addresses(5);
		const progress: number[] = [];
		await service.control.clearRequests();
		const after = await changeAddresses.call(loadOptionsContext(credentials), 'add', webhook.id, added, { batchSize: 2, onProgress: (sent) => progress.push(sent) });
		expect(progress).toEqual([2, 4, 5]);
		expect(await requestsSeen()).toEqual(Array(3).fill(`PATCH /v1/webhooks/${webhook.id}/addresses 200`));
		expect(after?.metadata?.addresses).toHaveLength(5);
		await changeAddresses.call(loadOptionsContext(credentials), 'remove', webhook.id, added.slice(0, 4), { batchSize: 3 });
		expect([...(await fetchWebhookAddresses.call(loadOptionsContext(credentials), webhook.id)).values()]).toEqual([added[4].toLowerCase()]);
	});

	it('says how far it got when a later batch fails', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const { webhook } = await createWebhook.call(loadOptionsContext(credentials), spec({ addresses: [] }));
		await service.control.addFault({ method: 'PATCH', path: `/v1/webhooks/${webhook.id}/addresses`, count: 1, skip: 1, status: 400 });
		const failure = changeAddresses.call(loadOptionsContext(credentials), 'add', webhook.id, addresses(5), { batchSize: 2, context: 'Webhook created', sentBefore: 1, itemIndex: 2 });
		await expect(failure).rejects.toThrow(/^Webhook created; 3 of 6 addresses were added before batch 2 failed: /);
		await expect(failure).rejects.toMatchObject({ context: { itemIndex: 2 } });
		expect(await fetchWebhookAddresses.call(loadOptionsContext(credentials), webhook.id)).toHaveProperty('size', 2);
	});
});

describe('reading, finding, updating and deleting', () => {
	it('finds a webhook by URL, event type, chain and keys; every address_activity webhook of a URL', async () => {
		const credentials = await service.newAccount();
		const url = uniqueUrl();
		const context = loadOptionsContext(credentials);
		const mainnet = (await createWebhook.call(context, spec({ url }))).webhook;
		const fuji = (await createWebhook.call(context, spec({ url, chainId: '43113' }))).webhook;
		await createWebhook.call(context, spec());
		expect((await findWebhookByUrl.call(context, url, { chainId: '43113' }))?.id).toBe(fuji.id);
		expect((await findWebhookByUrl.call(context, url))?.id).toBe(mainnet.id);
		expect(await findWebhookByUrl.call(context, url, { chainId: '432204' })).toBeUndefined();
		expect(await findWebhookByUrl.call(context, url, { eventType: 'primary_network_address_activity' })).toBeUndefined();
		expect((await findWebhooksByUrl.call(context, url)).map((webhook) => webhook.id).sort()).toEqual([mainnet.id, fuji.id].sort());
	});

	it('gives a webhook\'s addresses keyed by lower case, as the record lists them', async () => {
		const credentials = await service.newAccount();
		const given = addresses(2).map((address) => address.toUpperCase().replace('0X', '0x'));
		const { webhook } = await createWebhook.call(loadOptionsContext(credentials), spec({ addresses: given }));
		const known = await fetchWebhookAddresses.call(loadOptionsContext(credentials), webhook.id);
		expect([...known.keys()]).toEqual(given.map((address) => address.toLowerCase()));
	});

	it('updates a webhook and reads it back', async () => {
		const credentials = await service.newAccount();
		const { webhook } = await createWebhook.call(loadOptionsContext(credentials), spec());
		expect(await updateWebhook.call(loadOptionsContext(credentials), webhook.id, { status: 'inactive', name: 'Paused' })).toMatchObject({ status: 'inactive', name: 'Paused' });
		expect(await getWebhook.call(loadOptionsContext(credentials), webhook.id)).toMatchObject({ id: webhook.id, status: 'inactive', name: 'Paused' });
	});

	it('deleteWebhook counts a webhook already gone as removed; deleteNamedWebhook says it is not there', async () => {
		const credentials = await service.newAccount();
		const { webhook } = await createWebhook.call(loadOptionsContext(credentials), spec());
		expect((await deleteWebhook.call(loadOptionsContext(credentials), webhook.id))?.id).toBe(webhook.id);
		expect(await deleteWebhook.call(loadOptionsContext(credentials), webhook.id)).toBeUndefined();
		await expect(deleteNamedWebhook.call(loadOptionsContext(credentials), webhook.id)).rejects.toMatchObject({ httpCode: '404' });
	});
});

describe('createPrimaryNetworkWebhook', () => {
	it('registers a webhook of a primary-network type from its body', async () => {
		const credentials = await service.newAccount();
		const body = { eventType: 'primary_network_address_activity', url: uniqueUrl(), network: 'fuji', chainId: '11111111111111111111111111111111LpoYY', metadata: { keyType: 'addresses', keys: [P_CHAIN_ADDRESS], subEvents: { addressActivitySubEvents: ['balance_change'] } } };
		const webhook = await createPrimaryNetworkWebhook.call(loadOptionsContext(credentials), body);
		expect(webhook).toMatchObject({ eventType: 'primary_network_address_activity', url: body.url, metadata: { keys: [P_CHAIN_ADDRESS] } });
	});

	it('finds the webhook by URL, type and keys when the create failed with a 5xx after the service made it', async () => {
		const credentials = await service.newAccount();
		const body = { eventType: 'primary_network_address_activity', url: uniqueUrl(), network: 'fuji', chainId: '11111111111111111111111111111111LpoYY', metadata: { keyType: 'addresses', keys: [P_CHAIN_ADDRESS], subEvents: { addressActivitySubEvents: ['balance_change'] } } };
		await service.control.addFault({ method: 'POST', path: '/v1/webhooks', count: 1, status: 500, afterHandling: true });
		const webhook = await createPrimaryNetworkWebhook.call(loadOptionsContext(credentials), body, { retry: ONE_ATTEMPT });
		expect(webhook.url).toBe(body.url);
		expect((await service.control.primaryNetworkWebhooks()).filter((listed) => listed.url === body.url)).toHaveLength(1);
	});
});

describe('the shared secret', () => {
	it('rotates it and reads the new one back', async () => {
		const credentials = await service.newAccount();
		const before = await fetchSharedSecret.call(loadOptionsContext(credentials));
		const rotated = await rotateSharedSecret.call(loadOptionsContext(credentials));
		expect(rotated).toMatch(/^[0-9a-f]+$/);
		expect(rotated).not.toBe(before);
		expect(await fetchSharedSecret.call(loadOptionsContext(credentials))).toBe(rotated);
		expect(await service.control.sharedSecret(credentials.apiKey)).toBe(rotated);
	});
});
