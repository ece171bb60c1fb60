// Where the poll trigger's polling stands per address, as it keeps it in the node's static data:
// where a new cursor starts, what a poll reads, how far it moves, which transactions put out it
// remembers, and the state of chains no longer polled.
import type { IDataObject } from 'n8n-workflow';

import { advanceCursors, alignCursors, emittedBefore, forgetOtherChains, loadState, needsReading, saveState, type PollState } from '../../nodes/AddressActivityPollTrigger/cursor';
import { AddressSet } from '../../nodes/shared/model/addresses';

const ALICE = '0x1111111111111111111111111111111111111111';
const BOB = '0x2222222222222222222222222222222222222222';
const CAROL_MIXED = '0x333333333333333333333333333333333333333A';
const FUJI = '43113';
const C_CHAIN = '43114';

describe('loading and saving a chain\'s state', () => {
	it('starts fresh without a stored state, with the Start From Block asked for (null: the head)', () => {
		expect(loadState({}, FUJI, undefined)).toEqual({ chainId: FUJI, startFromBlock: null, cursors: {} });
		expect(loadState({}, FUJI, 100)).toEqual({ chainId: FUJI, startFromBlock: 100, cursors: {} });
	});

	it('loads a copy of what was saved per chain: a poll that fails half-way leaves the stored cursors as they were', () => {
		const data: IDataObject = {};
		saveState(data, FUJI, { chainId: FUJI, startFromBlock: null, cursors: { [ALICE]: { from: 10, upTo: 9 } } });
		saveState(data, C_CHAIN, { chainId: C_CHAIN, startFromBlock: null, cursors: { [BOB]: { from: 20 } } });
		const state = loadState(data, FUJI, undefined);
		expect(state.cursors).toEqual({ [ALICE]: { from: 10, upTo: 9 } });
		state.cursors[ALICE].from = 99;
		expect(loadState(data, FUJI, undefined).cursors[ALICE].from).toBe(10);
		expect(loadState(data, C_CHAIN, undefined).cursors).toEqual({ [BOB]: { from: 20 } });
	});

	it('keeps the cursors when Start From Block is removed, and starts again from a different one', () => {
		const data: IDataObject = {};
		saveState(data, FUJI, { chainId: FUJI, startFromBlock: 100, cursors: { [ALICE]: { from: 150 } } });
		expect(loadState(data, FUJI, undefined).cursors).toEqual({ [ALICE]: { from: 150 } });
		expect(loadState(data, FUJI, 100).cursors).toEqual({ [ALICE]: { from: 150 } });
		expect(loadState(data, FUJI, 120)).toEqual({ chainId: FUJI, startFromBlock: 120, cursors: {} });
	});

	it('reads version 1\'s single-chain state as its chain\'s, and drops it once the chains are saved', () => {
		const data: IDataObject = { poll: { chainId: FUJI, startFromBlock: null, cursors: { [ALICE]: { from: 7 } } } };
		expect(loadState(data, FUJI, undefined).cursors).toEqual({ [ALICE]: { from: 7 } });
		expect(loadState(data, C_CHAIN, undefined).cursors).toEqual({});
		saveState(data, FUJI, loadState(data, FUJI, undefined));
		forgetOtherChains(data, [FUJI]);
		expect(data.poll).toBeUndefined();
		expect(loadState(data, FUJI, undefined).cursors).toEqual({ [ALICE]: { from: 7 } });
	});

	it('forgets the chains no longer polled', () => {
		const data: IDataObject = {};
		saveState(data, FUJI, { chainId: FUJI, startFromBlock: null, cursors: {} });
		saveState(data, C_CHAIN, { chainId: C_CHAIN, startFromBlock: null, cursors: {} });
		forgetOtherChains(data, [C_CHAIN]);
		expect(Object.keys(data.polls as IDataObject)).toEqual([C_CHAIN]);
	});
});

describe('the cursors of the configured addresses', () => {
	const fresh = (): PollState => ({ chainId: FUJI, startFromBlock: null, cursors: {} });

	it('start after the head on the first poll, so no history comes along', () => {
		const state = fresh();
		alignCursors(state, new AddressSet([ALICE, CAROL_MIXED]), 500, undefined);
		expect(state.cursors).toEqual({ [ALICE]: { from: 501, upTo: 500 }, [CAROL_MIXED.toLowerCase()]: { from: 501, upTo: 500 } });
	});

	it('start at Start From Block on the first poll; an address added later starts after the head', () => {
		const state = fresh();
		alignCursors(state, new AddressSet([ALICE]), 500, 100);
		expect(state.cursors).toEqual({ [ALICE]: { from: 100 } });
		alignCursors(state, new AddressSet([ALICE, BOB]), 600, 100);
		expect(state.cursors).toEqual({ [ALICE]: { from: 100 }, [BOB]: { from: 601, upTo: 600 } });
	});

	it('drop the cursor of an address removed', () => {
		const state = fresh();
		alignCursors(state, new AddressSet([ALICE, BOB]), 500, undefined);
		alignCursors(state, new AddressSet([BOB]), 510, undefined);
		expect(Object.keys(state.cursors)).toEqual([BOB]);
	});

	it('are read when the head reached them and they are not complete up to it', () => {
		expect(needsReading({ from: 100 }, 100)).toBe(true);
		expect(needsReading({ from: 101, upTo: 100 }, 100)).toBe(false);
		expect(needsReading({ from: 100, upTo: 100 }, 100)).toBe(false);
		expect(needsReading({ from: 100, upTo: 100 }, 101)).toBe(true);
	});
});

describe('a poll\'s progress', () => {
	it('moves a cursor read completely to the head, one cut short to the block it reached (read again next), and leaves one not read', () => {
		const state: PollState = { chainId: FUJI, startFromBlock: 100, cursors: { [ALICE]: { from: 100 }, [BOB]: { from: 100 }, [CAROL_MIXED.toLowerCase()]: { from: 100 } } };
		advanceCursors(state, 300, new Map([[ALICE, { complete: true }], [BOB, { complete: false, reachedBlock: 180 }]]), new Map());
		expect(state.cursors).toEqual({ [ALICE]: { from: 300, upTo: 300 }, [BOB]: { from: 180 }, [CAROL_MIXED.toLowerCase()]: { from: 100 } });
	});

	it('never moves a cursor back', () => {
		const state: PollState = { chainId: FUJI, startFromBlock: null, cursors: { [ALICE]: { from: 400 } } };
		advanceCursors(state, 300, new Map([[ALICE, { complete: true }]]), new Map());
		expect(state.cursors[ALICE]).toEqual({ from: 400, upTo: 300 });
		advanceCursors(state, 300, new Map([[ALICE, { complete: false, reachedBlock: 350 }]]), new Map());
		expect(state.cursors[ALICE]).toEqual({ from: 400 });
	});

	it('remembers the transactions put out that the lowest cursor may still meet (its own block included), and nothing once none may', () => {
		const state: PollState = { chainId: FUJI, startFromBlock: null, cursors: { [ALICE]: { from: 100 }, [BOB]: { from: 100 } } };
		const emitted = new Map([['0xaa', 150], ['0xbb', 250], ['0xcc', 99], ['0xdd', 200]]);
		advanceCursors(state, 300, new Map([[ALICE, { complete: true }], [BOB, { complete: false, reachedBlock: 200 }]]), emitted);
		expect(emittedBefore(state)).toEqual(new Map([['0xbb', 250], ['0xdd', 200]]));
		advanceCursors(state, 300, new Map([[BOB, { complete: true }]]), emittedBefore(state));
		expect(state.emitted).toBeUndefined();
		expect(emittedBefore(state)).toEqual(new Map());
	});
});
