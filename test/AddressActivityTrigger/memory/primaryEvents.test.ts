// The P-Chain and validator events a trigger URL put out in this process: an event met live and in
// a catch-up runs once; a fee balance alert or disabling a catch-up put out covers its time span.
import { forgetPrimaryEventWindows, primaryEventWindowFor } from '../../../nodes/AddressActivityTrigger/memory/primaryEvents';

const URL = 'https://n8n.example.com/webhook/abc/webhook';
const KEY = 'p|tx1|balance_change|unlockedUnstaked';
const OTHER = 'p|tx2|balance_change|unlockedUnstaked';
const VALIDATION = 'validation-1';

beforeEach(() => forgetPrimaryEventWindows());

describe('events with a transaction, claimed by key', () => {
	it('lets a catch-up claim only what no delivery or catch-up put out before', () => {
		const window = primaryEventWindowFor(URL);
		expect(window.claimLive(KEY, 100)).toBe(true);
		expect([...window.claimCaughtUp([{ key: KEY, at: 100 }, { key: OTHER, at: 101 }])]).toEqual([OTHER]);
		expect([...window.claimCaughtUp([{ key: OTHER, at: 101 }])]).toEqual([]);
	});

	it('refuses a delivery of what a catch-up put out, and takes a delivery again (a copy is told apart elsewhere)', () => {
		const window = primaryEventWindowFor(URL);
		window.claimCaughtUp([{ key: KEY, at: 100 }]);
		expect(window.claimLive(KEY, 100)).toBe(false);
		expect(window.claimLive(OTHER, 101)).toBe(true);
		expect(window.claimLive(OTHER, 101)).toBe(true);
	});

	it('gives up released claims, so the retry or the next catch-up puts them out', () => {
		const window = primaryEventWindowFor(URL);
		const claimed = window.claimCaughtUp([{ key: KEY, at: 100 }]);
		window.release(claimed);
		expect(window.claimLive(KEY, 100)).toBe(true);
	});

	it('lists the keys put out at or after a second, live and caught up', () => {
		const window = primaryEventWindowFor(URL);
		window.claimLive('early', 99);
		window.claimLive(KEY, 100);
		window.claimCaughtUp([{ key: OTHER, at: 105 }]);
		expect(window.since(100).sort()).toEqual([KEY, OTHER].sort());
		expect(window.since(106)).toEqual([]);
	});

	it('is per URL, and forgotten with the process\'s memory', () => {
		primaryEventWindowFor(URL).claimCaughtUp([{ key: KEY, at: 100 }]);
		expect(primaryEventWindowFor(`${URL}2`).claimLive(KEY, 100)).toBe(true);
		expect(primaryEventWindowFor(URL).claimLive(KEY, 100)).toBe(false);
		forgetPrimaryEventWindows();
		expect(primaryEventWindowFor(URL).claimLive(KEY, 100)).toBe(true);
	});
});

describe('what deliveries showed of an L1 validator', () => {
	it('lists the observations after a second, oldest first, per validation', () => {
		const window = primaryEventWindowFor(URL);
		window.observe(VALIDATION, { at: 30, subEvent: 'l1_validator_balance_increased', feeBalance: '5' });
		window.observe(VALIDATION, { at: 10, subEvent: 'l1_validator_balance_threshold', feeBalance: '1' });
		window.observe(VALIDATION, { at: 20, subEvent: 'l1_validator_disabled' });
		window.observe('validation-2', { at: 25, subEvent: 'l1_validator_removed' });
		expect(window.observedAfter(VALIDATION, 10).map((observation) => [observation.at, observation.subEvent])).toEqual([
			[20, 'l1_validator_disabled'],
			[30, 'l1_validator_balance_increased'],
		]);
		expect(window.observedAfter('validation-3', 0)).toEqual([]);
	});

	it('keeps the newest 50 observations of a validation', () => {
		const window = primaryEventWindowFor(URL);
		for (let at = 1; at <= 60; at++) window.observe(VALIDATION, { at, subEvent: 'l1_validator_balance_increased' });
		const kept = window.observedAfter(VALIDATION, 0).map((observation) => observation.at);
		expect(kept).toHaveLength(50);
		expect(kept[0]).toBe(11);
		expect(kept[49]).toBe(60);
	});
});

describe('the time span a catch-up put a fee balance alert or disabling out for', () => {
	const span = { from: 100, to: 200, feeBalance: '1000' };

	it('covers a delivery of the same sub-event from within it, not of another sub-event or validation', () => {
		const window = primaryEventWindowFor(URL);
		window.cover(VALIDATION, 'l1_validator_balance_threshold', span);
		expect(window.isCovered(VALIDATION, 'l1_validator_balance_threshold', 100)).toBe(true);
		expect(window.isCovered(VALIDATION, 'l1_validator_balance_threshold', 199, '1')).toBe(true);
		expect(window.isCovered(VALIDATION, 'l1_validator_balance_threshold', 99)).toBe(false);
		expect(window.isCovered(VALIDATION, 'l1_validator_balance_threshold', 201)).toBe(false);
		expect(window.isCovered(VALIDATION, 'l1_validator_disabled', 150)).toBe(false);
		expect(window.isCovered('validation-2', 'l1_validator_balance_threshold', 150)).toBe(false);
	});

	it('in its last second, covers a delivery only when its fee balance is not lower than the one the catch-up read', () => {
		const window = primaryEventWindowFor(URL);
		window.cover(VALIDATION, 'l1_validator_balance_threshold', span);
		expect(window.isCovered(VALIDATION, 'l1_validator_balance_threshold', 200, '1000')).toBe(true);
		expect(window.isCovered(VALIDATION, 'l1_validator_balance_threshold', 200, '1200')).toBe(true);
		expect(window.isCovered(VALIDATION, 'l1_validator_balance_threshold', 200, '999')).toBe(false);
		expect(window.isCovered(VALIDATION, 'l1_validator_balance_threshold', 200)).toBe(true);
	});

	it('is observed at its end, so the next catch-up starts after it; given up, neither covers nor is observed', () => {
		const window = primaryEventWindowFor(URL);
		const giveUp = window.cover(VALIDATION, 'l1_validator_disabled', span);
		expect(window.observedAfter(VALIDATION, 0)).toEqual([{ at: 200, subEvent: 'l1_validator_disabled' }]);
		giveUp();
		expect(window.isCovered(VALIDATION, 'l1_validator_disabled', 150)).toBe(false);
		expect(window.observedAfter(VALIDATION, 0)).toEqual([]);
	});
});
