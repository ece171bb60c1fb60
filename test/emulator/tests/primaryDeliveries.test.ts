/* eslint-disable @typescript-eslint/no-explicit-any */
// Tests read JSON answers field by field; typing every response shape here would add nothing.
import { P_CHAIN_ID } from '../primary/vocabulary';
import { waitFor } from '../../harness/wait';
import { startEmulator, type RunningEmulator } from '../index';
import { nodeId, pChainAddress, subnetId } from '../primary/ids';
import { call, pChainWebhookBody, signatureIsValid, startReceiver, UUID, validatorWebhookBody, type Receiver } from './harness';

const AVAX = (amount: number) => String(BigInt(Math.round(amount * 10)) * BigInt(100_000_000));
const PRIMARY = P_CHAIN_ID;

describe('primary-network deliveries', () => {
	let emulator: RunningEmulator;
	let receiver: Receiver;
	const key = 'pn-deliveries';

	const create = async (body: Record<string, unknown>) => {
		const answer = await call(emulator.url, 'POST', '/v1/webhooks', { key, body });
		expect(answer.status).toBe(201);
		return answer.body.id as string;
	};
	const pChainWebhook = (keys: string[], subEvents: string[], filter?: Record<string, string>) =>
		create(pChainWebhookBody(receiver.url, {}, { keys, subEvents: { addressActivitySubEvents: subEvents }, balanceThresholdFilter: filter }));
	const validatorWebhook = (metadata: Record<string, unknown>) => create(validatorWebhookBody(receiver.url, {}, metadata));
	const pChainTx = async (body: Record<string, unknown>) => {
		const answer = await call(emulator.url, 'POST', '/_emulator/p-chain/transactions', { body: { network: 'fuji', ...body } });
		expect(answer.status).toBe(201);
		return answer.body;
	};
	const validator = async (body: Record<string, unknown>) => {
		const answer = await call(emulator.url, 'POST', '/_emulator/validators/activity', { body: { network: 'fuji', ...body } });
		expect(answer.status).toBe(201);
		return answer.body;
	};
	const received = (webhookId: string, count: number) =>
		waitFor(`${count} deliveries`, () => {
			const found = receiver.received.filter((delivery) => delivery.json.webhookId === webhookId);
			return found.length >= count && found;
		}, 15_000);
	/** The events delivered to a webhook once `count` have arrived, in the order the emulator sent them. */
	const sentEvents = async (webhookId: string, count: number) => {
		await received(webhookId, count);
		const attempts = (await call(emulator.url, 'GET', '/_emulator/deliveries', { query: { webhookId } })).body.deliveries as any[];
		return attempts.filter((attempt) => attempt.attempt === 1).map((attempt) => attempt.body.event);
	};
	const secret = async () => (await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key })).body.secret as string;

	beforeAll(async () => {
		receiver = await startReceiver();
		emulator = await startEmulator({ apiKeys: [{ key, plan: 'paid' }] });
	});
	afterAll(async () => {
		await emulator.close();
		await receiver.close();
	});

	it('delivers one signed balance_change with the combined balance of the watched addresses of the transaction', async () => {
		const [a, b, other] = ['change-a', 'change-b', 'change-other'].map((seed) => pChainAddress('fuji', seed));
		const webhookId = await pChainWebhook([a, b], ['balance_change']);
		const tx = await pChainTx({
			balanceChanges: [
				{ address: a, balanceType: 'unlockedUnstaked', change: AVAX(30) },
				{ address: b, balanceType: 'unlockedUnstaked', change: AVAX(5) },
				{ address: other, balanceType: 'unlockedUnstaked', change: AVAX(1) },
			],
		});
		expect(tx).toEqual({
			txHash: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{49,50}$/),
			blockNumber: expect.stringMatching(/^\d+$/),
			blockTimestamp: expect.any(Number),
			deliveries: 1,
			balances: { [a]: { unlockedUnstaked: AVAX(30) }, [b]: { unlockedUnstaked: AVAX(5) }, [other]: { unlockedUnstaked: AVAX(1) } },
		});
		const [delivery] = await received(webhookId, 1);
		expect(signatureIsValid(delivery.rawBody, delivery.headers['x-signature'], await secret())).toBe(true);
		expect(delivery.json).toEqual({
			webhookId,
			eventType: 'platform_address_activity',
			messageId: expect.stringMatching(UUID),
			event: {
				eventType: 'balance_change',
				network: 'fuji',
				chainId: P_CHAIN_ID,
				addresses: [a, b],
				txHash: tx.txHash,
				txType: 'BaseTx',
				blockNumber: tx.blockNumber,
				blockTimestamp: tx.blockTimestamp,
				balanceType: 'unlockedUnstaked',
				balance: AVAX(35),
				balanceChange: AVAX(35),
			},
		});
	});

	it('delivers one balance_change per balance type the transaction changes (staking moves unlocked to staked)', async () => {
		const staker = pChainAddress('fuji', 'per-type');
		await pChainTx({ balanceChanges: [{ address: staker, balanceType: 'unlockedUnstaked', change: AVAX(100) }] });
		const webhookId = await pChainWebhook([staker], ['balance_change']);
		const tx = await pChainTx({
			txType: 'AddPermissionlessDelegatorTx',
			balanceChanges: [
				{ address: staker, balanceType: 'unlockedUnstaked', change: `-${AVAX(25)}` },
				{ address: staker, balanceType: 'lockedStaked', change: AVAX(25) },
			],
		});
		expect(tx.deliveries).toBe(2);
		expect((await sentEvents(webhookId, 2)).map(({ balanceType, balance, balanceChange, txType }: any) => ({ balanceType, balance, balanceChange, txType }))).toEqual([
			{ balanceType: 'unlockedUnstaked', balance: AVAX(75), balanceChange: `-${AVAX(25)}`, txType: 'AddPermissionlessDelegatorTx' },
			{ balanceType: 'lockedStaked', balance: AVAX(25), balanceChange: AVAX(25), txType: 'AddPermissionlessDelegatorTx' },
		]);
	});

	it('delivers balance_threshold once per crossing of the filter threshold, above and below', async () => {
		const treasury = pChainAddress('fuji', 'threshold');
		const webhookId = await pChainWebhook([treasury], ['balance_threshold'], { balanceType: 'unlockedUnstaked', balanceThreshold: AVAX(25) });
		const counts: number[] = [];
		for (const change of [AVAX(20), AVAX(10), `-${AVAX(1)}`, `-${AVAX(10)}`, `-${AVAX(1)}`]) {
			counts.push((await pChainTx({ balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change }] })).deliveries);
		}
		expect(counts).toEqual([0, 1, 0, 1, 0]);
		expect((await sentEvents(webhookId, 2)).map(({ eventType, crossed, balance, balanceChange, balanceThreshold, balanceType }: any) => ({ eventType, crossed, balance, balanceChange, balanceThreshold, balanceType }))).toEqual([
			{ eventType: 'balance_threshold', crossed: 'above', balance: AVAX(30), balanceChange: AVAX(10), balanceThreshold: AVAX(25), balanceType: 'unlockedUnstaked' },
			{ eventType: 'balance_threshold', crossed: 'below', balance: AVAX(19), balanceChange: `-${AVAX(10)}`, balanceThreshold: AVAX(25), balanceType: 'unlockedUnstaked' },
		]);
	});

	it('compares the threshold with the combined balance of the watched addresses in the transaction', async () => {
		const [a, b] = ['combined-a', 'combined-b'].map((seed) => pChainAddress('fuji', seed));
		const webhookId = await pChainWebhook([a, b], ['balance_threshold'], { balanceType: 'lockedStaked', balanceThreshold: AVAX(25) });
		const tx = await pChainTx({
			balanceChanges: [
				{ address: a, balanceType: 'lockedStaked', change: AVAX(15) },
				{ address: b, balanceType: 'lockedStaked', change: AVAX(15) },
			],
		});
		expect(tx.deliveries).toBe(1);
		const [delivery] = await received(webhookId, 1);
		expect(delivery.json.event).toMatchObject({ addresses: [a, b], balance: AVAX(30), crossed: 'above', balanceType: 'lockedStaked' });
	});

	it('delivers reward_distribution with the reward, and pays it into the unlockedUnstaked balance', async () => {
		const staker = pChainAddress('fuji', 'reward');
		const node = nodeId('reward-node');
		const webhookId = await pChainWebhook([staker], ['reward_distribution']);
		const tx = await pChainTx({ reward: { address: staker, amount: AVAX(1.5), rewardType: 'delegator', nodeId: node } });
		expect(tx.balances).toEqual({ [staker]: { unlockedUnstaked: AVAX(1.5) } });
		const [delivery] = await received(webhookId, 1);
		expect(delivery.json).toMatchObject({ eventType: 'platform_address_activity' });
		expect(delivery.json.event).toEqual({
			eventType: 'reward_distribution',
			network: 'fuji',
			chainId: P_CHAIN_ID,
			addresses: [staker],
			txHash: tx.txHash,
			txType: 'RewardValidatorTx',
			blockNumber: tx.blockNumber,
			blockTimestamp: tx.blockTimestamp,
			rewardAmount: AVAX(1.5),
			rewardType: 'delegator',
			nodeId: node,
		});
	});

	const refusedPChain: [string, Record<string, unknown>, string][] = [
		['a change below a balance of 0', { balanceChanges: [{ address: pChainAddress('fuji', 'poor'), balanceType: 'locked', change: '-1' }] }, `balanceChanges.0.change would make the locked balance of ${pChainAddress('fuji', 'poor')} negative (it is 0 nAVAX)`],
		['an address of the other network', { balanceChanges: [{ address: pChainAddress('mainnet', 1), balanceType: 'locked', change: '1' }] }, 'balanceChanges.0.address'],
		['an unknown balance type', { balanceChanges: [{ address: pChainAddress('fuji', 1), balanceType: 'free', change: '1' }] }, 'balanceChanges.0.balanceType must be one of the following values'],
		['nothing to do', {}, 'give balanceChanges, reward or both'],
	];
	it.each(refusedPChain)('refuses P-Chain activity with %s (400 naming the field)', async (_label, body, message) => {
		const answer = await call(emulator.url, 'POST', '/_emulator/p-chain/transactions', { body: { network: 'fuji', ...body } });
		expect(answer.status).toBe(400);
		expect(answer.body.message.join(' | ')).toContain(message);
	});

	it('delivers validator_stake to a nodeId webhook with amount, period and transaction, signed', async () => {
		const node = nodeId('stake-node');
		const webhookId = await validatorWebhook({ keys: [node], subEvents: { validatorActivitySubEvents: ['validator_stake', 'delegator_stake'] }, l1ValidatorFeeBalanceThreshold: undefined });
		const answer = await validator({ activity: 'validator_stake', nodeId: node, amount: AVAX(2000), startTime: 1_700_000_000, endTime: 1_701_209_600 });
		expect(answer).toEqual({ txHash: expect.any(String), blockTimestamp: expect.any(Number), deliveries: 1 });
		const [delivery] = await received(webhookId, 1);
		expect(signatureIsValid(delivery.rawBody, delivery.headers['x-signature'], await secret())).toBe(true);
		expect(delivery.json).toEqual({
			webhookId,
			eventType: 'validator_activity',
			messageId: expect.stringMatching(UUID),
			event: {
				eventType: 'validator_stake',
				network: 'fuji',
				nodeId: node,
				subnetId: PRIMARY,
				txHash: answer.txHash,
				blockTimestamp: answer.blockTimestamp,
				amount: AVAX(2000),
				startTime: 1_700_000_000,
				endTime: 1_701_209_600,
			},
		});
	});

	it('matches a subnetId webhook by its key and its nodeIds filter, and only for its sub-events', async () => {
		const l1 = subnetId('filtered-l1');
		const [wanted, other] = [nodeId('filtered-a'), nodeId('filtered-b')];
		const webhookId = await validatorWebhook({ keyType: 'subnetId', keys: [l1], nodeIds: [wanted], subEvents: { validatorActivitySubEvents: ['reward_distribution'] }, l1ValidatorFeeBalanceThreshold: undefined });
		const counts = [
			(await validator({ activity: 'reward_distribution', nodeId: other, subnetId: l1, amount: '5' })).deliveries,
			(await validator({ activity: 'reward_distribution', nodeId: wanted, subnetId: PRIMARY, amount: '5' })).deliveries,
			(await validator({ activity: 'delegator_stake', nodeId: wanted, subnetId: l1, amount: '5' })).deliveries,
			(await validator({ activity: 'reward_distribution', nodeId: wanted, subnetId: l1, amount: '7', rewardType: 'delegator' })).deliveries,
		];
		expect(counts).toEqual([0, 0, 0, 1]);
		const [delivery] = await received(webhookId, 1);
		expect(delivery.json.event).toMatchObject({ eventType: 'reward_distribution', nodeId: wanted, subnetId: l1, amount: '7', rewardType: 'delegator', validationId: expect.any(String) });
	});

	it('follows an L1 validator fee balance: increases, one threshold alert per crossing, disabled at 0, removed', async () => {
		const l1 = subnetId('fee-l1');
		const node = nodeId('fee-node');
		const subEvents = ['l1_validator_balance_increased', 'l1_validator_balance_threshold', 'l1_validator_disabled', 'l1_validator_removed'];
		const webhookId = await validatorWebhook({ keys: [node], subEvents: { validatorActivitySubEvents: subEvents }, l1ValidatorFeeBalanceThreshold: AVAX(1) });
		const steps = [AVAX(3), `-${AVAX(1.5)}`, `-${AVAX(0.5)}`, `-${AVAX(0.5)}`, AVAX(2), `-${AVAX(1.6)}`, `-${AVAX(0.9)}`];
		const counts: number[] = [];
		for (const change of steps) counts.push((await validator({ activity: 'l1_validator_fee_balance', nodeId: node, subnetId: l1, change })).deliveries);
		counts.push((await validator({ activity: 'l1_validator_removed', nodeId: node, subnetId: l1 })).deliveries);
		expect(counts).toEqual([1, 0, 1, 0, 1, 1, 1, 1]);
		const events = await sentEvents(webhookId, 6);
		expect(events.map(({ eventType, feeBalance, feeBalanceThreshold, amount }: any) => ({ eventType, feeBalance, feeBalanceThreshold, amount }))).toEqual([
			{ eventType: 'l1_validator_balance_increased', feeBalance: AVAX(3), feeBalanceThreshold: undefined, amount: AVAX(3) },
			{ eventType: 'l1_validator_balance_threshold', feeBalance: AVAX(1), feeBalanceThreshold: AVAX(1), amount: undefined },
			{ eventType: 'l1_validator_balance_increased', feeBalance: AVAX(2.5), feeBalanceThreshold: undefined, amount: AVAX(2) },
			{ eventType: 'l1_validator_balance_threshold', feeBalance: AVAX(0.9), feeBalanceThreshold: AVAX(1), amount: undefined },
			{ eventType: 'l1_validator_disabled', feeBalance: '0', feeBalanceThreshold: undefined, amount: undefined },
			{ eventType: 'l1_validator_removed', feeBalance: '0', feeBalanceThreshold: undefined, amount: undefined },
		]);
		expect(events.map((event: any) => 'txHash' in event)).toEqual([true, false, true, false, false, true]);
		expect(new Set(events.map((event: any) => event.validationId)).size).toBe(1);
	});

	const refusedValidator: [string, Record<string, unknown>, string][] = [
		['a stake without amount', { activity: 'validator_stake', nodeId: nodeId(1) }, 'amount is required for validator_stake'],
		['an L1 fee change on the primary network', { activity: 'l1_validator_fee_balance', nodeId: nodeId(1), change: '5' }, 'subnetId is required for l1_validator_fee_balance'],
		['a fee balance below 0', { activity: 'l1_validator_fee_balance', nodeId: nodeId(1), subnetId: subnetId(1), change: '-5' }, 'change would make the fee balance'],
		['a node ID of the wrong form', { activity: 'validator_stake', nodeId: 'NodeID-x', amount: '1' }, "nodeId 'NodeID-x' is not a node ID"],
	];
	it.each(refusedValidator)('refuses validator activity with %s (400 naming the field)', async (_label, body, message) => {
		const answer = await call(emulator.url, 'POST', '/_emulator/validators/activity', { body: { network: 'fuji', ...body } });
		expect(answer.status).toBe(400);
		expect(answer.body.message.join(' | ')).toContain(message);
	});
});

describe('primary-network deliveries: retries and automatic deactivation', () => {
	it('retries a failed P-Chain delivery with the same messageId and deactivates a free-plan webhook when more than 5 messages enter the retry queue', async () => {
		const receiver = await startReceiver(() => ({ status: 500 }));
		const emulator = await startEmulator({ timeScale: 1000, apiKeys: [{ key: 'free' }] });
		try {
			const address = pChainAddress('fuji', 'failing');
			const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: 'free', body: pChainWebhookBody(receiver.url, {}, { keys: [address], subEvents: { addressActivitySubEvents: ['balance_change'] }, balanceThresholdFilter: undefined }) });
			const webhookId = created.body.id as string;
			const inject = () => call(emulator.url, 'POST', '/_emulator/p-chain/transactions', { body: { network: 'fuji', balanceChanges: [{ address, balanceType: 'unlocked', change: '1' }] } });
			// The first message's retry is awaited before the other five are made: made all at once,
			// the sixth can enter the retry queue (and the webhook go inactive) before the first is
			// tried again, on a busy machine.
			await inject();
			const retried = await waitFor('the first message tried again', async () => {
				const attempts = (await call(emulator.url, 'GET', '/_emulator/deliveries', { query: { webhookId } })).body.deliveries as any[];
				return attempts.length >= 2 && attempts;
			}, 15_000);
			expect(new Set(retried.map((attempt: any) => attempt.messageId)).size).toBe(1);
			for (let i = 0; i < 5; i++) await inject();
			const listed = await waitFor('deactivation', async () => {
				const { webhooks } = (await call(emulator.url, 'GET', '/_emulator/webhooks')).body;
				const found = webhooks.find((webhook: any) => webhook.id === webhookId);
				return found.status === 'inactive' && found;
			}, 15_000);
			expect(listed.deactivationReason).toContain('retry queue');
			const attempts = (await call(emulator.url, 'GET', '/_emulator/deliveries', { query: { webhookId } })).body.deliveries as any[];
			expect(new Set(attempts.map((attempt) => attempt.messageId)).size).toBe(6);
			expect(new Set(attempts.map((attempt) => attempt.body.eventType))).toEqual(new Set(['platform_address_activity']));
		} finally {
			await emulator.close();
			await receiver.close();
		}
	});
});
