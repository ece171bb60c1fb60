/**
 * Whether a P-Chain or validator delivery's event runs, against what catch-ups put out in this
 * process (../memory/primaryEvents.ts): an event of a transaction is claimed by key; an L1
 * validator's fee balance alert or disabling runs unless a catch-up covered its moment. What the
 * delivery shows of a fee balance is observed once n8n accepted its run, for the next catch-up.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { EVENT_TYPES } from '../../shared/model/primaryNetwork';
import { primaryEventWindowFor } from '../memory/primaryEvents';
import type { PrimaryNetworkEventType } from '../parameters/readPrimaryNetworkParameters';
import { settleWithAnswer } from './answers';
import { primaryEventKey, subEventOf, validationOf } from './primaryEventKeys';

/** Sub-events whose deliveries say something about the fee balance or the state of an L1 validator. */
const FEE_BALANCE_EVENTS = ['l1_validator_balance_increased', 'l1_validator_balance_threshold', 'l1_validator_disabled', 'l1_validator_removed'];

/** The fee balance a delivery shows (nAVAX), when it is a whole number. */
function feeBalanceOf(event: IDataObject): string | undefined {
	const value = event.feeBalance;
	return (typeof value === 'string' && /^\d+$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ? String(value) : undefined;
}

/** False when a catch-up put the event out already; else it is claimed, and given up unless n8n accepts the run. */
export function claimLiveEvent(context: IWebhookFunctions, url: string, eventType: PrimaryNetworkEventType, body: unknown): boolean {
	const event = ((body as IDataObject | null)?.event ?? {}) as IDataObject;
	const at = typeof event.blockTimestamp === 'number' ? event.blockTimestamp : Math.floor(Date.now() / 1000);
	const window = primaryEventWindowFor(url);
	const validator = eventType === EVENT_TYPES.validatorActivity;
	const key = primaryEventKey(validator ? 'validator' : 'pChain', event);
	const subEvent = subEventOf(event);
	const validationId = validator ? validationOf(event) : undefined;
	const feeBalance = feeBalanceOf(event);
	if (key === undefined && validationId !== undefined && window.isCovered(validationId, subEvent, at, feeBalance)) return false;
	if (key !== undefined && !window.claimLive(key, at)) return false;
	settleWithAnswer(context, (acknowledged) => {
		if (!acknowledged) {
			if (key !== undefined) window.release([key]);
			return;
		}
		if (validationId !== undefined && FEE_BALANCE_EVENTS.includes(subEvent)) {
			window.observe(validationId, { at, subEvent, ...(feeBalance === undefined ? {} : { feeBalance }) });
		}
	});
	return true;
}
