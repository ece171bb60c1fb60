// An L1 validator's fee balance alert and disabling during a gap, told from what the trigger knew
// when the gap began, the top-ups and removals since, what deliveries showed, and the validator now:
// each put out once, saying between which moments it happened.
import { feeBalanceEvents, type FeeBalanceFacts, type FeeBalanceStep } from '../../../nodes/AddressActivityTrigger/catchUp/validatorTimeline';
import { forgetPrimaryEventWindows, primaryEventWindowFor } from '../../../nodes/AddressActivityTrigger/memory/primaryEvents';
import type { KnownValidator } from '../../../nodes/AddressActivityTrigger/staticData/primaryCatchUp';
import type { L1Validator } from '../../../nodes/shared/model/pChainHistory';
import { EVENT_TYPES } from '../../../nodes/shared/model/primaryNetwork';
import type { ValidatorWatch } from '../../../nodes/shared/service/primaryNetworkWebhooks';

const NAVAX = (avax: number) => BigInt(Math.round(avax * 1000)) * BigInt(1_000_000);
const NODE = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const SUBNET = 'l1-subnet';
const VALIDATION = 'validation-1';
/** When the trigger recorded its validators (the gap's start), in seconds; read again at READ_AT. */
const KNOWN_AT = 1_800_000_000;
const READ_AT = KNOWN_AT + 600;
const URL = 'https://n8n.example.com/webhook/validators/webhook';

const watch = (subEvents: ValidatorWatch['subEvents'] = ['l1_validator_balance_threshold', 'l1_validator_disabled']): ValidatorWatch => ({
	eventType: EVENT_TYPES.validatorActivity,
	network: 'fuji',
	keyType: 'subnetId',
	key: SUBNET,
	subEvents,
	nodeIds: [],
	subnetIds: [],
	feeBalanceThresholdNavax: NAVAX(1.25).toString(),
});

const known = (overrides: Partial<KnownValidator> = {}): Record<string, KnownValidator> => ({
	[VALIDATION]: { nodeId: NODE, subnetId: SUBNET, feeBalance: NAVAX(3).toString(), height: 100, active: true, activeSince: KNOWN_AT - 50, armed: true, armedSince: KNOWN_AT - 40, ...overrides },
});

const validatorNow = (avax: number, weight = 20): L1Validator => ({ validationId: VALIDATION, nodeId: NODE, subnetId: SUBNET, weight, remainingBalance: NAVAX(avax) });

const step = (at: number, before: number, after: number, extra: Partial<FeeBalanceStep> = {}): FeeBalanceStep => ({
	at,
	height: 101,
	validationId: VALIDATION,
	nodeId: NODE,
	subnetId: SUBNET,
	before: NAVAX(before),
	after: NAVAX(after),
	...extra,
});

function facts(overrides: Partial<FeeBalanceFacts> = {}): FeeBalanceFacts {
	return { known: known(), knownAt: KNOWN_AT * 1000, steps: [], now: { all: new Map([[VALIDATION, validatorNow(3)]]) }, readAt: READ_AT, window: primaryEventWindowFor(URL), ...overrides };
}

/** What each event says: its sub-event, the span it happened in and the fee balance at its end (AVAX). */
const told = (events: ReturnType<typeof feeBalanceEvents>) => events.map((event) => [event.event.eventType, event.span?.from, event.span?.to, event.event.feeBalance]);

beforeEach(() => forgetPrimaryEventWindows());

describe('a fall to or below the threshold', () => {
	it('seen now: one alert for the span from when the balance was last known above it to the reading, with the balance now', () => {
		const events = feeBalanceEvents(watch(), facts({ now: { all: new Map([[VALIDATION, validatorNow(1)]]) } }));
		expect(told(events)).toEqual([['l1_validator_balance_threshold', KNOWN_AT - 40, READ_AT, NAVAX(1).toString()]]);
		expect(events[0]).toMatchObject({
			at: READ_AT,
			order: 2,
			notKnown: ['blockTimestamp', 'feeBalance'],
			event: { network: 'fuji', nodeId: NODE, subnetId: SUBNET, validationId: VALIDATION, blockTimestamp: READ_AT, feeBalanceThreshold: NAVAX(1.25).toString() },
		});
		expect(events[0].message).toBe(
			`The fee balance of L1 validator ${NODE} fell to or below 1.25 AVAX between ${new Date((KNOWN_AT - 40) * 1000).toISOString()} and ${new Date(READ_AT * 1000).toISOString()}, while the workflow was not receiving; the exact moment is not known (blockTimestamp is the end of that span) and feeBalance is its fee balance at that end, 1 AVAX`,
		);
	});

	it('at the threshold itself is a fall: now, and before a top-up', () => {
		expect(told(feeBalanceEvents(watch(), facts({ now: { all: new Map([[VALIDATION, validatorNow(1.25)]]) } })))).toEqual([['l1_validator_balance_threshold', KNOWN_AT - 40, READ_AT, NAVAX(1.25).toString()]]);
		const beforeTopUp = feeBalanceEvents(watch(), facts({ steps: [step(KNOWN_AT + 100, 1.25, 4)], now: { all: new Map([[VALIDATION, validatorNow(4)]]) } }));
		expect(told(beforeTopUp)).toEqual([['l1_validator_balance_threshold', KNOWN_AT - 40, KNOWN_AT + 100, NAVAX(1.25).toString()]]);
	});

	it('seen before a top-up: one alert ending at the top-up, with the balance before it, and none after it when the balance is above again', () => {
		const events = feeBalanceEvents(watch(), facts({ steps: [step(KNOWN_AT + 100, 1, 4)], now: { all: new Map([[VALIDATION, validatorNow(4)]]) } }));
		expect(told(events)).toEqual([['l1_validator_balance_threshold', KNOWN_AT - 40, KNOWN_AT + 100, NAVAX(1).toString()]]);
		expect(events[0].order).toBe(0);
	});

	it('a second fall after a top-up is a second alert, from the top-up on', () => {
		const events = feeBalanceEvents(watch(), facts({ steps: [step(KNOWN_AT + 100, 1, 4)], now: { all: new Map([[VALIDATION, validatorNow(0.5)]]) } }));
		expect(told(events)).toEqual([
			['l1_validator_balance_threshold', KNOWN_AT - 40, KNOWN_AT + 100, NAVAX(1).toString()],
			['l1_validator_balance_threshold', KNOWN_AT + 100, READ_AT, NAVAX(0.5).toString()],
		]);
	});

	it('is not told again when its alert was not due (already at or below when the gap began)', () => {
		expect(feeBalanceEvents(watch(), facts({ known: known({ armed: false }), now: { all: new Map([[VALIDATION, validatorNow(1)]]) } }))).toEqual([]);
	});

	it('is not told when a delivery showed its alert ran during the gap', () => {
		const window = primaryEventWindowFor(URL);
		window.observe(VALIDATION, { at: KNOWN_AT + 10, subEvent: 'l1_validator_balance_threshold', feeBalance: NAVAX(1).toString() });
		expect(feeBalanceEvents(watch(), facts({ window, now: { all: new Map([[VALIDATION, validatorNow(1)]]) } }))).toEqual([]);
	});

	it('leaves out a top-up the trigger knew of already (at or below the height it read its validators at)', () => {
		const events = feeBalanceEvents(watch(), facts({ steps: [step(KNOWN_AT - 10, 1, 4, { height: 100 })], now: { all: new Map([[VALIDATION, validatorNow(3)]]) } }));
		expect(events).toEqual([]);
	});

	it('is not told when the alert is not watched', () => {
		expect(feeBalanceEvents(watch(['l1_validator_disabled']), facts({ now: { all: new Map([[VALIDATION, validatorNow(1)]]) } }))).toEqual([]);
	});
});

describe('a disabling', () => {
	it('seen now (not listed as active): one event for the span since it was last known active', () => {
		const events = feeBalanceEvents(watch(['l1_validator_disabled']), facts({ now: { all: new Map([[VALIDATION, validatorNow(0)]]), active: new Set() } }));
		expect(told(events)).toEqual([['l1_validator_disabled', KNOWN_AT - 50, READ_AT, '0']]);
		expect(events[0].message).toMatch(new RegExp(`^L1 validator ${NODE} was disabled between .* the exact moment is not known`));
	});

	it('seen as a balance of 0 before a top-up: one event ending at the top-up', () => {
		const events = feeBalanceEvents(watch(['l1_validator_disabled']), facts({ steps: [step(KNOWN_AT + 100, 0, 2)], now: { all: new Map([[VALIDATION, validatorNow(2)]]), active: new Set([VALIDATION]) } }));
		expect(told(events)).toEqual([['l1_validator_disabled', KNOWN_AT - 50, KNOWN_AT + 100, '0']]);
	});

	it('is not told for a removal (its fee balance went back to its owner), nor for a validator removed now', () => {
		const removedStep = feeBalanceEvents(watch(['l1_validator_disabled']), facts({ steps: [step(KNOWN_AT + 100, 0, 0, { removed: true })], now: { all: new Map([[VALIDATION, validatorNow(0, 0)]]), active: new Set() } }));
		expect(removedStep).toEqual([]);
		const removedNow = feeBalanceEvents(watch(), facts({ now: { all: new Map([[VALIDATION, validatorNow(0.5, 0)]]), active: new Set() } }));
		expect(removedNow).toEqual([]);
	});

	it('is not told when a delivery showed it during the gap', () => {
		const window = primaryEventWindowFor(URL);
		window.observe(VALIDATION, { at: KNOWN_AT + 10, subEvent: 'l1_validator_disabled' });
		expect(feeBalanceEvents(watch(['l1_validator_disabled']), facts({ window, now: { all: new Map([[VALIDATION, validatorNow(0)]]), active: new Set() } }))).toEqual([]);
	});
});

it('tells nothing of a validator above the threshold and active through the gap', () => {
	expect(feeBalanceEvents(watch(), facts({ steps: [step(KNOWN_AT + 100, 2, 5)], now: { all: new Map([[VALIDATION, validatorNow(4)]]), active: new Set([VALIDATION]) } }))).toEqual([]);
});
