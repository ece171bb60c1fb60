/**
 * Which P-Chain and validator events this process put out per trigger URL, live or in a catch-up,
 * so that an event met by both runs once (the EVM trigger's transactionWindows.ts, for events):
 * - events with a transaction are claimed by key (its txHash, the sub-event and, for a balance
 *   change, the balance type);
 * - an L1 validator's fee balance alert and its disabling carry no transaction: a catch-up that put
 *   one out covers a time span for that validation (a delivery from within it is the same event),
 *   and what deliveries showed of the fee balance is observed, so the next catch-up starts from it.
 */
import { BoundedMap } from '../../shared/memory/boundedMap';

/** Claims remembered per URL: far more than arrive around one deactivation or activation. */
const CLAIMS_MAX = 20_000;
/** Observations and covered spans kept per validation. */
const PER_VALIDATION_MAX = 50;

/** What a delivery or a catch-up showed of an L1 validator at a moment (seconds). */
export interface Observation {
	at: number;
	/** The sub-event: l1_validator_balance_threshold (an alert ran), _increased, _disabled, _removed. */
	subEvent: string;
	/** Its fee balance then, nAVAX, when known. */
	feeBalance?: string;
}

/** A span (seconds) a catch-up put an event out for, and the fee balance at its end (nAVAX). */
export interface CoveredSpan {
	from: number;
	to: number;
	feeBalance: string;
}

function pushBounded<T>(map: Map<string, T[]>, key: string, value: T): void {
	const list = map.get(key) ?? [];
	list.push(value);
	if (list.length > PER_VALIDATION_MAX) list.shift();
	map.set(key, list);
}

function removeFrom<T>(list: T[] | undefined, value: T): void {
	const index = list?.indexOf(value) ?? -1;
	if (index >= 0) list!.splice(index, 1);
}

class PrimaryEventWindow {
	/** Key -> the event's time (seconds) and whether a catch-up put it out. */
	private readonly claims = new Map<string, { at: number; caughtUp: boolean }>();

	private readonly observations = new Map<string, Observation[]>();

	/** `validationId|subEvent` -> spans (seconds) a catch-up put that event out for. */
	private readonly covered = new Map<string, CoveredSpan[]>();

	/** For a catch-up: claims the events not put out before, live or caught up, and returns their keys (synchronous). */
	claimCaughtUp(events: Array<{ key: string; at: number }>): Set<string> {
		const claimed = new Set<string>();
		for (const { key, at } of events) {
			if (this.claims.has(key)) continue;
			this.claims.set(key, { at, caughtUp: true });
			claimed.add(key);
		}
		this.trim();
		return claimed;
	}

	/** For a delivery: false when a catch-up put the event out; else records it. */
	claimLive(key: string, at: number): boolean {
		if (this.claims.get(key)?.caughtUp === true) return false;
		this.claims.delete(key);
		this.claims.set(key, { at, caughtUp: false });
		this.trim();
		return true;
	}

	/** Gives up claims whose run n8n did not accept, so that a retry or the next catch-up runs them. */
	release(keys: Iterable<string>): void {
		for (const key of keys) this.claims.delete(key);
	}

	/** The keys of events put out at or after `seconds`. */
	since(seconds: number): string[] {
		return [...this.claims].filter(([, claim]) => claim.at >= seconds).map(([key]) => key);
	}

	observe(validationId: string, observation: Observation): void {
		pushBounded(this.observations, validationId, observation);
	}

	/** What was observed of a validation after `seconds`, oldest first. */
	observedAfter(validationId: string, seconds: number): Observation[] {
		return (this.observations.get(validationId) ?? []).filter((observation) => observation.at > seconds).sort((a, b) => a.at - b.at);
	}

	/**
	 * A catch-up puts out `subEvent` of the validation for what happened from `from` to `to` (seconds):
	 * a delivery from within that span is the same event, and the next catch-up starts after it.
	 * Returns what gives it up again (n8n did not accept the run).
	 */
	cover(validationId: string, subEvent: string, { from, to, feeBalance }: CoveredSpan): () => void {
		const span: CoveredSpan = { from, to, feeBalance };
		const observation: Observation = { at: to, subEvent };
		pushBounded(this.covered, `${validationId}|${subEvent}`, span);
		pushBounded(this.observations, validationId, observation);
		return () => {
			removeFrom(this.covered.get(`${validationId}|${subEvent}`), span);
			removeFrom(this.observations.get(validationId), observation);
		};
	}

	/**
	 * Whether a catch-up put out this event already: `at` (seconds) lies in a span it covered. In the
	 * span's last second the event may also be a new one (a top-up and a fall after the catch-up read
	 * the balance, within that second): it is the same only if its fee balance is not lower than the
	 * balance the catch-up read, as fees alone only lower it after the fall.
	 */
	isCovered(validationId: string, subEvent: string, at: number, feeBalance?: string): boolean {
		return (this.covered.get(`${validationId}|${subEvent}`) ?? []).some(
			(span) => at >= span.from && (at < span.to || (at === span.to && (feeBalance === undefined || BigInt(feeBalance) >= BigInt(span.feeBalance)))),
		);
	}

	private trim(): void {
		for (const key of this.claims.keys()) {
			if (this.claims.size <= CLAIMS_MAX) break;
			this.claims.delete(key);
		}
	}
}

export type { PrimaryEventWindow };

/** Per trigger URL: the P-Chain or validator events this process put out. */
const windows = new BoundedMap<string, PrimaryEventWindow>(2000);

export function primaryEventWindowFor(url: string): PrimaryEventWindow {
	let window = windows.get(url);
	if (window === undefined) {
		window = new PrimaryEventWindow();
		windows.set(url, window);
	}
	return window;
}

/** Forgets every window (with the rest of the process's memory). */
export function forgetPrimaryEventWindows(): void {
	windows.clear();
}
