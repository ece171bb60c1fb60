import { changeOperation } from './addressChanges';

// All input items at once: one read of each webhook's list, batched writes (addressChanges.ts).
export const { description, read, executeAll } = changeOperation(
	'add',
	'Addresses to start monitoring (0x addresses, or P-Chain addresses for a P-Chain webhook), separated by commas, spaces or new lines, or an array from an expression',
);
