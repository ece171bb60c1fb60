/**
 * An L1 validator's fee balance alert and its disabling during a gap. Neither is a transaction, so
 * the history cannot list them; what is known: the fee balance and state when the gap began (as the
 * trigger recorded them), each top-up and removal since (a transaction: the balance before and after
 * it), what deliveries showed meanwhile (observed), and the validator now. A fall to or below the
 * threshold shows as a balance before a top-up, or now, at or below it while the alert was due; a
 * disabling as a balance of 0 before a top-up, or the validator inactive now. Such an event is put
 * out once, saying between which moments it happened and that the exact moment is not known.
 */
import type { IDataObject } from 'n8n-workflow';

import { navaxToAvax } from '../../shared/model/primaryNetwork';
import type { ValidatorWatch } from '../../shared/service/primaryNetworkWebhooks';
import type { Observation, PrimaryEventWindow } from '../memory/primaryEvents';
import type { KnownValidators } from '../staticData/primaryCatchUp';
import type { GapEvent } from './primaryGapRead';
import { aboveThreshold, type ValidatorsNow } from './validatorKnown';

const ZERO = BigInt(0);

/** A top-up or removal of an L1 validator: its fee balance before and after, at a second. */
export interface FeeBalanceStep {
	at: number;
	/** Its transaction's P-Chain height. */
	height: number;
	validationId: string;
	nodeId: string;
	subnetId: string;
	before: bigint;
	after: bigint;
	removed?: boolean;
}

type Moment = { at: number; step?: FeeBalanceStep; observation?: Observation };

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

interface Span {
	validationId: string;
	nodeId: string;
	subnetId: string;
	from: number;
	to: number;
	feeBalance: bigint;
}

/** Before a transaction of the same second (the fall came before the top-up), or after everything read. */
const BEFORE_STEP = 0;
const AT_THE_END = 2;

function derivedEvent(watch: ValidatorWatch, subEvent: 'l1_validator_balance_threshold' | 'l1_validator_disabled', span: Span, order: number): GapEvent {
	const event: IDataObject = {
		eventType: subEvent,
		network: watch.network,
		nodeId: span.nodeId,
		subnetId: span.subnetId,
		validationId: span.validationId,
		blockTimestamp: span.to,
		feeBalance: span.feeBalance.toString(),
		...(subEvent === 'l1_validator_balance_threshold' ? { feeBalanceThreshold: watch.feeBalanceThresholdNavax } : {}),
	};
	const what =
		subEvent === 'l1_validator_balance_threshold'
			? `The fee balance of L1 validator ${span.nodeId} fell to or below ${navaxToAvax(watch.feeBalanceThresholdNavax ?? '0')} AVAX`
			: `L1 validator ${span.nodeId} was disabled`;
	const message = `${what} between ${iso(span.from)} and ${iso(span.to)}, while the workflow was not receiving; the exact moment is not known (blockTimestamp is the end of that span) and feeBalance is its fee balance at that end, ${navaxToAvax(span.feeBalance.toString())} AVAX`;
	return { at: span.to, order, event, span: { validationId: span.validationId, from: span.from, to: span.to, feeBalance: span.feeBalance.toString() }, notKnown: ['blockTimestamp', 'feeBalance'], message };
}

export interface FeeBalanceFacts {
	known: KnownValidators;
	/** When `known` was recorded (ms). */
	knownAt: number;
	/** Top-ups and removals of the watched validators since the gap began, oldest first. */
	steps: FeeBalanceStep[];
	now: ValidatorsNow;
	/** When `now` was read (seconds). */
	readAt: number;
	window: PrimaryEventWindow;
}

/** Where one validator stands while its gap is walked: the alert or disabling due, since when it was known above the threshold or active. */
interface Standing {
	armed: boolean;
	armedSince: number;
	active: boolean;
	activeSince: number;
}

/** The fee balance alerts and disablings of the gap, per watched L1 validator. */
export function feeBalanceEvents(watch: ValidatorWatch, facts: FeeBalanceFacts): GapEvent[] {
	const { known, steps, now, readAt, window } = facts;
	const alerts = (watch.subEvents as string[]).includes('l1_validator_balance_threshold') && watch.feeBalanceThresholdNavax !== undefined;
	const disablings = (watch.subEvents as string[]).includes('l1_validator_disabled');
	const threshold = BigInt(watch.feeBalanceThresholdNavax ?? '0');
	const knownSecond = Math.floor(facts.knownAt / 1000);
	const validations = new Set([...Object.keys(known), ...now.all.keys(), ...steps.map((step) => step.validationId)]);
	const events: GapEvent[] = [];
	for (const validationId of validations) {
		const before = known[validationId];
		const current = now.all.get(validationId);
		const ids = current ?? before ?? steps.find((step) => step.validationId === validationId)!;
		const at: Standing = {
			armed: before?.armed ?? false,
			armedSince: before?.armedSince ?? knownSecond,
			active: before?.active ?? false,
			activeSince: before?.activeSince ?? knownSecond,
		};
		const span = (from: number, to: number, feeBalance: bigint): Span => ({ validationId, nodeId: ids.nodeId, subnetId: ids.subnetId, from, to, feeBalance });
		// A top-up or removal came after `known` was read when it is higher on the P-Chain (or in a later
		// second, when the height was not said); what deliveries showed from that second on applies, in
		// the order they came in.
		const after = (step: FeeBalanceStep) => (before === undefined ? true : before.height === undefined ? step.at > knownSecond : step.height > before.height);
		const moments: Moment[] = [
			...steps.filter((step) => step.validationId === validationId && after(step)).map((step) => ({ at: step.at, step })),
			...window.observedAfter(validationId, knownSecond - 1).map((observation) => ({ at: observation.at, observation })),
		].sort((a, b) => a.at - b.at);
		for (const { at: second, step, observation } of moments) {
			if (step !== undefined) {
				if (alerts && at.armed && step.before <= threshold) events.push(derivedEvent(watch, 'l1_validator_balance_threshold', span(at.armedSince, second, step.before), BEFORE_STEP));
				if (disablings && at.active && step.before === ZERO && !step.removed) events.push(derivedEvent(watch, 'l1_validator_disabled', span(at.activeSince, second, step.before), BEFORE_STEP));
				at.armed = !step.removed && aboveThreshold(watch, step.after);
				at.active = !step.removed;
				at.armedSince = at.activeSince = second;
			} else if (observation !== undefined) {
				if (observation.subEvent === 'l1_validator_balance_threshold') at.armed = false;
				else if (observation.feeBalance !== undefined && aboveThreshold(watch, BigInt(observation.feeBalance))) [at.armed, at.armedSince] = [true, second];
				if (observation.subEvent === 'l1_validator_disabled' || observation.subEvent === 'l1_validator_removed') at.active = false;
				else if (observation.subEvent === 'l1_validator_balance_increased') [at.active, at.activeSince] = [true, second];
			}
		}
		// Removed now (weight 0): its fee balance went back to its owner; no alert or disabling follows.
		if (current === undefined || current.weight === 0) continue;
		if (alerts && at.armed && current.remainingBalance <= threshold) {
			events.push(derivedEvent(watch, 'l1_validator_balance_threshold', span(at.armedSince, readAt, current.remainingBalance), AT_THE_END));
		}
		const activeNow = now.active === undefined ? current.remainingBalance > ZERO : now.active.has(validationId);
		if (disablings && at.active && !activeNow) events.push(derivedEvent(watch, 'l1_validator_disabled', span(at.activeSince, readAt, current.remainingBalance), AT_THE_END));
	}
	return events;
}
