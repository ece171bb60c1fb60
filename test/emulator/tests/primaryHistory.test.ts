/* eslint-disable @typescript-eslint/no-explicit-any */
// Tests read JSON answers field by field; typing every response shape here would add nothing.
// The primary network's history routes against the deliveries of the same activity: what a
// webhook was sent is what the history shows, at the same time.
import { randomUUID } from 'node:crypto';

import { waitFor } from '../../harness/wait';
import { startEmulator, type RunningEmulator } from '../index';
import { nodeId, pChainAddress, subnetId } from '../primary/ids';
import { P_CHAIN_ID } from '../primary/vocabulary';
import { call, pChainWebhookBody, startReceiver, validatorWebhookBody, type Receiver } from './harness';

const AVAX = (amount: number) => String(BigInt(Math.round(amount * 10)) * BigInt(100_000_000));
const P_CHAIN_TYPES = ['unlockedUnstaked', 'unlockedStaked', 'lockedPlatform', 'lockedStakeable', 'lockedStaked', 'pendingStaked', 'atomicMemoryUnlocked', 'atomicMemoryLocked'];

/**
 * The balance type of a UTXO, by the rule SERVICE.md gives ("Primary-network history"), written
 * here from that text: the history routes must let a client read each change back.
 */
function balanceTypeOf(utxo: any, txTimestamp: number): string {
	const after = (field: string) => (utxo[field] ?? 0) > txTimestamp;
	if (utxo.createdOnChainId !== P_CHAIN_ID) return after('platformLocktime') ? 'atomicMemoryLocked' : 'atomicMemoryUnlocked';
	if (utxo.staked) return after('stakeableLocktime') ? 'lockedStaked' : after('utxoStartTimestamp') ? 'pendingStaked' : 'unlockedStaked';
	return after('stakeableLocktime') ? 'lockedStakeable' : after('platformLocktime') ? 'lockedPlatform' : 'unlockedUnstaked';
}

/** What a P-Chain transaction changed, per address ("P-fuji1...") and balance type, read from its UTXOs. */
function changesOf(tx: any): Map<string, bigint> {
	const changes = new Map<string, bigint>();
	const add = (utxo: any, sign: bigint) => {
		for (const address of utxo.addresses) {
			const key = `P-${address}|${balanceTypeOf(utxo, tx.blockTimestamp)}`;
			changes.set(key, (changes.get(key) ?? 0n) + sign * BigInt(utxo.amount));
		}
	};
	for (const utxo of tx.emittedUtxos) add(utxo, 1n);
	for (const utxo of tx.consumedUtxos) add(utxo, -1n);
	return changes;
}

describe('primary-network history routes', () => {
	let emulator: RunningEmulator;
	let receiver: Receiver;
	const key = 'pn-history';
	const base = '/v1/networks/fuji/blockchains/p-chain';

	const get = (path: string, query: Record<string, string | number | undefined> = {}, as = key) => call(emulator.url, 'GET', path, { key: as, query });
	const create = async (body: Record<string, unknown>) => {
		const answer = await call(emulator.url, 'POST', '/v1/webhooks', { key, body });
		expect(answer.status).toBe(201);
		return answer.body.id as string;
	};
	/** One P-Chain transaction, one second after the previous one on the emulator clock, so each has its own blockTimestamp. */
	const pChainTx = async (body: Record<string, unknown>, network = 'fuji') => {
		await call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: 1_000 } });
		const answer = await call(emulator.url, 'POST', '/_emulator/p-chain/transactions', { body: { network, ...body } });
		expect(answer.status).toBe(201);
		return answer.body;
	};
	const validator = async (body: Record<string, unknown>) => {
		await call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: 1_000 } });
		const answer = await call(emulator.url, 'POST', '/_emulator/validators/activity', { body: { network: 'fuji', ...body } });
		expect(answer.status).toBe(201);
		return answer.body;
	};
	/** The events sent to a webhook once `count` have arrived, in the order sent. */
	const sentEvents = async (webhookId: string, count: number) => {
		await waitFor(`${count} deliveries`, () => receiver.received.filter((delivery) => delivery.json.webhookId === webhookId).length >= count, 15_000);
		const attempts = (await call(emulator.url, 'GET', '/_emulator/deliveries', { query: { webhookId } })).body.deliveries as any[];
		return attempts.filter((attempt) => attempt.attempt === 1).map((attempt) => attempt.body.event);
	};
	const balancesAt = async (addresses: string[], blockTimestamp: number) => {
		const answer = await get(`${base}/balances`, { addresses: addresses.join(','), blockTimestamp });
		expect(answer.status).toBe(200);
		return answer.body.balances as Record<string, Array<{ amount: string }>>;
	};
	const amountOf = (entries: Array<{ amount: string }> | undefined) => (entries ?? []).reduce((sum, entry) => sum + BigInt(entry.amount), 0n);

	beforeAll(async () => {
		receiver = await startReceiver();
		emulator = await startEmulator({ apiKeys: [{ key, plan: 'paid' }, { key: 'writer-only', account: 'other', privileges: ['webhooks'] }] });
	});
	afterAll(async () => {
		await emulator.close();
		await receiver.close();
	});

	describe('agree with the deliveries of the same activity', () => {
		const [a, b, stranger] = ['agree-a', 'agree-b', 'agree-stranger'].map((seed) => pChainAddress('fuji', seed));
		const node = nodeId('agree-node');
		let webhookId: string;
		let events: any[];
		const txs: any[] = [];

		beforeAll(async () => {
			webhookId = await create(
				pChainWebhookBody(receiver.url, {}, {
					keys: [a, b],
					subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold', 'reward_distribution'] },
					balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: AVAX(25) },
				}),
			);
			const change = (address: string, balanceType: string, amount: string) => ({ address, balanceType, change: amount });
			const bodies = [
				{ balanceChanges: [change(a, 'unlockedUnstaked', AVAX(30))] },
				{ balanceChanges: [change(b, 'unlockedUnstaked', AVAX(5)), change(stranger, 'unlockedUnstaked', AVAX(1))] },
				{ txType: 'AddPermissionlessDelegatorTx', balanceChanges: [change(a, 'unlockedUnstaked', `-${AVAX(25)}`), change(a, 'lockedStaked', AVAX(25))] },
				{ reward: { address: a, amount: AVAX(1.5), rewardType: 'delegator', nodeId: node } },
				{
					txType: 'ImportTx',
					balanceChanges: [
						change(a, 'pendingStaked', AVAX(2)),
						change(a, 'lockedPlatform', AVAX(3)),
						change(a, 'atomicMemoryUnlocked', AVAX(4)),
						change(b, 'lockedStakeable', AVAX(6)),
						change(b, 'atomicMemoryLocked', AVAX(7)),
						change(a, 'unlockedStaked', AVAX(8)),
					],
				},
				{ txType: 'ImportTx', balanceChanges: [change(a, 'atomicMemoryUnlocked', `-${AVAX(4)}`), change(a, 'unlockedUnstaked', AVAX(4))] },
				{ balanceChanges: [change(a, 'unlockedUnstaked', `-${AVAX(10.5)}`), change(b, 'unlockedUnstaked', AVAX(10.5))] },
			];
			let count = 0;
			for (const body of bodies) {
				const tx = await pChainTx(body);
				txs.push(tx);
				count += tx.deliveries;
			}
			events = await sentEvents(webhookId, count);
		});

		it('sent every kind of event (the agreement below is checked on each)', () => {
			expect(new Set(events.map((event) => event.eventType))).toEqual(new Set(['balance_change', 'balance_threshold', 'reward_distribution']));
			expect(events.filter((event) => event.eventType === 'balance_change').map((event) => event.balanceType).sort()).toEqual(
				expect.arrayContaining(P_CHAIN_TYPES),
			);
		});

		it('each delivered event is a transaction of its addresses at its time, and its balance change is what the UTXOs say', async () => {
			for (const event of events) {
				const answer = await get(`${base}/transactions`, { addresses: event.addresses.join(','), startTimestamp: event.blockTimestamp, endTimestamp: event.blockTimestamp });
				expect(answer.status).toBe(200);
				const [tx, ...others] = answer.body.transactions;
				expect(others).toEqual([]);
				expect(tx).toMatchObject({ txHash: event.txHash, txType: event.txType, blockNumber: event.blockNumber, blockTimestamp: event.blockTimestamp });
				const changes = changesOf(tx);
				if (event.eventType === 'balance_change') {
					const sum = event.addresses.reduce((total: bigint, address: string) => total + (changes.get(`${address}|${event.balanceType}`) ?? 0n), 0n);
					expect({ txHash: event.txHash, balanceType: event.balanceType, change: sum.toString() }).toEqual({
						txHash: event.txHash,
						balanceType: event.balanceType,
						change: event.balanceChange,
					});
				}
				if (event.eventType === 'reward_distribution') {
					const rewardAddress = event.addresses[0].slice(2);
					expect(tx.nodeId).toBe(event.nodeId);
					expect(tx.rewardAddresses).toEqual([rewardAddress]);
					expect(tx.emittedUtxos).toContainEqual(
						expect.objectContaining({ addresses: [rewardAddress], amount: event.rewardAmount, rewardType: event.rewardType.toUpperCase() }),
					);
				}
			}
		});

		it('the balances at an event\'s time are the balance it reported, and one second earlier the balance before it', async () => {
			for (const event of events.filter((candidate) => candidate.eventType !== 'reward_distribution')) {
				const [now, before] = [await balancesAt(event.addresses, event.blockTimestamp), await balancesAt(event.addresses, event.blockTimestamp - 1)];
				expect({ event: event.eventType, type: event.balanceType, now: amountOf(now[event.balanceType]).toString() }).toEqual({
					event: event.eventType,
					type: event.balanceType,
					now: event.balance,
				});
				expect(amountOf(before[event.balanceType])).toBe(BigInt(event.balance) - BigInt(event.balanceChange));
			}
		});

		it('the history of the watched addresses holds those transactions and no other', async () => {
			const listed: string[] = [];
			let pageToken: string | undefined;
			do {
				const answer = await get(`${base}/transactions`, { addresses: `${a},${b}`, sortOrder: 'asc', pageSize: 2, pageToken });
				expect(answer.status).toBe(200);
				expect(answer.body.chainInfo).toEqual({ chainName: 'p-chain', network: 'fuji' });
				listed.push(...answer.body.transactions.map((tx: any) => tx.txHash));
				pageToken = answer.body.nextPageToken;
			} while (pageToken);
			expect(listed).toEqual(txs.map((tx) => tx.txHash));
			expect(new Set(events.map((event) => event.txHash))).toEqual(new Set(listed));
		});

		it('answers balances by type, the addresses combined, in the SDK\'s asset shape', async () => {
			const now = await balancesAt([a, `${b.slice(2)}`], txs[txs.length - 1].blockTimestamp + 60);
			expect(Object.keys(now).sort()).toEqual([...P_CHAIN_TYPES].sort());
			expect(now.unlockedUnstaked).toEqual([
				{ assetId: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK', name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'secp256k1', amount: AVAX(30 + 5 - 25 + 1.5 + 4), utxoCount: 1 },
			]);
			expect(now.atomicMemoryLocked).toEqual([expect.objectContaining({ amount: AVAX(7), sharedWithChainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp' })]);
			expect(now.atomicMemoryUnlocked).toEqual([]);
			const earliest = await balancesAt([a, b], txs[0].blockTimestamp - 1);
			expect(Object.values(earliest).every((entries) => entries.length === 0)).toBe(true);
		});
	});

	describe('transactions: filters, order and pages', () => {
		const [owner, other] = ['pages-owner', 'pages-other'].map((seed) => pChainAddress('fuji', seed));
		const txs: any[] = [];

		beforeAll(async () => {
			for (let i = 1; i <= 5; i++) {
				txs.push(await pChainTx({ txType: i % 2 ? 'BaseTx' : 'ImportTx', balanceChanges: [{ address: i === 3 ? other : owner, balanceType: 'unlockedUnstaked', change: String(i) }] }));
			}
		});
		const hashes = async (query: Record<string, string | number | undefined>) => {
			const answer = await get(`${base}/transactions`, { addresses: owner, ...query });
			expect(answer.status).toBe(200);
			return answer.body.transactions.map((tx: any) => tx.txHash);
		};
		const mine = () => txs.filter((_tx, index) => index !== 2).map((tx) => tx.txHash);

		it('lists newest first by default, oldest first with sortOrder=asc', async () => {
			expect(await hashes({})).toEqual(mine().reverse());
			expect(await hashes({ sortOrder: 'asc' })).toEqual(mine());
		});

		it('takes addresses with or without P-, any letter case, and several at once', async () => {
			expect(await hashes({ addresses: owner.slice(2).toUpperCase(), sortOrder: 'asc' })).toEqual(mine());
			expect(await hashes({ addresses: `${owner}, ${other}`, sortOrder: 'asc' })).toEqual(txs.map((tx) => tx.txHash));
		});

		it('filters by time window (both ends inclusive) and by txTypes, repeated or comma separated', async () => {
			const [, second, , fourth] = txs;
			expect(await hashes({ startTimestamp: second.blockTimestamp, endTimestamp: fourth.blockTimestamp, sortOrder: 'asc' })).toEqual([second.txHash, fourth.txHash]);
			expect(await hashes({ txTypes: 'ImportTx', sortOrder: 'asc' })).toEqual([second.txHash, fourth.txHash]);
			const url = `${base}/transactions?addresses=${owner}&txTypes=ImportTx&txTypes=BaseTx`;
			expect((await call(emulator.url, 'GET', url, { key })).body.transactions).toHaveLength(4);
			expect(await hashes({ txTypes: 'ImportTx,RewardValidatorTx', sortOrder: 'asc' })).toEqual([second.txHash, fourth.txHash]);
		});

		it('walks page by page with tokens, and a walk continues over a transaction that arrives meanwhile', async () => {
			const first = await get(`${base}/transactions`, { addresses: owner, sortOrder: 'asc', pageSize: 3 });
			expect(first.body.transactions).toHaveLength(3);
			const late = await pChainTx({ balanceChanges: [{ address: owner, balanceType: 'unlockedUnstaked', change: '6' }] });
			const second = await get(`${base}/transactions`, { addresses: owner, sortOrder: 'asc', pageSize: 3, pageToken: first.body.nextPageToken });
			expect([...first.body.transactions, ...second.body.transactions].map((tx: any) => tx.txHash)).toEqual([...mine(), late.txHash]);
			expect(second.body.nextPageToken).toBeUndefined();
			const foreign = await get(`${base}/transactions`, { addresses: other, sortOrder: 'asc', pageSize: 3, pageToken: first.body.nextPageToken });
			expect(foreign.status).toBe(400);
			expect(foreign.body.message[0]).toContain('belongs to a different query');
		});

		it('lists every transaction of the network without addresses, and nothing for the X-Chain and C-Chain', async () => {
			const all = await get(`${base}/transactions`, { pageSize: 100 });
			expect(all.body.transactions.map((tx: any) => tx.txHash)).toEqual(expect.arrayContaining(txs.map((tx) => tx.txHash)));
			for (const chain of ['x-chain', '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm', 'c-chain']) {
				const answer = await get(`/v1/networks/fuji/blockchains/${chain}/transactions`, {});
				expect(answer.status).toBe(200);
				expect(answer.body.transactions).toEqual([]);
			}
			const mainnet = await get(`/v1/networks/mainnet/blockchains/${P_CHAIN_ID}/transactions`, { addresses: pChainAddress('mainnet', 'pages') });
			expect(mainnet.body).toEqual({ transactions: [], chainInfo: { chainName: 'p-chain', network: 'mainnet' } });
		});
	});

	describe('validator activity in the history', () => {
		it('a stake, a reward, an L1 fee increase and a removal are transactions; fee payments and disabling are not', async () => {
			const node = nodeId('history-node');
			const l1 = subnetId('history-l1');
			const stake = await validator({ activity: 'validator_stake', nodeId: node, amount: AVAX(2000) });
			const reward = await validator({ activity: 'reward_distribution', nodeId: node, amount: AVAX(3) });
			const increase = await validator({ activity: 'l1_validator_fee_balance', nodeId: node, subnetId: l1, change: AVAX(5) });
			const payment = await validator({ activity: 'l1_validator_fee_balance', nodeId: node, subnetId: l1, change: `-${AVAX(1)}` });
			const removed = await validator({ activity: 'l1_validator_removed', nodeId: node, subnetId: l1 });
			expect(payment.txHash).toBeUndefined();
			const listed = (await get(`${base}/transactions`, { startTimestamp: stake.blockTimestamp, sortOrder: 'asc' })).body.transactions;
			expect(listed.map((tx: any) => [tx.txHash, tx.txType])).toEqual([
				[stake.txHash, 'AddPermissionlessValidatorTx'],
				[reward.txHash, 'RewardValidatorTx'],
				[increase.txHash, 'IncreaseL1ValidatorBalanceTx'],
				[removed.txHash, 'SetL1ValidatorWeightTx'],
			]);
			expect(listed[0]).toMatchObject({ nodeId: node, subnetId: P_CHAIN_ID, startTimestamp: stake.blockTimestamp, amountStaked: [expect.objectContaining({ amount: AVAX(2000) })] });
			const ofValidation = (await get(`${base}/transactions`, { l1ValidationId: increase.validationId, sortOrder: 'asc' })).body.transactions;
			expect(ofValidation.map((tx: any) => tx.l1ValidatorDetails[0])).toEqual([
				expect.objectContaining({ validationId: increase.validationId, nodeId: node, subnetId: l1, weight: 100, remainingBalance: Number(AVAX(5)), balanceChange: Number(AVAX(5)) }),
				expect.objectContaining({ validationId: increase.validationId, weight: 0, remainingBalance: 0, balanceChange: -Number(AVAX(4)) }),
			]);
		});

		it('a validator delivery and the history agree on the transaction', async () => {
			const node = nodeId('agree-validator');
			const webhookId = await create(validatorWebhookBody(receiver.url, {}, { keys: [node], subEvents: { validatorActivitySubEvents: ['delegator_stake'] }, l1ValidatorFeeBalanceThreshold: undefined }));
			const delegation = await validator({ activity: 'delegator_stake', nodeId: node, amount: AVAX(25) });
			const [event] = await sentEvents(webhookId, 1);
			const listed = (await get(`${base}/transactions`, { startTimestamp: event.blockTimestamp, endTimestamp: event.blockTimestamp, txTypes: 'AddPermissionlessDelegatorTx' })).body.transactions;
			expect(listed).toEqual([expect.objectContaining({ txHash: delegation.txHash, nodeId: node, startTimestamp: event.startTime, endTimestamp: event.endTime })]);
		});
	});

	it('changes of the two aggregate types (unlocked, locked) are transactions without outputs, and in no balance answer', async () => {
		const holder = pChainAddress('fuji', 'aggregate');
		const tx = await pChainTx({ balanceChanges: [{ address: holder, balanceType: 'unlocked', change: '5' }] });
		const [listed] = (await get(`${base}/transactions`, { addresses: holder })).body.transactions;
		expect(listed).toMatchObject({ txHash: tx.txHash, emittedUtxos: [], consumedUtxos: [] });
		const balances = await balancesAt([holder], tx.blockTimestamp);
		expect(Object.values(balances).every((entries) => entries.length === 0)).toBe(true);
	});

	it('answers the X-Chain and C-Chain balances in their shapes, empty', async () => {
		const address = pChainAddress('fuji', 'x').slice(2);
		const x = await get('/v1/networks/fuji/blockchains/x-chain/balances', { addresses: `X-${address}` });
		expect(x.body).toEqual({ balances: { locked: [], unlocked: [], atomicMemoryUnlocked: [], atomicMemoryLocked: [] }, chainInfo: { chainName: 'x-chain', network: 'fuji' } });
		const c = await get('/v1/networks/fuji/blockchains/c-chain/balances', { addresses: address });
		expect(c.body).toEqual({ balances: { atomicMemoryUnlocked: [], atomicMemoryLocked: [] }, chainInfo: { chainName: 'c-chain', network: 'fuji' } });
	});

	const valid = pChainAddress('fuji', 'refusals');
	const refusals: [string, string, Record<string, string>, string][] = [
		['an unknown network', '/v1/networks/devnet/blockchains/p-chain/transactions', {}, "network must be one of the following values: mainnet, fuji (got 'devnet')"],
		['an unknown blockchain', '/v1/networks/fuji/blockchains/d-chain/transactions', {}, "blockchainId must be p-chain, x-chain, c-chain or the blockchain ID of one of them on fuji (got 'd-chain')"],
		['a mainnet chain ID on fuji', '/v1/networks/fuji/blockchains/2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5/balances', { addresses: valid }, 'blockchainId must be'],
		['a wrong checksum', `${'/v1/networks/fuji/blockchains/p-chain'}/transactions`, { addresses: `${valid.slice(0, -1)}${valid.endsWith('q') ? 'p' : 'q'}` }, 'is not a fuji p-chain address'],
		['an address of the other network', '/v1/networks/fuji/blockchains/p-chain/transactions', { addresses: pChainAddress('mainnet', 1) }, 'is not a fuji p-chain address'],
		['an X- address on the P-Chain', '/v1/networks/fuji/blockchains/p-chain/balances', { addresses: `X-${valid.slice(2)}` }, 'is not a fuji p-chain address'],
		['too many addresses', '/v1/networks/fuji/blockchains/p-chain/transactions', { addresses: Array.from({ length: 65 }, (_, i) => pChainAddress('fuji', i)).join(',') }, 'addresses must hold at most 64 addresses (got 65)'],
		['balances without addresses', '/v1/networks/fuji/blockchains/p-chain/balances', {}, 'addresses is required'],
		['a start after the end', '/v1/networks/fuji/blockchains/p-chain/transactions', { startTimestamp: '20', endTimestamp: '10' }, 'startTimestamp (20) must not be greater than endTimestamp (10)'],
		['a timestamp in milliseconds text', '/v1/networks/fuji/blockchains/p-chain/balances', { addresses: valid, blockTimestamp: '2025-01-01' }, "blockTimestamp must be a Unix timestamp in seconds, a non-negative integer (got '2025-01-01')"],
		['an unknown txType', '/v1/networks/fuji/blockchains/p-chain/transactions', { txTypes: 'BaseTx,Transfer' }, "each value in txTypes must be one of the following values"],
		['a bad sortOrder', '/v1/networks/fuji/blockchains/p-chain/transactions', { sortOrder: 'up' }, "sortOrder must be one of the following values: asc, desc (got 'up')"],
		['a page size over 100', '/v1/networks/fuji/blockchains/p-chain/transactions', { pageSize: '101' }, 'pageSize must not be greater than 100 (got 101)'],
		['an unknown page token', '/v1/networks/fuji/blockchains/p-chain/transactions', { pageToken: randomUUID() }, 'is unknown'],
	];
	it.each(refusals)('answers 400 with the service\'s error body for %s', async (_what, path, query, message) => {
		const answer = await get(path, query);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: [expect.stringContaining(message)], error: 'Bad Request', statusCode: 400 });
	});

	it('needs a key with the read privilege, counts against the rate limit, and answers faults like the other routes', async () => {
		expect((await call(emulator.url, 'GET', `${base}/transactions`)).status).toBe(401);
		expect((await get(`${base}/balances`, { addresses: valid }, 'writer-only')).status).toBe(403);
		const ok = await get(`${base}/balances`, { addresses: valid });
		expect(ok.headers['ratelimit-limit']).toBe('1000');
		await call(emulator.url, 'POST', '/_emulator/faults', { body: { method: 'GET', path: '/v1/networks/fuji/blockchains/p-chain/transactions', count: 1, status: 503 } });
		expect((await get(`${base}/transactions`)).status).toBe(503);
		expect((await get(`${base}/transactions`)).status).toBe(200);
	});
});
