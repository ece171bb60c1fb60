import { startEmulator, type RunningEmulator } from '../index';
import { address, call, upper, UUID, webhookBody } from './harness';

const HOOK_URL = 'http://127.0.0.1:1/hook';
const SIGNATURE = `0x${'ab'.repeat(32)}`;

describe('webhook routes', () => {
	let emulator: RunningEmulator;
	const key = 'owner-key';
	const post = (body: unknown, as = key) => call(emulator.url, 'POST', '/v1/webhooks', { key: as, body });

	beforeAll(async () => {
		emulator = await startEmulator({
			apiKeys: [
				{ key, account: 'team' },
				{ key: 'teammate-key', account: 'team' },
				{ key: 'stranger-key' },
				{ key: 'paid-key', plan: 'paid' },
			],
			paidAddressLimit: 8,
		});
	});
	afterAll(() => emulator.close());

	describe('create', () => {
		it('returns the Webhook with id, status active and createdAt assigned, addresses lower-cased and de-duplicated', async () => {
			const before = Date.now();
			const answer = await post(
				webhookBody(HOOK_URL, {
					includeLogs: true,
					metadata: {
						addresses: ['0xABCDEF0123456789abcdef0123456789ABCDEF01', '0xabcdef0123456789ABCDEF0123456789abcdef01', address(2)],
						eventSignatures: [SIGNATURE],
					},
				}),
			);
			expect(answer.status).toBe(201);
			expect(answer.body).toEqual({
				id: expect.stringMatching(UUID),
				eventType: 'address_activity',
				chainId: '43113',
				status: 'active',
				createdAt: expect.any(Number),
				url: HOOK_URL,
				name: 'test webhook',
				description: 'created by a test',
				metadata: { addresses: ['0xabcdef0123456789abcdef0123456789abcdef01', address(2)], eventSignatures: [SIGNATURE] },
				includeInternalTxs: false,
				includeLogs: true,
			});
			expect(answer.body.createdAt).toBeGreaterThanOrEqual(before);
		});

		it('defaults includeLogs, includeInternalTxs, name and description when omitted', async () => {
			const answer = await post({ url: HOOK_URL, chainId: '43114', eventType: 'address_activity', metadata: { addresses: [address(3)] } });
			expect(answer.status).toBe(201);
			expect(answer.body).toMatchObject({ includeLogs: false, includeInternalTxs: false, name: '', description: '' });
			expect(answer.body.metadata).toEqual({ addresses: [address(3)] });
		});

		const invalid: [string, Record<string, unknown>, string][] = [
			['an address of the wrong format', { metadata: { addresses: ['0x123'] } }, "invalid address format: '0x123'"],
			['a non-hex address', { metadata: { addresses: [`0x${'g'.repeat(40)}`] } }, 'invalid address format'],
			['an event signature of the wrong format', { metadata: { addresses: [address(1)], eventSignatures: ['Transfer(address,address,uint256)'] } }, 'invalid event signature'],
			['a numeric chainId', { chainId: 43113 }, 'chainId must be a string'],
			['a non-decimal chainId', { chainId: 'fuji' }, 'chainId must be a string holding a decimal chain id'],
			['an unsupported chain', { chainId: '1' }, 'chainId 1 is not a supported chain'],
			['a chain without webhooks', { chainId: '432204' }, 'does not support webhooks'],
			['an unknown eventType', { eventType: 'nft_activity' }, 'eventType must be one of the following values: address_activity, primary_network_address_activity, validator_activity'],
			['a missing url', { url: undefined }, 'url is required'],
			['a url that is not http(s)', { url: 'ftp://127.0.0.1/x' }, 'url must be a URL address'],
			['a boolean of the wrong type', { includeLogs: 'yes' }, 'includeLogs must be a boolean'],
			['an unknown property', { colour: 'red' }, 'property colour should not exist'],
			['a missing metadata', { metadata: undefined }, 'metadata is required'],
		];
		it.each(invalid)('answers 400 for %s', async (_label, overrides, message) => {
			const answer = await post(webhookBody(HOOK_URL, overrides));
			expect(answer.status).toBe(400);
			expect(answer.body.error).toBe('Bad Request');
			expect(answer.body.statusCode).toBe(400);
			expect(answer.body.message.join(' | ')).toContain(message);
		});

		it('answers 400 for malformed JSON and for a body that is not an object', async () => {
			const malformed = await call(emulator.url, 'POST', '/v1/webhooks', { key, rawBody: '{"url": ' });
			expect(malformed.status).toBe(400);
			expect(malformed.body.message[0]).toContain('not valid JSON');
			const array = await call(emulator.url, 'POST', '/v1/webhooks', { key, body: [1, 2] });
			expect(array.status).toBe(400);
			expect(array.body.message).toEqual(['request body must be a JSON object']);
		});
	});

	describe('plans', () => {
		it('allows 5 addresses on the free plan and answers 400 stating the limit and the count above that', async () => {
			const five = await post(webhookBody(HOOK_URL, { metadata: { addresses: [1, 2, 3, 4, 5].map(address) } }));
			expect(five.status).toBe(201);
			const six = await post(webhookBody(HOOK_URL, { metadata: { addresses: [1, 2, 3, 4, 5, 6].map(address) } }));
			expect(six.status).toBe(400);
			expect(six.body.message).toEqual(['the free plan allows at most 5 addresses per webhook; this request would give the webhook 6 addresses']);

			const added = await call(emulator.url, 'PATCH', `/v1/webhooks/${five.body.id}/addresses`, { key, body: { addresses: [address(9), address(10)] } });
			expect(added.status).toBe(400);
			expect(added.body.message[0]).toContain('at most 5 addresses');
			expect(added.body.message[0]).toContain('7 addresses');
			// re-adding monitored addresses in another case does not count twice
			const same = await call(emulator.url, 'PATCH', `/v1/webhooks/${five.body.id}/addresses`, { key, body: { addresses: [upper(address(1))] } });
			expect(same.status).toBe(200);
			expect(same.body.metadata.addresses).toHaveLength(5);
		});

		it('allows the configured paidAddressLimit on the paid plan', async () => {
			const eight = await post(webhookBody(HOOK_URL, { metadata: { addresses: [1, 2, 3, 4, 5, 6, 7, 8].map(address) } }), 'paid-key');
			expect(eight.status).toBe(201);
			const nine = await post(webhookBody(HOOK_URL, { metadata: { addresses: [1, 2, 3, 4, 5, 6, 7, 8, 9].map(address) } }), 'paid-key');
			expect(nine.status).toBe(400);
			expect(nine.body.message).toEqual(['the paid plan allows at most 8 addresses per webhook; this request would give the webhook 9 addresses']);
		});
	});

	describe('read, update, delete', () => {
		let id: string;
		beforeAll(async () => {
			id = (await post(webhookBody(HOOK_URL, { name: 'lifecycle' }))).body.id;
		});

		it('gets a webhook by id, for every key of the same account but not for another account', async () => {
			const own = await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key });
			expect(own.status).toBe(200);
			expect(own.body.name).toBe('lifecycle');
			expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key: 'teammate-key' })).status).toBe(200);
			const stranger = await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key: 'stranger-key' });
			expect(stranger.status).toBe(404);
			expect(stranger.body).toEqual({ message: [`webhook '${id}' was not found`], error: 'Not Found', statusCode: 404 });
		});

		it('answers 404 for an unknown webhook id on every webhook route', async () => {
			const unknown = '6f1b3f6e-1111-4222-8333-444455556666';
			const answers = await Promise.all([
				call(emulator.url, 'GET', `/v1/webhooks/${unknown}`, { key }),
				call(emulator.url, 'PATCH', `/v1/webhooks/${unknown}`, { key, body: { name: 'x' } }),
				call(emulator.url, 'DELETE', `/v1/webhooks/${unknown}`, { key }),
				call(emulator.url, 'PATCH', `/v1/webhooks/${unknown}/addresses`, { key, body: { addresses: [address(1)] } }),
				call(emulator.url, 'DELETE', `/v1/webhooks/${unknown}/addresses`, { key, body: { addresses: [address(1)] } }),
				call(emulator.url, 'GET', `/v1/webhooks/${unknown}/addresses`, { key }),
			]);
			expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
		});

		it('updates name, description, url, flags and status, and refuses eventSignatures', async () => {
			const answer = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}`, {
				key,
				body: { name: 'renamed', description: 'd2', url: 'http://127.0.0.1:2/new', includeLogs: true, includeInternalTxs: true, status: 'inactive' },
			});
			expect(answer.status).toBe(200);
			expect(answer.body).toMatchObject({ id, name: 'renamed', description: 'd2', url: 'http://127.0.0.1:2/new', includeLogs: true, includeInternalTxs: true, status: 'inactive' });
			expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key })).body.status).toBe('inactive');

			const signatures = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}`, { key, body: { eventSignatures: [SIGNATURE] } });
			expect(signatures.status).toBe(400);
			expect(signatures.body.message).toEqual(['property eventSignatures should not exist']);
			const status = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}`, { key, body: { status: 'paused' } });
			expect(status.status).toBe(400);
			expect(status.body.message).toEqual(['status must be one of the following values: active, inactive']);
			const reactivated = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}`, { key, body: { status: 'active' } });
			expect(reactivated.body.status).toBe('active');
		});

		it('deletes a webhook: the answer is the webhook, and it is gone afterwards', async () => {
			const doomed = (await post(webhookBody(HOOK_URL, { name: 'doomed' }))).body.id;
			const answer = await call(emulator.url, 'DELETE', `/v1/webhooks/${doomed}`, { key });
			expect(answer.status).toBe(200);
			expect(answer.body).toMatchObject({ id: doomed, name: 'doomed', status: 'inactive' });
			expect((await call(emulator.url, 'GET', `/v1/webhooks/${doomed}`, { key })).status).toBe(404);
			const all = await call(emulator.url, 'GET', '/_emulator/webhooks');
			expect(all.body.webhooks.map((webhook: { id: string }) => webhook.id)).not.toContain(doomed);
		});
	});

	describe('list', () => {
		it('lists the account webhooks, filtered by status, with pages', async () => {
			const fresh = await call(emulator.url, 'POST', '/_emulator/keys', { body: {} });
			const own = fresh.body.key as string;
			const ids: string[] = [];
			for (let i = 0; i < 12; i++) ids.push((await post(webhookBody(HOOK_URL, { name: `w${i}` }), own)).body.id);
			await call(emulator.url, 'PATCH', `/v1/webhooks/${ids[0]}`, { key: own, body: { status: 'inactive' } });

			const first = await call(emulator.url, 'GET', '/v1/webhooks', { key: own });
			expect(first.status).toBe(200);
			expect(first.body.webhooks).toHaveLength(10);
			expect(first.body.nextPageToken).toMatch(UUID);
			const second = await call(emulator.url, 'GET', '/v1/webhooks', { key: own, query: { pageToken: first.body.nextPageToken } });
			expect(second.body.webhooks).toHaveLength(2);
			expect(second.body.nextPageToken).toBeUndefined();
			expect([...first.body.webhooks, ...second.body.webhooks].map((webhook: { id: string }) => webhook.id).sort()).toEqual([...ids].sort());

			const inactive = await call(emulator.url, 'GET', '/v1/webhooks', { key: own, query: { status: 'inactive' } });
			expect(inactive.body.webhooks.map((webhook: { id: string }) => webhook.id)).toEqual([ids[0]]);
			const active = await call(emulator.url, 'GET', '/v1/webhooks', { key: own, query: { status: 'active', pageSize: 100 } });
			expect(active.body.webhooks).toHaveLength(11);
			const bad = await call(emulator.url, 'GET', '/v1/webhooks', { key: own, query: { status: 'deleted' } });
			expect(bad.status).toBe(400);
			expect(bad.body.message[0]).toContain('status must be one of the following values: active, inactive');
		});
	});

	describe('monitored addresses', () => {
		it('adds (case-insensitively, never twice), removes with a JSON body, and lists with totalAddresses', async () => {
			const created = await post(webhookBody(HOOK_URL, { metadata: { addresses: [address(1)] } }), 'paid-key');
			const id = created.body.id;
			const added = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}/addresses`, {
				key: 'paid-key',
				body: { addresses: [address(2), upper(address(1)), upper(address(3)), address(3)] },
			});
			expect(added.status).toBe(200);
			expect(added.body.metadata.addresses).toEqual([address(1), address(2), address(3)]);

			const removed = await call(emulator.url, 'DELETE', `/v1/webhooks/${id}/addresses`, { key: 'paid-key', body: { addresses: [upper(address(2))] } });
			expect(removed.status).toBe(200);
			expect(removed.body.metadata.addresses).toEqual([address(1), address(3)]);

			const listed = await call(emulator.url, 'GET', `/v1/webhooks/${id}/addresses`, { key: 'paid-key', query: { pageSize: 1 } });
			expect(listed.body).toEqual({ addresses: [address(1)], totalAddresses: 2, nextPageToken: expect.stringMatching(UUID) });
			const rest = await call(emulator.url, 'GET', `/v1/webhooks/${id}/addresses`, { key: 'paid-key', query: { pageSize: 1, pageToken: listed.body.nextPageToken } });
			expect(rest.body).toEqual({ addresses: [address(3)], totalAddresses: 2 });
		});

		it('answers 400 for an empty, missing or malformed address list', async () => {
			const id = (await post(webhookBody(HOOK_URL))).body.id;
			const empty = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}/addresses`, { key, body: { addresses: [] } });
			expect(empty.status).toBe(400);
			expect(empty.body.message).toEqual(['addresses must contain at least 1 address']);
			const missing = await call(emulator.url, 'DELETE', `/v1/webhooks/${id}/addresses`, { key });
			expect(missing.status).toBe(400);
			expect(missing.body.message).toEqual(['request body is required (a JSON object)']);
			const malformed = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}/addresses`, { key, body: { addresses: ['nope'] } });
			expect(malformed.status).toBe(400);
			expect(malformed.body.message[0]).toContain("invalid address format: 'nope'");
		});
	});

	describe('shared secret', () => {
		it('creates the account secret on first get, keeps it, shares it across the account, and rotates it', async () => {
			const first = await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key });
			expect(first.status).toBe(200);
			expect(first.body.secret).toMatch(/^[0-9a-f]{64}$/);
			expect((await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key })).body.secret).toBe(first.body.secret);
			expect((await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: 'teammate-key' })).body.secret).toBe(first.body.secret);
			expect((await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: 'stranger-key' })).body.secret).not.toBe(first.body.secret);

			const rotated = await call(emulator.url, 'POST', '/v1/webhooks:generateOrRotateSharedSecret', { key });
			expect(rotated.status).toBe(201);
			expect(rotated.body.secret).toMatch(/^[0-9a-f]{64}$/);
			expect(rotated.body.secret).not.toBe(first.body.secret);
			expect((await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: 'teammate-key' })).body.secret).toBe(rotated.body.secret);
		});
	});
});
