/**
 * The durable position (position.ts) of a P-Chain or validator trigger, kept at positionSlots.ts's
 * PRIMARY_SLOT: seconds stand for blocks, and each event that ran stands for a transaction. An event
 * of a transaction is recorded by its key (../receive/primaryEventKeys.ts); an L1 validator's fee
 * balance alert or disabling, which has no transaction, by its validation, sub-event and second. So
 * a catch-up after a restart leaves out what ran live before it, and marks what a process may have
 * run without writing it (an open window) as a possible repeat. Pure functions.
 */
import { createHash } from 'crypto';

import type { RanTransaction } from '../memory/positionMemory';
import { recorded, transactionKey, type Position } from './position';

export type Standing = 'recorded' | 'possibleRepeat' | 'new';

/** The record's hash of an event's key: hex, as the record keys transactions. */
function hashOf(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

function validationKey(validationId: string, subEvent: string, second: number): string {
	return `s|${validationId}|${subEvent}|${second}`;
}

/** An event of a transaction that ran, by its key, at its second. */
export function ranEvent(key: string, at: number): RanTransaction {
	return { hash: hashOf(key), block: at, time: at };
}

/**
 * An L1 validator's fee balance alert or disabling that ran, at its second; with `feeBalance`, the
 * delivery itself (its copies have the same), else any of them that second (what a catch-up checks).
 */
export function ranValidationEvent(validationId: string, subEvent: string, at: number, feeBalance?: string): RanTransaction {
	const key = validationKey(validationId, subEvent, at);
	return { hash: hashOf(feeBalance === undefined ? key : `${key}|${feeBalance}`), block: at, time: at };
}

/**
 * Whether a window of the record (a process may have run events not written), or `mayHaveRun` (a
 * heal's: the minute before the asking process started), overlaps these seconds, widened back by `lateMs`.
 */
function windowOver(position: Position | undefined, from: number, to: number, lateMs: number, mayHaveRun?: [number, number]): boolean {
	const windows = [...Object.values(position?.open ?? {}), ...(mayHaveRun === undefined ? [] : [mayHaveRun])];
	return windows.some(([since, until]) => to * 1000 >= since - lateMs && from * 1000 <= until);
}

/** Whether a catch-up's event of a transaction ran already (or is before the record's start), may have, or is new. */
export function eventStanding(position: Position | undefined, keys: Set<string>, ran: RanTransaction, lateMs: number, mayHaveRun?: [number, number]): Standing {
	if (recorded(position, keys, ran)) return 'recorded';
	return windowOver(position, ran.block, ran.block, lateMs, mayHaveRun) ? 'possibleRepeat' : 'new';
}

/**
 * The same for a fee balance alert or disabling a catch-up tells happened between two seconds: it
 * ran already when one of that validation's and sub-event's ran within them (a live delivery of the
 * same fall, or an earlier catch-up's), or they end before the record's start.
 */
export function spanStanding(
	position: Position | undefined,
	keys: Set<string>,
	event: { validationId: string; subEvent: string; from: number; to: number },
	lateMs: number,
	mayHaveRun?: [number, number],
): Standing {
	const { validationId, subEvent, from, to } = event;
	if (position !== undefined && to < position.from) return 'recorded';
	const ranWithin = (position?.ran ?? []).some(([second]) => second >= from && second <= to && keys.has(transactionKey(hashOf(validationKey(validationId, subEvent, second)))));
	if (ranWithin) return 'recorded';
	return windowOver(position, from, to, lateMs, mayHaveRun) ? 'possibleRepeat' : 'new';
}
