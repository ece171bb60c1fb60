// The durable position's record: what a write adds, what trimming forgets, what a catch-up may
// still repeat. Pure functions; who writes and when is tested through n8n-core elsewhere.
import {
	mayHaveRun,
	mergedPositions,
	ranKeys,
	readPosition,
	recorded,
	transactionKey,
	withOpenWindow,
	withoutOpenWindow,
	withRuns,
	type Position,
} from '../../../nodes/AddressActivityTrigger/staticData/position';

const NOW = 1_800_000_000_000;
const trim = { now: NOW, horizonMs: 3_600_000, maxTransactions: 5 };
const hash = (n: number) => `0x${n.toString(16).padStart(16, '0')}${'a'.repeat(48)}`;
const at = (secondsAgo: number) => Math.floor(NOW / 1000) - secondsAgo;

describe('the durable position', () => {
	it('adds transactions from `from` on, once each, keyed by 16 hex digits of the hash', () => {
		const position = withRuns(undefined, [
			{ hash: hash(1), block: 10, time: at(60) },
			{ hash: hash(1).toUpperCase().replace('0X', '0x'), block: 10, time: at(60) },
			{ hash: hash(2), block: 12, time: at(50) },
		], 9, trim);
		expect(position.from).toBe(9);
		expect(position.ran).toEqual([[10, at(60), transactionKey(hash(1))], [12, at(50), transactionKey(hash(2))]]);
		const keys = ranKeys(position);
		expect(recorded(position, keys, { hash: hash(1), block: 10 })).toBe(true);
		expect(recorded(position, keys, { hash: hash(3), block: 8 })).toBe(true);
		expect(recorded(position, keys, { hash: hash(3), block: 10 })).toBe(false);
	});

	it('forgets whole blocks older than the horizon, and the oldest beyond the cap, moving `from` past them', () => {
		let position = withRuns(undefined, [{ hash: hash(1), block: 5, time: at(7200) }], 5, trim);
		position = withRuns(position, [{ hash: hash(2), block: 6, time: at(10) }], 5, trim);
		expect(position.from).toBe(6);
		expect(position.ran.map(([block]) => block)).toEqual([6]);
		const many = Array.from({ length: 6 }, (_, index) => ({ hash: hash(10 + index), block: 7 + Math.floor(index / 2), time: at(5) }));
		position = withRuns(position, many, 5, trim);
		// 7 transactions, at most 5: block 6 (1) and block 7 (2) go, whole.
		expect(position.from).toBe(8);
		expect(position.ran.reduce((sum, [, , joined]) => sum + joined.length / 16, 0)).toBe(4);
	});

	it('never moves `from` past keepFrom', () => {
		const old = [{ hash: hash(1), block: 5, time: at(7200) }, { hash: hash(2), block: 6, time: at(7200) }];
		const position = withRuns(undefined, old, 5, { ...trim, keepFrom: 6 });
		expect(position.from).toBe(6);
		expect(position.ran.map(([block]) => block)).toEqual([6]);
	});

	it('reads back what it wrote, and refuses what is not a record', () => {
		const written = withOpenWindow(withRuns(undefined, [{ hash: hash(1), block: 3, time: at(1) }], 3, trim), 'w1', NOW - 1000, NOW + 2000);
		expect(readPosition(JSON.parse(JSON.stringify(written)))).toEqual(written);
		expect(readPosition({ from: 'x', ran: [] })).toBeUndefined();
		expect(readPosition({ from: 1, ran: [[1, 2]] })).toBeUndefined();
		expect(readPosition(undefined)).toBeUndefined();
	});

	it('marks a transaction the record does not list as possibly run only inside an open window', () => {
		let position: Position = withOpenWindow(withRuns(undefined, [], 1, trim), 'w1', NOW - 10_000, NOW - 5_000);
		expect(mayHaveRun(position, NOW - 7_000, 0)).toBe(true);
		expect(mayHaveRun(position, NOW - 4_000, 0)).toBe(false);
		expect(mayHaveRun(position, NOW - 40_000, 60_000)).toBe(true);
		position = withoutOpenWindow(position, 'w1');
		expect(mayHaveRun(position, NOW - 7_000, 60_000)).toBe(false);
	});

	it('merges two copies into their union (the later `from`)', () => {
		const a = withRuns(undefined, [{ hash: hash(1), block: 10, time: at(3) }], 10, trim);
		const b = withOpenWindow(withRuns(undefined, [{ hash: hash(2), block: 11, time: at(2) }, { hash: hash(3), block: 9, time: at(4) }], 9, trim), 'w2', NOW, NOW + 1);
		const merged = mergedPositions(a, b, trim)!;
		expect(merged.from).toBe(10);
		expect([...ranKeys(merged)].sort()).toEqual([transactionKey(hash(1)), transactionKey(hash(2))].sort());
		expect(merged.open).toEqual({ w2: [NOW, NOW + 1] });
	});
});
