import type { IDataObject } from 'n8n-workflow';

/**
 * Retries of one message reuse its messageId for about 45 hours, so the window keeps ids for
 * 48 hours; the count bound keeps the node's static data (saved with the workflow) small.
 */
export const DUPLICATE_WINDOW_MS = 48 * 60 * 60 * 1000;
export const DUPLICATE_WINDOW_SIZE = 1000;

/** The window in the node's static data: messageIds and when they were first seen (ms), oldest first. */
export interface SeenMessages extends IDataObject {
	ids: string[];
	at: number[];
}

/**
 * Records messageId as seen at `now` and returns true when it was already seen within the window.
 * The lists are trimmed in chunks (up to a quarter over the size), which keeps the cost per
 * message low; assigning the window back marks the static data as changed so that n8n saves it.
 */
export function isDuplicateMessage(
	state: IDataObject,
	messageId: string,
	now: number,
	windowMs = DUPLICATE_WINDOW_MS,
	windowSize = DUPLICATE_WINDOW_SIZE,
): boolean {
	const previous = state.seenMessages as Partial<SeenMessages> | undefined;
	const ids = Array.isArray(previous?.ids) ? previous.ids : [];
	const at = Array.isArray(previous?.at) && previous.at.length === ids.length ? previous.at : ids.map(() => now);
	const index = ids.lastIndexOf(messageId);
	if (index !== -1 && now - at[index] < windowMs) return true;

	ids.push(messageId);
	at.push(now);
	let drop = 0;
	while (drop < ids.length && now - at[drop] >= windowMs) drop++;
	if (ids.length - drop > windowSize + Math.floor(windowSize / 4)) drop = ids.length - windowSize;
	if (drop > 0) {
		ids.splice(0, drop);
		at.splice(0, drop);
	}
	state.seenMessages = { ids, at };
	return false;
}
