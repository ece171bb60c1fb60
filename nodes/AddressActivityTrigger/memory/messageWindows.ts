/**
 * Which messages this process started a run for, per trigger URL (retries reuse a messageId for
 * about 45 hours). A claim is settled by n8n's answer: a 2xx keeps it, anything else forgets it so
 * the retry runs. Who may run a copy is decided in ../receive/copies.ts.
 */
import { BoundedMap } from '../../shared/memory/boundedMap';

export const DUPLICATE_WINDOW_MS = 48 * 60 * 60 * 1000;
const DUPLICATE_WINDOW_SIZE = 10_000;
/** A claim n8n never answered for this long (a process fault) no longer blocks the message. */
const UNANSWERED_CLAIM_MS = 60_000;

interface Claim {
	at: number;
	settled: boolean;
	/** Resolves true once the run was acknowledged to the service, false if it was not. */
	answered: Promise<boolean>;
	settle(acknowledged: boolean): void;
}

type ClaimResult =
	| { first: true; settle(acknowledged: boolean): void }
	| { first: false; answered: Promise<boolean> };

export class MessageWindow {
	private readonly claims = new Map<string, Claim>();

	constructor(
		private readonly windowMs = DUPLICATE_WINDOW_MS,
		private readonly size = DUPLICATE_WINDOW_SIZE,
	) {}

	/** Claims `messageId` for a run; synchronous, so two copies in one process cannot both be first. */
	claim(messageId: string, now: number): ClaimResult {
		const existing = this.claims.get(messageId);
		const stale = existing !== undefined && !existing.settled && now - existing.at >= UNANSWERED_CLAIM_MS;
		if (existing !== undefined && !stale && now - existing.at < this.windowMs) return { first: false, answered: existing.answered };
		existing?.settle(false);
		this.expire(now);
		let resolve!: (acknowledged: boolean) => void;
		const answered = new Promise<boolean>((done) => (resolve = done));
		const claim: Claim = {
			at: now,
			answered,
			settled: false,
			settle: (acknowledged) => {
				if (claim.settled) return;
				claim.settled = true;
				if (!acknowledged && this.claims.get(messageId) === claim) this.claims.delete(messageId);
				resolve(acknowledged);
			},
		};
		this.claims.delete(messageId);
		this.claims.set(messageId, claim);
		return { first: true, settle: claim.settle };
	}

	get count(): number {
		return this.claims.size;
	}

	private expire(now: number): void {
		// Oldest first (insertion order): stop at the first one still inside the window.
		for (const [id, claim] of this.claims) {
			if (this.claims.size < this.size && now - claim.at < this.windowMs) break;
			this.claims.delete(id);
		}
	}
}

/** Per trigger URL: the messageIds this process has run or is running. */
const messageWindows = new BoundedMap<string, MessageWindow>(2000);

/** The message window of a trigger URL, made on first use. */
export function messageWindowFor(url: string): MessageWindow {
	let window = messageWindows.get(url);
	if (window === undefined) {
		window = new MessageWindow();
		messageWindows.set(url, window);
	}
	return window;
}

/** Forgets which messages ran (with the rest of the process's memory, or as a fresh duplicate window in tests). */
export function forgetMessageWindows(): void {
	messageWindows.clear();
}
