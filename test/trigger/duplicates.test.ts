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

	it('keeps at most the window size, dropping the oldest ids first', () => {
		const state: IDataObject = {};
		for (let index = 0; index < 5; index++) isDuplicateMessage(state, `${index}`, index, DUPLICATE_WINDOW_MS, 3);
		expect(Object.keys(state.seenMessages as object).sort()).toEqual(['2', '3', '4']);
		expect(isDuplicateMessage(state, '0', 10, DUPLICATE_WINDOW_MS, 3)).toBe(false);
		expect(isDuplicateMessage(state, '4', 11, DUPLICATE_WINDOW_MS, 3)).toBe(true);
	});

	it('keeps its state as plain JSON, as static data must be', () => {
		const state: IDataObject = {};
		isDuplicateMessage(state, 'm-1', 5);
		expect(JSON.parse(JSON.stringify(state))).toEqual({ seenMessages: { 'm-1': 5 } });
	});
});
