/**
 * What the trigger keeps in one n8n process's memory, never in static data (saved whole by whoever
 * writes last). Any of it may be lost at any moment and is re-read from the service when needed.
 */
import type { IDataObject } from 'n8n-workflow';

import { BoundedMap } from './boundedMap';
import type { AddressSet } from '../shared/addresses';
import type { NativeToken } from '../shared/transfers';
import { transactionWindows } from './transactionWindow';

/** A webhook registered at one of this process's trigger URLs (one per chain), as last read from the service. */
export interface KnownWebhook {
	id: string;
	/** Address activity webhooks are on one chain; P-Chain and validator webhooks on none. */
	chainId?: string;
	/** Its monitored addresses at the service. */
	addresses: AddressSet;
	/** When a delivery last made this process read it again (ms; 0 = never). */
	rereadAt: number;
}

/** Per trigger URL (unique to workflow and node) and webhook id: webhookKey(). */
export const knownWebhooks = new BoundedMap<string, KnownWebhook>(2000);

/** The key of a webhook at a trigger URL in knownWebhooks and webhookReads. */
export function webhookKey(url: string, webhookId: string): string {
	return `${webhookId} ${url}`;
}

/** Forgets every webhook known at a trigger URL (deactivation). */
export function forgetWebhooksAt(url: string): void {
	knownWebhooks.deleteWhere((key) => key.endsWith(` ${url}`));
}

/** Webhook ids a delivery named that the service says deliver elsewhere (or no longer exist), with when (ms). */
export const foreignWebhooks = new BoundedMap<string, number>(2000);

/** The account's shared secret per credential, and when it was last read from the service. */
interface SecretEntry {
	secret?: string;
	/** When this process's last read of it started (ms; 0 = at activation, or never). */
	readStartedAt: number;
	/** A read in progress: concurrent deliveries wait for it instead of sending their own. */
	reading?: Promise<string | undefined>;
}

export const sharedSecrets = new BoundedMap<string, SecretEntry>(200);

/** When a trigger's activation or deactivation that has not succeeded yet began (per workflow, node and URL kind). */
export const lifecycleStarts = new BoundedMap<string, number>(2000);

/** Per trigger URL: the messageIds this process has run or is running (MessageWindow below). */
export const messageWindows = new BoundedMap<string, MessageWindow>(2000);

/** Reads of a trigger's webhook under way, per webhookKey(): deliveries that need one wait for it together. */
export const webhookReads = new Map<string, { startedAt: number; read: Promise<KnownWebhook | undefined> }>();

/** Native token per chain, learned at activation (deliveries usually name it themselves). */
export const nativeTokens = new BoundedMap<string, NativeToken>(200);

/**
 * Long Addresses parameters, parsed: each delivery reads the parameter again, and parsing 100,000
 * addresses took 140 ms a delivery (0.26 ms with this; `npm run bench`). Keyed by the text itself.
 */
export const parsedAddressLists = new BoundedMap<string, AddressSet>(8);

/**
 * What "Listen for test event" registered, per workflow and node: like static data for production,
 * but kept in memory only (test listening never touches static data).
 */
export const testRegistrations = new BoundedMap<string, Record<string, IDataObject>>(200);

/** Forgets everything (tests use it to stand for a restarted or another process). */
export function forgetProcessMemory(): void {
	knownWebhooks.clear();
	foreignWebhooks.clear();
	sharedSecrets.clear();
	nativeTokens.clear();
	lifecycleStarts.clear();
	messageWindows.clear();
	parsedAddressLists.clear();
	webhookReads.clear();
	transactionWindows.clear();
	testRegistrations.clear();
}

// Which messages this process started a run for (retries reuse a messageId for about 45 hours).
// A claim is settled by n8n's answer: a 2xx keeps it, anything else forgets it so the retry runs.

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

export function messageWindowFor(url: string): MessageWindow {
	let window = messageWindows.get(url);
	if (window === undefined) {
		window = new MessageWindow();
		messageWindows.set(url, window);
	}
	return window;
}
