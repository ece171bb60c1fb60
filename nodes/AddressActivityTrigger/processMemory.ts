/**
 * What the trigger keeps in one n8n process's memory, never in static data (saved whole by whoever
 * writes last), and what a delivery is checked against there: the shared secret that verifies its
 * signature, the webhooks at the trigger's URLs, the messages and transactions already run. Any of
 * it may be lost at any moment; the secret and the webhooks are then read again from the service
 * (one attempt each, within the delivery's budget: the service waits 10 s for an answer).
 */
import { NodeApiError, sleep } from 'n8n-workflow';
import type { IDataObject, INode, IWebhookFunctions } from 'n8n-workflow';

import { BoundedMap } from './boundedMap';
import { AddressSet } from '../shared/model/addresses';
import type { NativeToken } from '../shared/model/transfers';
import { CREDENTIAL_TYPE, MIN_ATTEMPT_MS, timeLeft, type RetryPolicy } from '../shared/service/transport';
import { fetchSharedSecret, getWebhook, type RemoteWebhook } from '../shared/service/webhooks';
import { isSignatureValid, type SignedDelivery } from './signature';

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

/** Per trigger URL and chain: the transactions this process put out (TransactionWindow below). */
export const transactionWindows = new BoundedMap<string, TransactionWindow>(2000);

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

/** While a delivery waits for its answer (the service allows 10 s): one attempt, no waiting out limits. */
const NO_RETRY: RetryPolicy = { maxRateLimitRetries: 0, maxServerErrorRetries: 0 };

/** When a delivery arrived, and when its calls to the service must have ended (ms since epoch). */
export interface Arrival {
	arrivedAt: number;
	deadline: number;
}

// The shared secret, which verifies a delivery's signature.

/**
 * Reads of the shared secret start at most this often per credential: forged requests cost at most
 * one read per interval, and cannot use up the read a delivery signed after a rotation needs.
 */
export const SECRET_READ_INTERVAL_MS = 1000;

/** The credential's identity without reading (and decrypting) it: its id in the workflow. */
export function credentialKey(context: { getNode(): INode }): string {
	return context.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? 'default';
}

async function readSecret(context: IWebhookFunctions, key: string, arrival: Arrival, known: string | undefined): Promise<string | undefined> {
	const startedAt = Date.now();
	const reading = (async () => {
		try {
			return await fetchSharedSecret.call(context, { retry: NO_RETRY, deadline: arrival.deadline });
		} catch (error) {
			context.logger.warn(
				`Address Activity Trigger "${context.getNode().name}": could not read the shared secret to verify a delivery: ${error instanceof Error ? error.message : String(error)}`,
			);
			return undefined;
		}
	})();
	sharedSecrets.set(key, { secret: known, readStartedAt: startedAt, reading });
	const secret = (await reading) ?? known;
	// Unless a rotation in this process forgot the secrets meanwhile: what this read got may be the old one.
	if (sharedSecrets.get(key)?.reading === reading) sharedSecrets.set(key, { secret, readStartedAt: startedAt });
	return secret;
}

/**
 * After Shared Secret > Rotate in this process: no secret known here is trusted any more, so a
 * message signed with the old one is refused at once (the next delivery reads the new secret).
 * Other processes (queue mode) keep theirs until a delivery signed with the new one makes them read.
 */
export function forgetSharedSecrets(): void {
	sharedSecrets.clear();
}

/**
 * The shared secret as this process knows it; with `fresh`, as read by a request that started after
 * the delivery arrived (so a rotation is seen; waiting deliveries share that read). Undefined when
 * it cannot be had in time.
 */
export async function sharedSecretFor(
	context: IWebhookFunctions,
	key: string,
	arrival: Arrival,
	fresh: boolean,
): Promise<string | undefined> {
	for (;;) {
		const entry = sharedSecrets.get(key);
		if (!fresh && entry?.secret !== undefined) return entry.secret;
		const readAfterArrival = entry !== undefined && entry.readStartedAt >= arrival.arrivedAt;
		if (entry?.reading) {
			const secret = await entry.reading;
			if (readAfterArrival || !fresh) return secret ?? entry.secret;
			continue;
		}
		if (readAfterArrival) return entry.secret;
		const startAt = Math.max(Date.now(), (entry?.readStartedAt ?? 0) + SECRET_READ_INTERVAL_MS);
		if (startAt + MIN_ATTEMPT_MS > arrival.deadline) return entry?.secret;
		// Someone else may start the read while this one waits its turn: the loop then shares it.
		if (startAt > Date.now()) await sleep(startAt - Date.now());
		else return await readSecret(context, key, arrival, entry?.secret);
	}
}

/** Verifies with the secret this process knows; reads it again (at most once a second per credential) when that fails. */
export async function isAuthentic(context: IWebhookFunctions, delivery: SignedDelivery, arrival: Arrival): Promise<boolean> {
	const key = credentialKey(context);
	const known = await sharedSecretFor(context, key, arrival, false);
	if (known !== undefined && isSignatureValid(delivery, known)) return true;
	const fresh = await sharedSecretFor(context, key, arrival, true);
	return fresh !== undefined && fresh !== known && isSignatureValid(delivery, fresh);
}

// The webhooks at the trigger's URLs: known here, or asked of the service.

/** A webhook id found to deliver elsewhere is asked about again after this long. */
const FOREIGN_RECHECK_MS = 60_000;

/** Remembers the webhook as registered at `url` in this process (activation does it too). */
export function rememberWebhook(url: string, webhook: RemoteWebhook, rereadAt = 0): KnownWebhook {
	const known: KnownWebhook = {
		id: webhook.id,
		chainId: webhook.chainId === undefined || webhook.chainId === null ? undefined : String(webhook.chainId),
		addresses: new AddressSet(webhook.metadata?.addresses),
		rereadAt,
	};
	knownWebhooks.set(webhookKey(url, webhook.id), known);
	foreignWebhooks.delete(webhook.id);
	return known;
}

type Ownership =
	| { kind: 'own'; webhook: KnownWebhook }
	| { kind: 'foreign' }
	| { kind: 'unreachable'; reason: string };

async function readWebhook(context: IWebhookFunctions, webhookId: string, arrival: Arrival): Promise<RemoteWebhook | 'gone' | string> {
	if (timeLeft(arrival.deadline) === undefined) return 'no time left to ask';
	try {
		return await getWebhook.call(context, webhookId, { retry: NO_RETRY, deadline: arrival.deadline });
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return 'gone';
		return error instanceof Error ? error.message : String(error);
	}
}

/**
 * Whether `webhookId` is one of the webhooks at this trigger's URL, of its event type and (for
 * address activity) on one of its chains: known here, or asked of the service (a fact no concurrent
 * writer in n8n can lose), so a delivery during activation is accepted too.
 */
export async function ownWebhook(
	context: IWebhookFunctions,
	url: string,
	webhookId: string,
	arrival: Arrival,
	expected: { eventType?: string; chainIds?: string[] } = {},
): Promise<Ownership> {
	const { eventType = 'address_activity', chainIds } = expected;
	const onOurChain = (chainId: string | undefined) => chainIds === undefined || (chainId !== undefined && chainIds.includes(chainId));
	const known = knownWebhooks.get(webhookKey(url, webhookId));
	if (known !== undefined && onOurChain(known.chainId)) return { kind: 'own', webhook: known };
	const foreignAt = foreignWebhooks.get(webhookId);
	if (foreignAt !== undefined && Date.now() - foreignAt < FOREIGN_RECHECK_MS) return { kind: 'foreign' };
	const startedAt = Date.now();
	const webhook = await readWebhook(context, webhookId, arrival);
	if (typeof webhook === 'string' && webhook !== 'gone') return { kind: 'unreachable', reason: webhook };
	if (webhook === 'gone' || webhook.url !== url || webhook.eventType !== eventType || !onOurChain(webhook.chainId === undefined ? undefined : String(webhook.chainId))) {
		foreignWebhooks.set(webhookId, Date.now());
		return { kind: 'foreign' };
	}
	return { kind: 'own', webhook: rememberWebhook(url, webhook, startedAt) };
}

/**
 * The webhook as the service has it now, for a delivery that mentions no known address: only a read
 * that started after the delivery arrived has every address it was sent for (arrivals share one).
 */
export async function freshKnownWebhook(
	context: IWebhookFunctions,
	url: string,
	known: KnownWebhook,
	arrival: Arrival,
): Promise<KnownWebhook | undefined> {
	const { arrivedAt } = arrival;
	const key = webhookKey(url, known.id);
	const underWay = webhookReads.get(key);
	if (underWay !== undefined && underWay.startedAt >= arrivedAt) return await underWay.read;
	const latest = knownWebhooks.get(key) ?? known;
	if (latest.rereadAt >= arrivedAt) return latest;
	const startedAt = Date.now();
	const read = (async () => {
		const webhook = await readWebhook(context, known.id, arrival);
		if (typeof webhook === 'string' || webhook.url !== url) return undefined;
		return rememberWebhook(url, webhook, startedAt);
	})();
	webhookReads.set(key, { startedAt, read });
	try {
		return await read;
	} finally {
		if (webhookReads.get(key)?.read === read) webhookReads.delete(key);
	}
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

// Which transactions this process put out per trigger URL and chain, live or in a catch-up, so that
// a transaction met by both at a gap's edges runs once. Deactivation copies what a catch-up may meet
// into static data (catchUp.ts).

/** Transactions remembered per URL and chain: far more than arrive around one deactivation or activation. */
const TRANSACTION_WINDOW_SIZE = 20_000;

class TransactionWindow {
	/** Lower-case hash -> its block, and whether a catch-up put it out. */
	private readonly entries = new Map<string, { block: number; caughtUp: boolean }>();

	/**
	 * For a catch-up: claims the transactions not put out before, live or caught up, and returns them
	 * (synchronous: of a live delivery and a catch-up meeting one transaction in a process, one runs it).
	 */
	claimCaughtUp(transactions: Array<{ hash: string; block: number }>): string[] {
		const claimed: string[] = [];
		for (const { hash, block } of transactions) {
			const key = hash.toLowerCase();
			if (this.entries.has(key)) continue;
			this.entries.set(key, { block, caughtUp: true });
			claimed.push(key);
		}
		this.trim();
		return claimed;
	}

	/** For a live delivery: false when a catch-up put the transaction out; else records it (returns its key). */
	claimLive(hash: string, block: number): string | undefined {
		const key = hash.toLowerCase();
		if (this.entries.get(key)?.caughtUp === true) return undefined;
		this.entries.delete(key);
		this.entries.set(key, { block, caughtUp: false });
		this.trim();
		return key;
	}

	/** Gives up claims whose run n8n did not accept, so that the service's retry or the next catch-up runs them. */
	release(hashes: string[]): void {
		for (const hash of hashes) this.entries.delete(hash);
	}

	/** The transactions put out in blocks from `fromBlock` on. */
	since(fromBlock: number): string[] {
		return [...this.entries].filter(([, entry]) => entry.block >= fromBlock).map(([hash]) => hash);
	}

	private trim(): void {
		for (const key of this.entries.keys()) {
			if (this.entries.size <= TRANSACTION_WINDOW_SIZE) break;
			this.entries.delete(key);
		}
	}
}

/** One window per trigger URL and chain: a gap's blocks are numbered per chain. */
export function transactionWindowFor(url: string, chainId: string): TransactionWindow {
	const key = `${chainId} ${url}`;
	let window = transactionWindows.get(key);
	if (window === undefined) {
		window = new TransactionWindow();
		transactionWindows.set(key, window);
	}
	return window;
}
