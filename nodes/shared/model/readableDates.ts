import type { IDataObject } from 'n8n-workflow';

// The service gives times as epoch numbers; a person reading the Table view wants a date. Each such
// field keeps its number (workflows compute with it) and gets an ISO 8601 companion right after it.

/** Epoch fields of the service's answers, and the unit each counts in. */
const EPOCH_FIELDS: Record<string, 'ms' | 's'> = {
	createdAt: 'ms',
	blockTimestamp: 's',
	consumingBlockTimestamp: 's',
};

/** How far into nested objects to look (a transaction's nativeTransaction, a UTXO's fields). */
const MAX_DEPTH = 4;
const LATEST_DATE_MS = 8.64e15;

/** The companion's name: createdAt → createdAtIso. */
function readableDateField(field: string): string {
	return `${field}Iso`;
}

// The transactions of one block share its timestamp and come one after another: the last date
// made is kept for the next entry instead of being made again.
let lastMs = NaN;
let lastIso: string | undefined;

function isoDate(value: unknown, unit: 'ms' | 's'): string | undefined {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return undefined;
	const ms = unit === 's' ? value * 1000 : value;
	if (ms !== lastMs) {
		lastIso = ms <= LATEST_DATE_MS ? new Date(ms).toISOString() : undefined;
		lastMs = ms;
	}
	return lastIso;
}

function withDates(value: unknown, depth: number): unknown {
	if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
	return Array.isArray(value) ? withDatesInList(value, depth) : withDatesInObject(value as IDataObject, depth);
}

// A list or object with no epoch field within MAX_DEPTH is returned as it is: copying every entry of
// a long list (Return All) cost more than reading it. Only what gains a date is built anew.

function withDatesInList(list: unknown[], depth: number): unknown[] {
	let result: unknown[] | undefined;
	for (let index = 0; index < list.length; index++) {
		const dated = withDates(list[index], depth + 1);
		if (dated !== list[index]) (result ??= list.slice())[index] = dated;
	}
	return result ?? list;
}

function withDatesInObject(object: IDataObject, depth: number): IDataObject {
	const keys = Object.keys(object);
	let result: IDataObject | undefined;
	for (let index = 0; index < keys.length; index++) {
		const key = keys[index];
		const entry = object[key];
		const dated = (entry !== null && typeof entry === 'object' ? withDates(entry, depth + 1) : entry) as IDataObject[string];
		const unit = EPOCH_FIELDS[key];
		const iso = unit === undefined ? undefined : isoDate(entry, unit);
		// An answer that already has the companion (a later service version) keeps its own.
		const companion = iso !== undefined && !(readableDateField(key) in object);
		if (result === undefined) {
			if (dated === entry && !companion) continue;
			result = {};
			for (let before = 0; before < index; before++) result[keys[before]] = object[keys[before]];
		}
		result[key] = dated;
		if (companion) result[readableDateField(key)] = iso;
	}
	return result ?? object;
}

/** The operation's result with an ISO date after every epoch field it knows. */
export function withReadableDates<T extends IDataObject | IDataObject[]>(result: T): T {
	return withDates(result, 0) as T;
}
