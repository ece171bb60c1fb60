import { P_CHAIN_ID } from '../primary/vocabulary';
import { startEmulator, type RunningEmulator } from '../index';
import { nodeId, pChainAddress } from '../primary/ids';
import { address, call, L1, NODE, pChainWebhookBody, STAKER, TREASURY, UUID, validatorWebhookBody, webhookBody } from './harness';

const HOOK_URL = 'http://127.0.0.1:1/hook';
const pChainBody = (overrides: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) =>
	pChainWebhookBody(HOOK_URL, overrides, metadata);
const validatorBody = (overrides: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) =>
	validatorWebhookBody(HOOK_URL, overrides, metadata);

describe('primary-network webhooks', () => {
	let emulator: RunningEmulator;
	const key = 'pn-key';
	const post = (body: unknown, as = key) => call(emulator.url, 'POST', '/v1/webhooks', { key: as, body });

	beforeAll(async () => {
		emulator = await startEmulator({ apiKeys: [{ key }, { key: 'pn-paid', plan: 'paid' }], paidAddressLimit: 6 });
	});
	afterAll(() => emulator.close());

	it('creates a primary_network_address_activity webhook and answers the SDK response shape (no network, no include flags)', async () => {
		const answer = await post(pChainBody({}, { keys: [TREASURY, TREASURY.toUpperCase().replace('P-FUJI', 'P-fuji'), STAKER] }));
		expect(answer.status).toBe(201);
		expect(answer.body).toEqual({
			id: expect.stringMatching(UUID),
			url: HOOK_URL,
			chainId: P_CHAIN_ID,
			status: 'active',
			createdAt: expect.any(Number),
			name: 'treasury',
			description: 'P-Chain treasury',
			eventType: 'primary_network_address_activity',
			metadata: {
				keyType: 'addresses',
				keys: [TREASURY, STAKER],
				subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold'] },
				balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '25000000000' },
			},
		});
	});

	it('creates a validator_activity webhook without chainId and answers with the P-Chain ID, name and description defaulted', async () => {
		const answer = await post(validatorBody({}, { nodeIds: [NODE], subnetIds: [L1] }));
		expect(answer.status).toBe(201);
		expect(answer.body).toEqual({
			id: expect.stringMatching(UUID),
			url: HOOK_URL,
			chainId: P_CHAIN_ID,
			status: 'active',
			createdAt: expect.any(Number),
			name: '',
			description: '',
			eventType: 'validator_activity',
			metadata: {
				keyType: 'nodeId',
				keys: [NODE],
				subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'] },
				nodeIds: [NODE],
				subnetIds: [L1],
				l1ValidatorFeeBalanceThreshold: '1000000000',
			},
		});
	});

	it('stores the documentation name l1_validator_threshold_reached under the SDK name l1_validator_balance_threshold', async () => {
		const answer = await post(validatorBody({}, { subEvents: { validatorActivitySubEvents: ['l1_validator_threshold_reached'] } }));
		expect(answer.status).toBe(201);
		expect(answer.body.metadata.subEvents).toEqual({ validatorActivitySubEvents: ['l1_validator_balance_threshold'] });
	});

	it('accepts a subnetId key', async () => {
		const answer = await post(validatorBody({}, { keyType: 'subnetId', keys: [L1], subEvents: { validatorActivitySubEvents: ['validator_stake'] } }));
		expect(answer.status).toBe(201);
		expect(answer.body.metadata).toMatchObject({ keyType: 'subnetId', keys: [L1] });
	});

	const invalidPChain: [string, unknown, string][] = [
		['a bad network', pChainBody({ network: 'testnet' }), 'network must be one of the following values: mainnet, fuji (got "testnet")'],
		['a chainId that is not the P-Chain', pChainBody({ chainId: '43113' }), `chainId must be the P-Chain's blockchain ID ${P_CHAIN_ID}`],
		['a missing chainId', pChainBody({ chainId: undefined }), 'chainId is required'],
		['a bad keyType', pChainBody({}, { keyType: 'address' }), 'metadata.keyType must be one of the following values: addresses (got "address")'],
		['an EVM address as key', pChainBody({}, { keys: [address(1)] }), `metadata.keys.0 '${address(1)}' is not a P-Chain address`],
		['a mainnet address on fuji', pChainBody({}, { keys: [pChainAddress('mainnet', 1)] }), `metadata.keys.0 '${pChainAddress('mainnet', 1)}' is not a fuji P-Chain address (P-fuji1...)`],
		['no keys', pChainBody({}, { keys: [] }), 'metadata.keys must contain at least 1 P-Chain address'],
		['an unknown sub-event', pChainBody({}, { subEvents: { addressActivitySubEvents: ['balance_changed'] } }), 'metadata.subEvents.addressActivitySubEvents.0 must be one of the following values: balance_change, balance_threshold, reward_distribution (got "balance_changed")'],
		['no sub-event', pChainBody({}, { subEvents: { addressActivitySubEvents: [] } }), 'metadata.subEvents.addressActivitySubEvents must contain at least 1 sub-event'],
		['a bad balanceType', pChainBody({}, { balanceThresholdFilter: { balanceType: 'staked', balanceThreshold: '1' } }), 'metadata.balanceThresholdFilter.balanceType must be one of the following values: unlockedUnstaked, unlockedStaked'],
		['a threshold in AVAX with decimals', pChainBody({}, { balanceThresholdFilter: { balanceType: 'locked', balanceThreshold: '2.5' } }), 'metadata.balanceThresholdFilter.balanceThreshold must be a string of digits: an amount in nAVAX'],
		['a numeric threshold', pChainBody({}, { balanceThresholdFilter: { balanceType: 'locked', balanceThreshold: 25 } }), 'metadata.balanceThresholdFilter.balanceThreshold must be a string (got number)'],
		['balance_threshold without balanceThresholdFilter', pChainBody({}, { balanceThresholdFilter: undefined }), 'metadata.balanceThresholdFilter is required when metadata.subEvents.addressActivitySubEvents contains balance_threshold'],
		['includeLogs, which the type does not have', pChainBody({ includeLogs: true }), 'property includeLogs should not exist'],
	];
	it.each(invalidPChain)('answers 400 naming the field for primary_network_address_activity with %s', async (_label, body, message) => {
		const answer = await post(body);
		expect(answer.status).toBe(400);
		expect(answer.body.error).toBe('Bad Request');
		expect(answer.body.message.join(' | ')).toContain(message);
	});

	const invalidValidator: [string, unknown, string][] = [
		['a bad network', validatorBody({ network: 'local' }), 'network must be one of the following values: mainnet, fuji'],
		['a chainId', validatorBody({ chainId: P_CHAIN_ID }), 'property chainId should not exist'],
		['a bad keyType', validatorBody({}, { keyType: 'nodeID' }), 'metadata.keyType must be one of the following values: nodeId, subnetId (got "nodeID")'],
		['two keys', validatorBody({}, { keys: [NODE, nodeId(2)] }), 'metadata.keys must contain exactly one key: validator_activity watches one node ID or one subnet ID'],
		['a node ID of the wrong form', validatorBody({}, { keys: ['NodeID-abc'] }), "metadata.keys.0 'NodeID-abc' is not a node ID"],
		['a subnet ID as nodeId key', validatorBody({}, { keys: [L1] }), `metadata.keys.0 '${L1}' is not a node ID`],
		['a node ID as subnetId key', validatorBody({}, { keyType: 'subnetId' }), `metadata.keys.0 '${NODE}' is not a subnet ID`],
		['a bad nodeIds entry', validatorBody({}, { nodeIds: [NODE, 'node-2'] }), "metadata.nodeIds.1 'node-2' is not a node ID"],
		['a bad subnetIds entry', validatorBody({}, { subnetIds: ['l1'] }), "metadata.subnetIds.0 'l1' is not a subnet ID"],
		['an unknown sub-event', validatorBody({}, { subEvents: { validatorActivitySubEvents: ['validator_removed'] } }), 'metadata.subEvents.validatorActivitySubEvents.0 must be one of the following values: validator_stake'],
		['a negative fee threshold', validatorBody({}, { l1ValidatorFeeBalanceThreshold: '-1' }), 'metadata.l1ValidatorFeeBalanceThreshold must be a string of digits'],
		['l1_validator_balance_threshold without l1ValidatorFeeBalanceThreshold', validatorBody({}, { l1ValidatorFeeBalanceThreshold: undefined }), 'metadata.l1ValidatorFeeBalanceThreshold is required when metadata.subEvents.validatorActivitySubEvents contains l1_validator_balance_threshold'],
	];
	it.each(invalidValidator)('answers 400 naming the field for validator_activity with %s', async (_label, body, message) => {
		const answer = await post(body);
		expect(answer.status).toBe(400);
		expect(answer.body.message.join(' | ')).toContain(message);
	});

	it('counts P-Chain keys against the plan address allowance like EVM addresses', async () => {
		const six = [1, 2, 3, 4, 5, 6].map((n) => pChainAddress('fuji', n));
		const free = await post(pChainBody({}, { keys: six }));
		expect(free.status).toBe(400);
		expect(free.body.message).toEqual(['the free plan allows at most 5 addresses per webhook; this request would give the webhook 6 addresses']);
		expect((await post(pChainBody({}, { keys: six }), 'pn-paid')).status).toBe(201);
		expect((await post(pChainBody({}, { keys: [...six, pChainAddress('fuji', 7)] }), 'pn-paid')).status).toBe(400);
	});

	it('adds and removes P-Chain keys through /addresses, checking their network, and lists them', async () => {
		const id = (await post(pChainBody())).body.id;
		const added = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}/addresses`, { key, body: { addresses: [STAKER, TREASURY] } });
		expect(added.status).toBe(200);
		expect(added.body.metadata.keys).toEqual([TREASURY, STAKER]);
		const wrong = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}/addresses`, { key, body: { addresses: [address(1)] } });
		expect(wrong.status).toBe(400);
		expect(wrong.body.message[0]).toContain(`addresses.0 '${address(1)}' is not a P-Chain address`);
		const removed = await call(emulator.url, 'DELETE', `/v1/webhooks/${id}/addresses`, { key, body: { addresses: [TREASURY] } });
		expect(removed.body.metadata.keys).toEqual([STAKER]);
		const listed = await call(emulator.url, 'GET', `/v1/webhooks/${id}/addresses`, { key });
		expect(listed.body).toEqual({ addresses: [STAKER], totalAddresses: 1 });
	});

	it('answers 400 to changing the key of a validator_activity webhook through /addresses', async () => {
		const id = (await post(validatorBody())).body.id;
		for (const method of ['PATCH', 'DELETE']) {
			const answer = await call(emulator.url, method, `/v1/webhooks/${id}/addresses`, { key, body: { addresses: [nodeId(3)] } });
			expect(answer.status).toBe(400);
			expect(answer.body.message[0]).toContain('a validator_activity webhook watches one key');
		}
		expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key })).body.metadata.keys).toEqual([NODE]);
	});

	it('gets, updates and deletes webhooks of the new types with the same routes', async () => {
		const id = (await post(validatorBody())).body.id;
		const got = await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key });
		expect(got.body).toMatchObject({ id, eventType: 'validator_activity' });
		const patched = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}`, { key, body: { name: 'fee alert', status: 'inactive', includeLogs: true } });
		expect(patched.status).toBe(200);
		expect(patched.body).toMatchObject({ id, name: 'fee alert', status: 'inactive' });
		expect(patched.body).not.toHaveProperty('includeLogs');
		const refused = await call(emulator.url, 'PATCH', `/v1/webhooks/${id}`, { key, body: { metadata: {} } });
		expect(refused.body.message).toEqual(['property metadata should not exist']);
		const deleted = await call(emulator.url, 'DELETE', `/v1/webhooks/${id}`, { key });
		expect(deleted.body).toMatchObject({ id, eventType: 'validator_activity', status: 'inactive' });
		expect((await call(emulator.url, 'GET', `/v1/webhooks/${id}`, { key })).status).toBe(404);
	});

	it('lists webhooks of every type on the same pages', async () => {
		const own = (await call(emulator.url, 'POST', '/_emulator/keys', { body: {} })).body.key as string;
		await post(webhookBody(HOOK_URL), own);
		await post(pChainBody(), own);
		await post(validatorBody(), own);
		const first = await call(emulator.url, 'GET', '/v1/webhooks', { key: own, query: { pageSize: 2 } });
		const second = await call(emulator.url, 'GET', '/v1/webhooks', { key: own, query: { pageSize: 2, pageToken: first.body.nextPageToken } });
		expect([...first.body.webhooks, ...second.body.webhooks].map((webhook: { eventType: string }) => webhook.eventType)).toEqual([
			'address_activity',
			'primary_network_address_activity',
			'validator_activity',
		]);
		expect(second.body.nextPageToken).toBeUndefined();
	});
});
