/**
 * What a live P-Chain or validator delivery's run leaves in the trigger's durable position
 * (../staticData/primaryPosition.ts), as an EVM delivery's run does (liveRunRecord.ts): an event the
 * record lists ran already (a catch-up, another process, or this one before a restart put it out);
 * a run is written there with this request or by a flush, so that a catch-up after a restart does
 * not put it out again; and a process that has just started asks for a catch-up (a heal) of what
 * n8n may have acknowledged for it while starting.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { RanTransaction } from '../memory/positionMemory';
import { ranKeys, transactionKey } from '../staticData/position';
import { PRIMARY_SLOT } from '../staticData/positionSlots';
import { loadedPosition, positionKept } from '../staticData/positionWrites';
import { ranEvent, ranValidationEvent } from '../staticData/primaryPosition';
import { healAfterStart, keepRun } from './liveRunRecord';
import { primaryEventKey, subEventOf, validationOf } from './primaryEventKeys';

/** A delivered event as the record names it: what a copy of it would find there, and what its run writes. */
export interface RecordedEvent {
	copy: RanTransaction;
	ran: RanTransaction[];
}

/**
 * How the record names a delivered event; undefined for one it cannot tell apart (no transaction,
 * no validation). A fee balance alert or disabling is written twice: as this delivery (its fee
 * balance tells a new fall in the same second from it) and as that second's (a catch-up's span).
 */
export function recordedEventOf(kind: 'pChain' | 'validator', event: IDataObject, at: number): RecordedEvent | undefined {
	const key = primaryEventKey(kind, event);
	if (key !== undefined) return { copy: ranEvent(key, at), ran: [ranEvent(key, at)] };
	const validationId = kind === 'validator' ? validationOf(event) : undefined;
	if (validationId === undefined) return undefined;
	const subEvent = subEventOf(event);
	const copy = ranValidationEvent(validationId, subEvent, at, String(event.feeBalance ?? ''));
	return { copy, ran: [copy, ranValidationEvent(validationId, subEvent, at)] };
}

/**
 * In a process that has just started (nothing in its memory for this URL): a catch-up from the
 * durable position of what was made until now, as the EVM trigger's heal, bound by time
 * (../catchUp/primaryRun.ts answers it).
 */
export function healPrimaryAfterStart(context: IWebhookFunctions, target: { url: string; webhookId: string }): void {
	healAfterStart(context, { ...target, chainId: PRIMARY_SLOT }, false);
}

/** Whether the durable position lists this event as run (a copy after a restart, or put out by a catch-up elsewhere). */
export function primaryEventRanAlready(context: IWebhookFunctions, recorded: RecordedEvent | undefined): boolean {
	if (recorded === undefined || !positionKept(context)) return false;
	const loaded = loadedPosition(context, PRIMARY_SLOT);
	return loaded !== undefined && ranKeys(loaded).has(transactionKey(recorded.copy.hash));
}

/** Records the event's run being handed to n8n (call before returning it); no-op while test listening or with the catch-up off. */
export function keepPrimaryLiveRun(context: IWebhookFunctions, target: { url: string; webhookId: string }, recorded: RecordedEvent | undefined, arrivedAt: number): void {
	if (recorded === undefined || !positionKept(context)) return;
	keepRun(context, { ...target, chainId: PRIMARY_SLOT }, recorded.ran, arrivedAt);
}
