import { changeOperation } from './acrossItems';

// All input items at once: one read of each webhook's list, batched writes (acrossItems.ts).
export const { description, read, executeAll } = changeOperation(
	'remove',
	'Addresses to stop monitoring, separated by commas, spaces or new lines, or an array from an expression',
);
