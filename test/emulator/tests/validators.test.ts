/* eslint-disable @typescript-eslint/no-explicit-any */
// Tests read JSON answers field by field; typing every response shape here would add nothing.
// The validator routes, made from the validator activity the emulator delivers.
import { waitFor } from '../../harness/wait';
import { startEmulator, type RunningEmulator } from '../index';
import { nodeId, subnetId } from '../primary/ids';
import { P_CHAIN_ID } from '../primary/vocabulary';
import { call, startReceiver, validatorWebhookBody, type Receiver } from './harness';

const AVAX = (amount: number) => String(BigInt(Math.round(amount * 10)) * BigInt(100_000_000));
const DAY = 24 * 60 * 60;

describe('validator routes', () => {
	let emulator: RunningEmulator;
	let receiver: Receiver;
	const key = 'validators';

	const get = (path: string, query: Record<string, string | number | undefined> = {}) => call(emulator.url, 'GET', path, { key, query });
	const validator = async (body: Record<string, unknown>) => {
		const answer = await call(emulator.url, 'POST', '/_emulator/validators/activity', { body: { network: 'fuji', ...body } });
		expect(answer.status).toBe(201);
		return answer.body;
	};
	const now = async () => Math.floor((await call(emulator.url, 'GET', '/_emulator/clock')).body.now / 1000);
	const advance = (seconds: number) => call(emulator.url, 'POST', '/_emulator/clock', { body: { advanceMs: seconds * 1000 } });

	beforeAll(async () => {
		receiver = await startReceiver();
		emulator = await startEmulator({ apiKeys: [{ key }] });
	});
	afterAll(async () => {
		await emulator.close();
		await receiver.close();
	});

	describe('primary-network validators from their stakes', () => {
		const [early, late, other] = [nodeId('stake-early'), nodeId('stake-late'), nodeId('stake-other')];
		let start: number;
		let stakes: any[];

		beforeAll(async () => {
			start = await now();
			stakes = [
				await validator({ activity: 'validator_stake', nodeId: early, amount: AVAX(2000), startTime: start - DAY, endTime: start + 14 * DAY }),
				await validator({ activity: 'validator_stake', nodeId: late, amount: AVAX(3000), startTime: start + DAY, endTime: start + 15 * DAY }),
				await validator({ activity: 'validator_stake', nodeId: other, amount: AVAX(1000), subnetId: subnetId('stake-l1'), startTime: start - DAY, endTime: start + DAY }),
			];
			await validator({ activity: 'delegator_stake', nodeId: early, amount: AVAX(500) });
			await validator({ activity: 'reward_distribution', nodeId: early, amount: AVAX(7), rewardType: 'validator' });
		});

		it('lists the primary network\'s validators newest first, each in the shape of its status', async () => {
			const answer = await get('/v1/networks/fuji/validators');
			expect(answer.status).toBe(200);
			expect(answer.body.validators.map((v: any) => [v.nodeId, v.validationStatus])).toEqual([
				[late, 'pending'],
				[early, 'active'],
			]);
			const [pending, active] = answer.body.validators;
			expect(pending).toEqual({
				txHash: stakes[1].txHash,
				nodeId: late,
				subnetId: P_CHAIN_ID,
				amountStaked: AVAX(3000),
				delegationFee: '2.0000',
				startTimestamp: start + DAY,
				endTimestamp: start + 15 * DAY,
				validationStatus: 'pending',
			});
			expect(active).toMatchObject({
				txHash: stakes[0].txHash,
				amountStaked: AVAX(2000),
				delegatorCount: 1,
				amountDelegated: AVAX(500),
				stakePercentage: 100,
				delegationCapacity: AVAX(2000 * 4 - 500),
				potentialRewards: { validationRewardAmount: AVAX(7), delegationRewardAmount: '0' },
				validationStatus: 'active',
				geolocation: null,
			});
		});

		it('filters by nodeIds, validationStatus and subnetId; sorts by time remaining', async () => {
			expect((await get('/v1/networks/fuji/validators', { nodeIds: `${late},${other}` })).body.validators.map((v: any) => v.nodeId)).toEqual([late]);
			expect((await get('/v1/networks/fuji/validators', { validationStatus: 'active' })).body.validators.map((v: any) => v.nodeId)).toEqual([early]);
			expect((await get('/v1/networks/fuji/validators', { subnetId: subnetId('stake-l1') })).body.validators.map((v: any) => v.nodeId)).toEqual([other]);
			expect((await get('/v1/networks/fuji/validators', { sortBy: 'timeRemaining', sortOrder: 'asc' })).body.validators.map((v: any) => v.nodeId)).toEqual([early, late]);
			expect((await get('/v1/networks/fuji/validators', { minTimeRemaining: 14.5 * DAY })).body.validators.map((v: any) => v.nodeId)).toEqual([late]);
			expect((await get('/v1/networks/mainnet/validators')).body.validators).toEqual([]);
		});

		it('one node\'s validations, and the statuses follow the emulator clock', async () => {
			const single = await get(`/v1/networks/fuji/validators/${early}`);
			expect(single.body.validators).toEqual([expect.objectContaining({ txHash: stakes[0].txHash, validationStatus: 'active' })]);
			expect((await get(`/v1/networks/fuji/validators/${nodeId('never-staked')}`)).body).toEqual({ validators: [] });
			await advance(14 * DAY);
			const later = await get('/v1/networks/fuji/validators');
			expect(later.body.validators.map((v: any) => [v.nodeId, v.validationStatus])).toEqual([
				[late, 'active'],
				[early, 'completed'],
			]);
			expect(later.body.validators[1]).toMatchObject({ rewards: { validationRewardAmount: AVAX(7), delegationRewardAmount: '0', rewardTxHash: expect.any(String) }, delegatorCount: 1 });
		});

		it('pages through validators with tokens', async () => {
			const first = await get('/v1/networks/fuji/validators', { pageSize: 1 });
			expect(first.body.validators).toHaveLength(1);
			const second = await get('/v1/networks/fuji/validators', { pageSize: 1, pageToken: first.body.nextPageToken });
			expect(second.body.validators).toHaveLength(1);
			expect(second.body.nextPageToken).toBeUndefined();
			expect([first.body.validators[0].nodeId, second.body.validators[0].nodeId]).toEqual([late, early]);
		});
	});

	describe('L1 validators with their fee balance', () => {
		const l1 = subnetId('fees-l1');
		const [funded, drained, removed] = [nodeId('fees-funded'), nodeId('fees-drained'), nodeId('fees-removed')];

		it('lists active L1 validators with the fee balance left, the inactive ones on request', async () => {
			const created = await validator({ activity: 'l1_validator_fee_balance', nodeId: funded, subnetId: l1, change: AVAX(5) });
			await validator({ activity: 'l1_validator_fee_balance', nodeId: funded, subnetId: l1, change: `-${AVAX(1.5)}` });
			await validator({ activity: 'l1_validator_fee_balance', nodeId: drained, subnetId: l1, change: AVAX(1) });
			await validator({ activity: 'l1_validator_fee_balance', nodeId: drained, subnetId: l1, change: `-${AVAX(1)}` });
			await validator({ activity: 'l1_validator_fee_balance', nodeId: removed, subnetId: l1, change: AVAX(2) });
			await validator({ activity: 'l1_validator_removed', nodeId: removed, subnetId: l1 });
			const active = await get('/v1/networks/fuji/l1Validators', { subnetId: l1 });
			expect(active.status).toBe(200);
			expect(active.body).toEqual({
				validators: [
					{
						validationId: created.validationId,
						validationIdHex: expect.stringMatching(/^0x[0-9a-f]{64}$/),
						nodeId: funded,
						subnetId: l1,
						weight: 100,
						remainingBalance: Number(AVAX(3.5)),
						creationTimestamp: created.blockTimestamp,
						blsCredentials: { publicKey: expect.stringMatching(/^0x[0-9a-f]{96}$/), proofOfPossession: expect.stringMatching(/^0x[0-9a-f]{192}$/) },
						remainingBalanceOwner: { addresses: [expect.stringMatching(/^fuji1[02-9ac-hj-np-z]{38}$/)], threshold: 1 },
						deactivationOwner: { addresses: [expect.stringMatching(/^fuji1/)], threshold: 1 },
					},
				],
				blockHeight: expect.stringMatching(/^\d+$/),
			});
			const all = await get('/v1/networks/fuji/l1Validators', { subnetId: l1, includeInactiveL1Validators: 'true' });
			expect(all.body.validators.map((v: any) => [v.nodeId, v.weight, v.remainingBalance])).toEqual([
				[funded, 100, Number(AVAX(3.5))],
				[drained, 100, 0],
				[removed, 0, 0],
			]);
			expect((await get('/v1/networks/fuji/l1Validators', { l1ValidationId: created.validationId })).body.validators).toHaveLength(1);
			expect((await get('/v1/networks/fuji/l1Validators', { nodeId: drained, includeInactiveL1Validators: 'true' })).body.validators).toHaveLength(1);
		});

		it('a fee balance delivery and the route agree: the threshold alert reports the balance the route shows', async () => {
			const node = nodeId('fees-alert');
			const webhookId = (
				await call(emulator.url, 'POST', '/v1/webhooks', {
					key,
					body: validatorWebhookBody(receiver.url, {}, { keys: [node], subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold'] } }),
				})
			).body.id;
			await validator({ activity: 'l1_validator_fee_balance', nodeId: node, subnetId: l1, change: AVAX(1.5) });
			await validator({ activity: 'l1_validator_fee_balance', nodeId: node, subnetId: l1, change: `-${AVAX(0.75)}` });
			await waitFor('the threshold alert', () => receiver.received.some((delivery) => delivery.json.webhookId === webhookId), 15_000);
			const { event } = receiver.received.find((delivery) => delivery.json.webhookId === webhookId)!.json;
			const [listed] = (await get('/v1/networks/fuji/l1Validators', { nodeId: node })).body.validators;
			expect({ validationId: listed.validationId, remainingBalance: String(listed.remainingBalance) }).toEqual({ validationId: event.validationId, remainingBalance: event.feeBalance });
		});
	});

	it.each([
		['/v1/networks/fuji/validators', { nodeIds: 'NodeID-abc' }, "nodeIds 'NodeID-abc' is not a node ID"],
		['/v1/networks/fuji/validators', { subnetId: 'my-l1' }, "subnetId 'my-l1' is not a subnet ID"],
		['/v1/networks/fuji/validators', { validationStatus: 'jailed' }, 'validationStatus must be one of the following values: completed, active, pending, removed'],
		['/v1/networks/fuji/validators', { sortBy: 'stake' }, 'sortBy must be one of the following values'],
		['/v1/networks/fuji/validators', { minFeePercentage: 'two' }, "minFeePercentage must be a percentage (got 'two')"],
		['/v1/networks/fuji/validators/NodeID-1', {}, "nodeId 'NodeID-1' is not a node ID"],
		['/v1/networks/fuji/l1Validators', { includeInactiveL1Validators: 'yes' }, 'includeInactiveL1Validators must be one of the following values: true, false'],
		['/v1/networks/local/l1Validators', {}, "network must be one of the following values: mainnet, fuji (got 'local')"],
	])('answers 400 for %s %j', async (path, query, message) => {
		const answer = await get(path, query);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: [expect.stringContaining(message)], error: 'Bad Request', statusCode: 400 });
	});
});
