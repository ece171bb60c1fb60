/**
 * Where catching up stands for a P-Chain or validator trigger (../catchUp/primaryGaps.ts), at the top
 * level of static data beside its one webhook (registration.ts). Positions are times: the history
 * of these events is read by timestamp. Only the lifecycle methods write it, as the EVM trigger's
 * `gap` and `mark` (chainStates.ts); webhook() reads it for Webhook > Reactivate.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { storeInStaticData } from '../../shared/n8n/n8nInternals';

const KEY = 'primaryCatchUp';

/** What the trigger last knew of one watched L1 validator (the routes give its fee balance now, not at a past moment). */
export interface KnownValidator extends IDataObject {
	nodeId: string;
	subnetId: string;
	/** nAVAX */
	feeBalance: string;
	/** The P-Chain height it was read at: transactions above it came after. */
	height?: number;
	/** Active (not disabled, not removed, fee balance left), or disabled without a run that said so yet. */
	active: boolean;
	/** When it was last known active (seconds). */
	activeSince: number;
	/** Its fee balance was above the threshold since the last alert: the next fall to or below it alerts (or its alert is due). */
	armed: boolean;
	/** When its fee balance was last known above the threshold (seconds). */
	armedSince: number;
}

export type KnownValidators = Record<string, KnownValidator>;

export interface PrimaryCatchUpState extends IDataObject {
	/** Once the webhook last received again: when (ms), the P-Chain's height then, and the L1 validators as they were then. */
	mark?: { at: number; height?: number; validators?: KnownValidators };
	/**
	 * A gap not caught up yet: its first second, when it began (ms; null: unknown), the height after
	 * which it began (transactions at or below it were delivered, or came before the trigger watched),
	 * what the trigger knew then, events already put out.
	 */
	gap?: { from: number; at: number | null; afterHeight?: number; validators?: KnownValidators; seen: string[] };
}

/** The state as static data holds it (empty when there is none). */
export function primaryCatchUpOf(data: IDataObject): PrimaryCatchUpState {
	return ((data[KEY] as PrimaryCatchUpState | undefined) ?? {}) as PrimaryCatchUpState;
}

/** Stores the state (assigned whole: storeInStaticData), or removes it when it holds nothing. */
export function savePrimaryCatchUp(context: IHookFunctions, state: PrimaryCatchUpState): void {
	const data = context.getWorkflowStaticData('node');
	const empty = state.mark === undefined && state.gap === undefined;
	storeInStaticData(data, KEY, empty ? undefined : { ...state });
}

/** Forgets it (the trigger's Event changed to EVM address activity, which keeps its own per chain). */
export function clearPrimaryCatchUp(data: IDataObject): void {
	if (data[KEY] !== undefined) storeInStaticData(data, KEY, undefined);
}
