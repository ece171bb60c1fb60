import type { IDataObject } from 'n8n-workflow';

/**
 * Retries of one message reuse its messageId for about 45 hours, so the window keeps ids for
 * 48 hours; the count bound keeps the node's static data (saved with the workflow) small.
 */
export const DUPLICATE_WINDOW_MS = 48 * 60 * 60 * 1000;
export const DUPLICATE_WINDOW_SIZE = 1000;

/** messageId -> time first seen (ms since epoch), oldest first. Lives in the node's static data. */
export type SeenMessages = Record<string, number>;

/**
 * Records messageId as seen at `now` and returns true when it was already seen within the window.
 * Mutates `state.seenMessages` so that n8n persists it with the static data.
 */
export function isDuplicateMessage(
	state: IDataObject,
	messageId: string,
	now: number,
	windowMs = DUPLICATE_WINDOW_MS,
	windowSize = DUPLICATE_WINDOW_SIZE,
): boolean {
	const previous = (state.seenMessages ?? {}) as SeenMessages;
	const seenAt = previous[messageId];
	if (seenAt !== undefined && now - seenAt < windowMs) return true;

	const kept = Object.entries(previous).filter(([id, at]) => id !== messageId && now - at < windowMs);
	kept.push([messageId, now]);
	// Sort by time: object key order is not insertion order for integer-like ids.
	kept.sort((a, b) => a[1] - b[1]);
	const seenMessages: SeenMessages = {};
	for (const [id, at] of kept.slice(-windowSize)) seenMessages[id] = at;
	// Assigning a new object (rather than editing in place) marks the static data as changed.
	state.seenMessages = seenMessages;
	return false;
}
