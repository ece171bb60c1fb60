/* eslint-disable @typescript-eslint/no-explicit-any */
// The vendor's own TypeScript SDK (@avalanche-sdk/chainkit, a devDependency pinned at 0.3.13)
// against the emulator: its request builders must be accepted and its response models must parse
// the emulator's answers. The SDK validates both sides with its zod models and fails otherwise.
import { P_CHAIN_ID } from '../primary/vocabulary';
import { startEmulator, type RunningEmulator } from '../index';
import { address, call, L1, NODE, STAKER, TREASURY } from './harness';

const AVAX = (amount: number) => String(BigInt(amount) * BigInt(1_000_000_000));

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
	data: SdkData;
}
/** A paginated answer: the first page's result, and every page when iterated (the SDK follows nextPageToken). */
type Paged<T> = { result: T } & AsyncIterable<{ result: T }>;
interface SdkData {
	evm: {
		address: {
			balances: {
				getNative(request: object, options: object): Promise<{ nativeTokenBalance: any }>;
				listErc20(request: object, options: object): Promise<Paged<{ erc20TokenBalances: any[]; nativeTokenBalance: any }>>;
				listErc721(request: object, options: object): Promise<Paged<{ erc721TokenBalances: any[] }>>;
				listErc1155(request: object, options: object): Promise<Paged<{ erc1155TokenBalances: any[] }>>;
			};
		};
	};
	primaryNetwork: {
		transactions: { listLatest(request: object, options: object): Promise<Paged<{ transactions: any[]; chainInfo: unknown }>> };
		balances: { listByAddresses(request: object, options: object): Promise<{ balances: Record<string, any[]>; chainInfo: unknown }> };
		listValidators(request: object, options: object): Promise<Paged<{ validators: any[] }>>;
		getValidatorDetails(request: object, options: object): Promise<Paged<{ validators: any[] }>>;
		listL1Validators(request: object, options: object): Promise<Paged<{ validators: any[]; blockHeight: string }>>;
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
	describe('primary-network history, balances and validators', () => {
		const network = 'fuji' as const;
		const txs: any[] = [];
		let stake: any;
		let fee: any;

		const control = async (path: string, body: object) => {
			await call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: 1_000 } });
			const answer = await call(emulator.url, 'POST', path, { body: { network, ...body } });
			expect(answer.status).toBe(201);
			return answer.body;
		};
		/** Every page of a paginated SDK call, as the SDK's iterator walks them. */
		const allPages = async <T>(pages: Paged<T>) => {
			const results: T[] = [];
			for await (const page of pages) results.push(page.result);
			return results;
		};

		beforeAll(async () => {
			txs.push(await control('/_emulator/p-chain/transactions', { balanceChanges: [{ address: TREASURY, balanceType: 'unlockedUnstaked', change: AVAX(40) }] }));
			txs.push(
				await control('/_emulator/p-chain/transactions', {
					txType: 'AddPermissionlessDelegatorTx',
					balanceChanges: [
						{ address: TREASURY, balanceType: 'unlockedUnstaked', change: `-${AVAX(25)}` },
						{ address: TREASURY, balanceType: 'lockedStaked', change: AVAX(25) },
						{ address: STAKER, balanceType: 'atomicMemoryUnlocked', change: AVAX(2) },
					],
				}),
			);
			txs.push(await control('/_emulator/p-chain/transactions', { reward: { address: TREASURY, amount: AVAX(1), rewardType: 'delegator', nodeId: NODE } }));
			stake = await control('/_emulator/validators/activity', { activity: 'validator_stake', nodeId: NODE, amount: AVAX(2000) });
			await control('/_emulator/validators/activity', { activity: 'delegator_stake', nodeId: NODE, amount: AVAX(25) });
			fee = await control('/_emulator/validators/activity', { activity: 'l1_validator_fee_balance', nodeId: NODE, subnetId: L1, change: AVAX(3) });
		});

		it("lists P-Chain transactions of addresses page by page with the SDK's client, as PChainTransactions", async () => {
			const request = { network, blockchainId: 'p-chain', addresses: `${TREASURY},${STAKER}`, sortOrder: 'asc', pageSize: 2 };
			const pages = await allPages(await sdk.data.primaryNetwork.transactions.listLatest(request, at));
			expect(pages).toHaveLength(2);
			const listed = pages.flatMap((page) => page.transactions);
			expect(listed.map((tx) => tx.txHash)).toEqual(txs.map((tx) => tx.txHash));
			expect(pages[0].chainInfo).toEqual({ chainName: 'p-chain', network });
			// fields only the SDK's PChainTransaction keeps (its other response models would drop them)
			expect(listed[1]).toMatchObject({ txType: 'AddPermissionlessDelegatorTx', consumedUtxos: [expect.objectContaining({ amount: AVAX(25), utxoType: 'TRANSFER' })] });
			expect(listed[1].emittedUtxos).toEqual([
				expect.objectContaining({ amount: AVAX(25), staked: true, utxoType: 'STAKE' }),
				expect.objectContaining({ amount: AVAX(2), createdOnChainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp' }),
			]);
			expect(listed[2]).toMatchObject({ txType: 'RewardValidatorTx', nodeId: NODE, emittedUtxos: [expect.objectContaining({ rewardType: 'DELEGATOR' })] });
			const filtered = await sdk.data.primaryNetwork.transactions.listLatest(
				{ network, blockchainId: P_CHAIN_ID, txTypes: ['AddPermissionlessValidatorTx', 'IncreaseL1ValidatorBalanceTx'], startTimestamp: stake.blockTimestamp, endTimestamp: fee.blockTimestamp },
				at,
			);
			expect(filtered.result.transactions.map((tx) => tx.txType)).toEqual(['IncreaseL1ValidatorBalanceTx', 'AddPermissionlessValidatorTx']);
			expect(filtered.result.transactions[0].l1ValidatorDetails).toEqual([expect.objectContaining({ validationId: fee.validationId, remainingBalance: Number(AVAX(3)) })]);
		});

		it("reads P-Chain balances at a moment with the SDK's client", async () => {
			const before = await sdk.data.primaryNetwork.balances.listByAddresses({ network, blockchainId: 'p-chain', addresses: TREASURY, blockTimestamp: txs[1].blockTimestamp - 1 }, at);
			expect(before.balances.unlockedUnstaked).toEqual([expect.objectContaining({ amount: AVAX(40), utxoCount: 1 })]);
			expect(before.balances.lockedStaked).toEqual([]);
			const after = await sdk.data.primaryNetwork.balances.listByAddresses({ network, blockchainId: 'p-chain', addresses: `${TREASURY},${STAKER}` }, at);
			expect(after).toEqual({
				balances: expect.objectContaining({
					unlockedUnstaked: [expect.objectContaining({ amount: AVAX(16) })],
					lockedStaked: [expect.objectContaining({ amount: AVAX(25) })],
					atomicMemoryUnlocked: [expect.objectContaining({ amount: AVAX(2), sharedWithChainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp' })],
				}),
				chainInfo: { chainName: 'p-chain', network },
			});
		});

		it("lists validators and one node's validations with the SDK's client", async () => {
			const listed = await sdk.data.primaryNetwork.listValidators({ network, nodeIds: NODE, pageSize: 1 }, at);
			expect(listed.result.validators).toEqual([
				expect.objectContaining({ txHash: stake.txHash, nodeId: NODE, validationStatus: 'active', delegatorCount: 1, amountDelegated: AVAX(25), validatorHealth: expect.any(Object) }),
			]);
			const details = await sdk.data.primaryNetwork.getValidatorDetails({ network, nodeId: NODE, validationStatus: 'active' }, at);
			expect(details.result.validators.map((v) => v.txHash)).toEqual([stake.txHash]);
		});

		it("lists L1 validators with their remaining fee balance with the SDK's client", async () => {
			const listed = await sdk.data.primaryNetwork.listL1Validators({ network, subnetId: L1 }, at);
			expect(listed.result).toEqual({
				validators: [expect.objectContaining({ validationId: fee.validationId, nodeId: NODE, subnetId: L1, weight: 100, remainingBalance: Number(AVAX(3)) })],
				blockHeight: expect.stringMatching(/^\d+$/),
			});
		});

		it('gets the service\'s 400 through the SDK for a bad parameter', async () => {
			await expect(sdk.data.primaryNetwork.balances.listByAddresses({ network, blockchainId: 'p-chain', addresses: 'P-fuji1notanaddress' }, at)).rejects.toMatchObject({ statusCode: 400 });
		});
	});
	describe('EVM balances', () => {
		const holder = address(0xb0);
		const funder = address(0xb1);
		const token = (symbol: string, n: number) => ({ address: address(0xc0 + n), name: `${symbol} token`, symbol, decimals: 6 });
		const nft = { address: address(0xd0), name: 'Collection', symbol: 'COL' };
		let firstBlock: string;

		beforeAll(async () => {
			const inject = async (body: object) => (await call(emulator.url, 'POST', '/_emulator/activity', { body: { chainId: '43113', from: funder, ...body } })).body;
			firstBlock = (await inject({ to: holder, value: '3000000000000000000' })).blockNumber;
			for (const [n, symbol] of ['AAA', 'BBB', 'CCC'].entries()) {
				await inject({ to: token(symbol, n).address, input: '0xa9059cbb', erc20Transfers: [{ token: token(symbol, n), from: funder, to: holder, value: String((n + 1) * 1_000_000) }] });
			}
			await inject({ to: nft.address, input: '0x23b872dd', erc721Transfers: [{ token: nft, from: funder, to: holder, tokenId: '42' }] });
			await inject({ to: nft.address, input: '0xf242432a', erc1155Transfers: [{ token: nft, from: funder, to: holder, tokenId: '5', value: '12' }] });
		});

		it("reads the native balance, now and at a block, with the SDK's client", async () => {
			const now = await sdk.data.evm.address.balances.getNative({ chainId: '43113', address: holder, currency: 'usd' }, at);
			expect(now.nativeTokenBalance).toEqual({ name: 'Avalanche', symbol: 'AVAX', decimals: 18, logoUri: expect.any(String), chainId: '43113', balance: '3000000000000000000' });
			const before = await sdk.data.evm.address.balances.getNative({ chainId: '43113', address: holder, blockNumber: String(Number(firstBlock) - 1) }, at);
			expect(before.nativeTokenBalance.balance).toBe('0');
		});

		it("lists ERC-20 balances page by page, ERC-721 and ERC-1155 holdings with the SDK's client", async () => {
			const erc20: any[] = [];
			for await (const page of await sdk.data.evm.address.balances.listErc20({ chainId: '43113', address: holder, pageSize: 2 }, at)) erc20.push(...page.result.erc20TokenBalances);
			expect(erc20.map((entry) => [entry.symbol, entry.balance, entry.ercType])).toEqual([
				['AAA', '1000000', 'ERC-20'],
				['BBB', '2000000', 'ERC-20'],
				['CCC', '3000000', 'ERC-20'],
			]);
			const some = await sdk.data.evm.address.balances.listErc20({ chainId: '43113', address: holder, contractAddresses: `${token('BBB', 1).address},${token('CCC', 2).address}`, filterSpamTokens: true }, at);
			expect(some.result.erc20TokenBalances.map((entry) => entry.symbol)).toEqual(['BBB', 'CCC']);
			const erc721 = await sdk.data.evm.address.balances.listErc721({ chainId: '43113', address: holder, contractAddress: nft.address }, at);
			expect(erc721.result.erc721TokenBalances).toEqual([expect.objectContaining({ address: nft.address, tokenId: '42', ercType: 'ERC-721', metadata: expect.objectContaining({ indexStatus: 'UNINDEXED' }) })]);
			const erc1155 = await sdk.data.evm.address.balances.listErc1155({ chainId: '43113', address: holder, blockNumber: undefined }, at);
			expect(erc1155.result.erc1155TokenBalances).toEqual([expect.objectContaining({ address: nft.address, tokenId: '5', balance: '12', ercType: 'ERC-1155' })]);
		});
	});
});
