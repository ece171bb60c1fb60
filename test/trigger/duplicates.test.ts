import type { IDataObject } from 'n8n-workflow';

import { DUPLICATE_WINDOW_MS, isDuplicateMessage } from '../../nodes/AddressActivityTrigger/duplicates';

describe('duplicate messages', () => {
	it('reports a messageId seen again within the window', () => {
		const state: IDataObject = {};
		expect(isDuplicateMessage(state, 'm-1', 1000)).toBe(false);
		expect(isDuplicateMessage(state, 'm-2', 2000)).toBe(false);
		expect(isDuplicateMessage(state, 'm-1', 3000)).toBe(true);
	});

	it('forgets a messageId once the window has passed', () => {
		const state: IDataObject = {};
		isDuplicateMessage(state, 'm-1', 0);
		expect(isDuplicateMessage(state, 'm-1', DUPLICATE_WINDOW_MS + 1)).toBe(false);
	});

	it('keeps the newest ids up to the window size (plus a quarter), dropping the oldest first', () => {
		const state: IDataObject = {};
		for (let index = 0; index < 5; index++) isDuplicateMessage(state, `${index}`, index, DUPLICATE_WINDOW_MS, 3);
		expect((state.seenMessages as IDataObject).ids).toEqual(['2', '3', '4']);
		expect(isDuplicateMessage(state, '0', 10, DUPLICATE_WINDOW_MS, 3)).toBe(false);
		expect(isDuplicateMessage(state, '4', 11, DUPLICATE_WINDOW_MS, 3)).toBe(true);

		const large: IDataObject = {};
		for (let index = 0; index < 1300; index++) isDuplicateMessage(large, `id-${index}`, index);
		const ids = (large.seenMessages as IDataObject).ids as string[];
		expect(ids.length).toBeGreaterThanOrEqual(1000);
		expect(ids.length).toBeLessThanOrEqual(1250);
		expect(ids[ids.length - 1]).toBe('id-1299');
		expect(isDuplicateMessage(large, 'id-300', 2000)).toBe(true);
		expect(isDuplicateMessage(large, 'id-0', 2001)).toBe(false);
	});

	it('drops expired ids from the front', () => {
		const state: IDataObject = {};
		isDuplicateMessage(state, 'old', 0, 100);
		isDuplicateMessage(state, 'new', 50, 100);
		isDuplicateMessage(state, 'newest', 120, 100);
		expect(state.seenMessages).toEqual({ ids: ['new', 'newest'], at: [50, 120] });
	});

	it('keeps its state as plain JSON, as static data must be', () => {
		const state: IDataObject = {};
		isDuplicateMessage(state, 'm-1', 5);
		expect(JSON.parse(JSON.stringify(state))).toEqual({ seenMessages: { ids: ['m-1'], at: [5] } });
	});
});
