// The watched L1 validators as the service shows them now, and what a validator trigger records of
// them: which validators its webhook watches, their fee balances, and whether the fee balance alert
// and the disabling are still due (read against the emulator over HTTP for the service's side).
import { aboveThreshold, knownValidators, readValidatorsNow, watchedValidator, watchesFeeBalances, type ValidatorsNow } from '../../../nodes/AddressActivityTrigger/catchUp/validatorKnown';
import type { Observation } from '../../../nodes/AddressActivityTrigger/memory/primaryEvents';
import type { L1Validator } from '../../../nodes/shared/model/pChainHistory';
import { EVENT_TYPES } from '../../../nodes/shared/model/primaryNetwork';
import type { ValidatorWatch } from '../../../nodes/shared/service/primaryNetworkWebhooks';
import { loadOptionsContext } from '../../harness/contexts';
import { nodeId, subnetId } from '../../harness/emulatorControl';
import { useTestService } from '../../harness/fixtures';

const NAVAX = (avax: number) => BigInt(Math.round(avax * 1000)) * BigInt(1_000_000);
const L1 = subnetId('validatorKnown l1');
const OTHER_L1 = subnetId('validatorKnown other l1');
const NODE = nodeId('validatorKnown node');
const OTHER_NODE = nodeId('validatorKnown other node');

const watch = (overrides: Partial<ValidatorWatch> = {}): ValidatorWatch => ({
	eventType: EVENT_TYPES.validatorActivity,
	network: 'fuji',
	keyType: 'subnetId',
	key: L1,
	subEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'],
	nodeIds: [],
	subnetIds: [],
	feeBalanceThresholdNavax: NAVAX(1.25).toString(),
	...overrides,
});

describe('what a watch needs', () => {
	it('needs what the trigger knew of its validators only for the fee balance alert or the disabling', () => {
		expect(watchesFeeBalances(watch({ subEvents: ['l1_validator_balance_threshold'] }))).toBe(true);
		expect(watchesFeeBalances(watch({ subEvents: ['l1_validator_disabled'] }))).toBe(true);
		expect(watchesFeeBalances(watch({ subEvents: ['l1_validator_balance_increased', 'l1_validator_removed'] }))).toBe(false);
	});

	it('watches a node on a subnet by its key (subnet or node) and its filters', () => {
		expect(watchedValidator(watch(), NODE, L1)).toBe(true);
		expect(watchedValidator(watch(), NODE, OTHER_L1)).toBe(false);
		expect(watchedValidator(watch({ keyType: 'nodeId', key: NODE }), NODE, OTHER_L1)).toBe(true);
		expect(watchedValidator(watch({ keyType: 'nodeId', key: NODE }), OTHER_NODE, L1)).toBe(false);
		expect(watchedValidator(watch({ nodeIds: [OTHER_NODE] }), NODE, L1)).toBe(false);
		expect(watchedValidator(watch({ nodeIds: [NODE] }), NODE, L1)).toBe(true);
		expect(watchedValidator(watch({ keyType: 'nodeId', key: NODE, subnetIds: [OTHER_L1] }), NODE, L1)).toBe(false);
		expect(watchedValidator(watch(), null, L1)).toBe(false);
		expect(watchedValidator(watch(), NODE, undefined)).toBe(false);
	});

	it('is above the threshold only strictly above it, and never without a threshold', () => {
		expect(aboveThreshold(watch(), NAVAX(1.26))).toBe(true);
		expect(aboveThreshold(watch(), NAVAX(1.25))).toBe(false);
		expect(aboveThreshold(watch({ feeBalanceThresholdNavax: undefined }), NAVAX(100))).toBe(false);
	});
});

describe('what the trigger records of its validators', () => {
	const VALIDATION = 'validation-1';
	const READ_AT = 1_800_000_000;
	const validator = (avax: number, weight: number | null = 20): L1Validator => ({ validationId: VALIDATION, nodeId: NODE, subnetId: L1, weight, remainingBalance: NAVAX(avax) });
	const now = (avax: number, extra: Partial<ValidatorsNow> = {}, weight?: number | null): ValidatorsNow => ({ all: new Map([[VALIDATION, validator(avax, weight)]]), height: 4242, ...extra });

	it('as read: the fee balance and height, the alert due above the threshold, active with fee balance left', () => {
		expect(knownValidators(watch(), now(3), READ_AT)).toEqual({
			[VALIDATION]: { nodeId: NODE, subnetId: L1, feeBalance: NAVAX(3).toString(), height: 4242, active: true, activeSince: READ_AT, armed: true, armedSince: READ_AT },
		});
		expect(knownValidators(watch(), now(1, { height: undefined }), READ_AT)[VALIDATION]).toEqual({ nodeId: NODE, subnetId: L1, feeBalance: NAVAX(1).toString(), active: true, activeSince: READ_AT, armed: false, armedSince: READ_AT });
		expect(knownValidators(watch(), now(0), READ_AT)[VALIDATION]).toMatchObject({ active: false, armed: false });
	});

	it('active as the service lists it when the disabling is watched, and neither due for a validator removed (weight 0)', () => {
		expect(knownValidators(watch(), now(3, { active: new Set() }), READ_AT)[VALIDATION]).toMatchObject({ active: false, armed: true });
		expect(knownValidators(watch(), now(3, {}, 0), READ_AT)[VALIDATION]).toMatchObject({ active: false, armed: false });
	});

	describe('after an earlier record', () => {
		const recordedAt = (READ_AT - 300) * 1000;
		const earlier = { [VALIDATION]: { nodeId: NODE, subnetId: L1, feeBalance: NAVAX(3).toString(), active: true, activeSince: READ_AT - 400, armed: true, armedSince: READ_AT - 350 } };
		const previous = (observations: Observation[] = []) => ({ validators: earlier, at: recordedAt, observed: (_validationId: string, after: number) => observations.filter((observation) => observation.at > after) });

		it('keeps a fall and a disabling since then still due (with when they were last known above and active) when no run of them is known', () => {
			expect(knownValidators(watch(), now(0, { active: new Set() }), READ_AT, previous())[VALIDATION]).toMatchObject({ active: true, activeSince: READ_AT - 400, armed: true, armedSince: READ_AT - 350 });
		});

		it('no longer due once a delivery showed the alert and the disabling ran', () => {
			const ran: Observation[] = [
				{ at: READ_AT - 200, subEvent: 'l1_validator_balance_threshold', feeBalance: NAVAX(1).toString() },
				{ at: READ_AT - 100, subEvent: 'l1_validator_disabled' },
			];
			expect(knownValidators(watch(), now(0, { active: new Set() }), READ_AT, previous(ran))[VALIDATION]).toMatchObject({ active: false, armed: false });
		});

		it('due again from a top-up a delivery showed', () => {
			const ran: Observation[] = [
				{ at: READ_AT - 200, subEvent: 'l1_validator_balance_threshold', feeBalance: NAVAX(1).toString() },
				{ at: READ_AT - 100, subEvent: 'l1_validator_balance_increased', feeBalance: NAVAX(2).toString() },
			];
			expect(knownValidators(watch(), now(1, { active: new Set() }), READ_AT, previous(ran))[VALIDATION]).toMatchObject({ armed: true, armedSince: READ_AT - 100, active: true, activeSince: READ_AT - 100 });
		});
	});
});

describe('the watched L1 validators now, from the service', () => {
	const service = useTestService();
	const l1Validators = `/v1/networks/fuji/l1Validators`;

	beforeAll(async () => {
		const fee = async (node: string, subnet: string, avax: number) =>
			await service.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId: subnet, change: NAVAX(avax).toString() });
		await fee(NODE, L1, 3);
		await fee(OTHER_NODE, L1, 2);
		await fee(NODE, OTHER_L1, 5);
		await service.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_disabled', nodeId: OTHER_NODE, subnetId: L1 });
	});

	const read = async (of: ValidatorWatch) => await readValidatorsNow(loadOptionsContext(await service.newAccount()), of, {});
	const balances = (now: ValidatorsNow) => [...now.all.values()].map((validator) => [validator.nodeId, validator.subnetId, validator.remainingBalance]).sort();

	it('lists every watched one with its fee balance, which are active when the disabling is watched, and the height read at', async () => {
		await service.control.clearRequests();
		const now = await read(watch());
		expect(balances(now)).toEqual([[NODE, L1, NAVAX(3)], [OTHER_NODE, L1, NAVAX(2)]].sort());
		const [enabled] = [...now.all.values()].filter((validator) => validator.nodeId === NODE);
		expect([...(now.active ?? [])]).toEqual([enabled.validationId]);
		expect(now.height).toEqual(expect.any(Number));
		expect((await service.control.requests()).filter((request) => request.path === l1Validators)).toHaveLength(2);
	});

	it('leaves out the nodes its filters leave out, and reads the active ones only when the disabling is watched', async () => {
		await service.control.clearRequests();
		const now = await read(watch({ nodeIds: [NODE], subEvents: ['l1_validator_balance_threshold'] }));
		expect(balances(now)).toEqual([[NODE, L1, NAVAX(3)]]);
		expect(now.active).toBeUndefined();
		expect((await service.control.requests()).filter((request) => request.path === l1Validators)).toHaveLength(1);
	});

	it('reads a node on every subnet when keyed by node', async () => {
		const now = await read(watch({ keyType: 'nodeId', key: NODE, subEvents: ['l1_validator_balance_threshold'] }));
		expect(balances(now)).toEqual([[NODE, L1, NAVAX(3)], [NODE, OTHER_L1, NAVAX(5)]].sort());
	});
});
