// What this process ran and has not yet seen in the durable position, per trigger URL and chain:
// a new process starts with nothing (and a start-up catch-up due); forgetting the memory stands for
// a restart, which also ends the waits of its flushes and heals.
import { forgetPositionMemories, inBlockTime, noteChainClock, positionMemoryFor, positionTasksSignal, WRITER } from '../../../nodes/AddressActivityTrigger/memory/positionMemory';

const URL = 'https://n8n.example.com/webhook/abc/webhook';

afterEach(() => forgetPositionMemories());

describe('the position memory', () => {
	it('names this process with 12 hex digits, as the record\'s windows name their writers', () => {
		expect(WRITER).toMatch(/^[0-9a-f]{12}$/);
	});

	it('starts, for a URL and chain this process never received at, with nothing ran, nothing written and its start-up catch-up due', () => {
		expect(positionMemoryFor(URL, '43113')).toEqual({
			unrecorded: new Map(),
			pending: new Map(),
			lastWriteAt: 0,
			lastRunAt: 0,
			windowOpen: false,
			flushing: false,
			heal: 'due',
			healFailedAt: 0,
			chainAhead: [],
		});
	});

	it('gives a window as block times: unchanged until a delivery was seen, then widened by how far block times ran ahead of (or behind) this clock', () => {
		const memory = positionMemoryFor(URL, '43113');
		expect(inBlockTime(memory, 1_000_000, 1_005_000)).toEqual([1_000_000, 1_005_000]);
		// Blocks a minute ahead (less the delivery's 200 ms): the window ends that much later.
		noteChainClock(memory, 1_060_000, 1_000_200);
		noteChainClock(memory, 1_030_000, 1_000_500);
		expect(inBlockTime(memory, 1_000_000, 1_005_000)).toEqual([1_000_000, 1_064_800]);
		// Blocks behind this clock: the window starts earlier.
		const behind = positionMemoryFor(URL, '43114');
		noteChainClock(behind, 970_000, 1_000_000);
		expect(inBlockTime(behind, 1_000_000, 1_005_000)).toEqual([970_000, 1_005_000]);
	});

	it('keeps the clock difference of the last 32 deliveries only', () => {
		const memory = positionMemoryFor(URL, '43113');
		noteChainClock(memory, 1_100_000, 1_000_000);
		for (let delivery = 0; delivery < 32; delivery++) noteChainClock(memory, 1_000_000, 1_000_000);
		expect(inBlockTime(memory, 1_000_000, 1_005_000)).toEqual([1_000_000, 1_005_000]);
	});

	it('keeps what was noted per URL and chain', () => {
		const fuji = positionMemoryFor(URL, '43113');
		fuji.unrecorded.set('0xabc', { hash: '0xabc', block: 7, time: 1_700_000_000, readyAt: 5 });
		fuji.heal = 'done';
		fuji.lastRunAt = 1_000;
		expect(positionMemoryFor(URL, '43113').unrecorded.get('0xabc')).toEqual({ hash: '0xabc', block: 7, time: 1_700_000_000, readyAt: 5 });
		expect(positionMemoryFor(URL, '43113')).toMatchObject({ heal: 'done', lastRunAt: 1_000 });
		expect(positionMemoryFor(URL, '43114')).toMatchObject({ heal: 'due', lastRunAt: 0 });
		expect(positionMemoryFor(`${URL}2`, '43113').unrecorded.size).toBe(0);
	});

	it('is forgotten as at a restart: a new memory with the start-up catch-up due again', () => {
		const before = positionMemoryFor(URL, '43113');
		before.heal = 'done';
		before.pending.set('0xabc', 7);
		forgetPositionMemories();
		expect(positionMemoryFor(URL, '43113')).toMatchObject({ heal: 'due', pending: new Map() });
	});

	it('ends the waits of the flushes and heals under way when forgotten, and gives later ones a signal of their own', () => {
		const underWay = positionTasksSignal();
		const ended = jest.fn();
		underWay.addEventListener('abort', ended);
		expect(underWay.aborted).toBe(false);
		forgetPositionMemories();
		expect(underWay.aborted).toBe(true);
		expect(ended).toHaveBeenCalledTimes(1);
		expect(positionTasksSignal().aborted).toBe(false);
	});
});
