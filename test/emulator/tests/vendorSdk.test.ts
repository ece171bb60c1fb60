// The vendor's own TypeScript SDK (@avalanche-sdk/chainkit, a devDependency pinned at 0.3.13)
// against the emulator: its request builders must be accepted and its response models must parse
// the emulator's answers. The SDK validates both sides with its zod models and fails otherwise.
import { P_CHAIN_ID } from '../primary/vocabulary';
import { startEmulator, type RunningEmulator } from '../index';
import { address, call, L1, NODE, STAKER, TREASURY } from './harness';

/** The part of the SDK's client this test uses; the SDK checks every request and answer against its own models at run time. */
interface Webhook {
	id: string;
	eventType: string;
	status: string;
	name: string;
	metadata: unknown;
}
interface SdkClient {
	webhooks: {
		create(request: object, options: object): Promise<Webhook>;
		get(request: { id: string }, options: object): Promise<Webhook>;
		update(request: { id: string; updateWebhookRequest: object }, options: object): Promise<Webhook>;
		deactivate(request: { id: string }, options: object): Promise<Webhook>;
		list(request: { pageSize: number }, options: object): Promise<AsyncIterable<{ result: { webhooks: Webhook[] } }>>;
	};
}
interface HttpClient {
	addHook(hook: 'beforeRequest', fn: (request: Request) => Request): HttpClient;
}
// Required rather than imported, so that `npm run typecheck` passes in a checkout whose
// node_modules predate this devDependency; running this file needs `npm ci`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Avalanche, HTTPClient } = require('@avalanche-sdk/chainkit') as {
	Avalanche: new (options: object) => SdkClient;
	HTTPClient: new () => HttpClient;
};

const HOOK_URL = 'http://127.0.0.1:1/hook';

/** The SDK sends the key in x-glacier-api-key; the service's specification (and the emulator) name x-service-api-key. */
function serviceKeyHeader(): HttpClient {
	return new HTTPClient().addHook('beforeRequest', (request) => {
		const headers = new Headers(request.headers);
		headers.set('x-service-api-key', headers.get('x-glacier-api-key') ?? '');
		headers.delete('x-glacier-api-key');
		return new Request(request, { headers });
	});
}

const requests = {
	address_activity: {
		eventType: 'address_activity' as const,
		url: HOOK_URL,
		chainId: '43113',
		name: 'evm',
		metadata: { addresses: [address(1)] },
		includeLogs: true,
	},
	primary_network_address_activity: {
		eventType: 'primary_network_address_activity' as const,
		url: HOOK_URL,
		name: 'treasury',
		network: 'fuji' as const,
		chainId: P_CHAIN_ID,
		metadata: {
			keyType: 'addresses' as const,
			keys: [TREASURY, STAKER],
			subEvents: { addressActivitySubEvents: ['balance_change' as const, 'balance_threshold' as const, 'reward_distribution' as const] },
			balanceThresholdFilter: { balanceType: 'unlockedUnstaked' as const, balanceThreshold: '25000000000' },
		},
	},
	validator_activity: {
		eventType: 'validator_activity' as const,
		url: HOOK_URL,
		name: 'l1 fee',
		network: 'fuji' as const,
		metadata: {
			keyType: 'nodeId' as const,
			keys: [NODE],
			subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold' as const, 'l1_validator_disabled' as const] },
			subnetIds: [L1],
			l1ValidatorFeeBalanceThreshold: '1000000000',
		},
	},
};

describe("the vendor SDK's client against the emulator", () => {
	let emulator: RunningEmulator;
	let sdk: SdkClient;
	let at: { serverURL: string };
	const key = 'sdk-key';

	beforeAll(async () => {
		emulator = await startEmulator({ apiKeys: [{ key }] });
		// no telemetry (the SDK would post to a third party otherwise), no retries: one request per call
		sdk = new Avalanche({ apiKey: key, enableTelemetry: false, httpClient: serviceKeyHeader(), retryConfig: { strategy: 'none' } });
		// webhook operations carry their own server list: the server is given per call
		at = { serverURL: emulator.url };
	});
	afterAll(() => emulator.close());

	it.each(Object.keys(requests) as Array<keyof typeof requests>)('creates, gets, updates and deletes a %s webhook with the SDK', async (eventType) => {
		await call(emulator.url, 'DELETE', '/_emulator/requests');
		const created = await sdk.webhooks.create(requests[eventType], at);
		expect(created).toMatchObject({ eventType, status: 'active', name: requests[eventType].name });
		const seen = (await call(emulator.url, 'GET', '/_emulator/requests')).body.requests;
		expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/webhooks', statusCode: 201, body: requests[eventType] });

		const got = await sdk.webhooks.get({ id: created.id }, at);
		expect(got).toEqual(created);
		const updated = await sdk.webhooks.update({ id: created.id, updateWebhookRequest: { name: 'renamed', status: 'inactive' } }, at);
		expect(updated).toMatchObject({ id: created.id, eventType, name: 'renamed', status: 'inactive', metadata: created.metadata });
		const deleted = await sdk.webhooks.deactivate({ id: created.id }, at);
		expect(deleted).toMatchObject({ id: created.id, eventType });
		await expect(sdk.webhooks.get({ id: created.id }, at)).rejects.toMatchObject({ statusCode: 404 });
	});

	it('lists webhooks of all three types page by page with the SDK', async () => {
		const ids: string[] = [];
		for (const request of Object.values(requests)) ids.push((await sdk.webhooks.create(request, at)).id);
		const listed: Webhook[] = [];
		for await (const page of await sdk.webhooks.list({ pageSize: 1 }, at)) listed.push(...page.result.webhooks);
		expect(listed.map((webhook) => webhook.id)).toEqual(ids);
		expect(listed.map((webhook) => webhook.eventType)).toEqual(['address_activity', 'primary_network_address_activity', 'validator_activity']);
	});

	it("refuses through the SDK what the SDK lets through but the service does not: two keys for validator_activity", async () => {
		const twoKeys = { ...requests.validator_activity, metadata: { ...requests.validator_activity.metadata, keys: [NODE, L1] } };
		await expect(sdk.webhooks.create(twoKeys, at)).rejects.toMatchObject({ statusCode: 400 });
	});
});
