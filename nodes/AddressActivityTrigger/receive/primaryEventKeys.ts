/**
 * How a P-Chain or validator event is told apart from every other, for running it once between live
 * deliveries and catch-ups (../memory/primaryEvents.ts): the same key whether a delivery brought it
 * or a catch-up read it from the history.
 */
import type { IDataObject } from 'n8n-workflow';

import { VALIDATOR_THRESHOLD_ALIAS } from '../../shared/model/primaryNetwork';

/** The sub-event as the trigger names it (the documentation's other name of the fee balance alert read as the SDK's). */
export function subEventOf(event: IDataObject): string {
	const name = String(event.eventType ?? '');
	return name === VALIDATOR_THRESHOLD_ALIAS ? 'l1_validator_balance_threshold' : name;
}

/**
 * The key of an event of a transaction: its txHash and sub-event, and for a P-Chain balance change
 * the balance type (one transaction changes several). Undefined for an event without a transaction
 * (an L1 validator's fee balance alert, its disabling): those are covered by time instead.
 */
export function primaryEventKey(kind: 'pChain' | 'validator', event: IDataObject): string | undefined {
	const txHash = typeof event.txHash === 'string' && event.txHash !== '' ? event.txHash : undefined;
	if (txHash === undefined) return undefined;
	const subEvent = subEventOf(event);
	if (kind === 'validator') return `v|${txHash}|${subEvent}`;
	return `p|${txHash}|${subEvent}|${subEvent === 'balance_change' ? String(event.balanceType ?? '') : ''}`;
}

/** The L1 validation an event is about (its validationId, else its node on its subnet). */
export function validationOf(event: IDataObject): string | undefined {
	if (typeof event.validationId === 'string' && event.validationId !== '') return event.validationId;
	return typeof event.nodeId === 'string' && typeof event.subnetId === 'string' ? `${event.subnetId}/${event.nodeId}` : undefined;
}
