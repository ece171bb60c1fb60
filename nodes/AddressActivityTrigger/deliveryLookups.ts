/**
 * What a delivery needs from the service (the shared secret, the webhook at the trigger's URL), read
 * at most once per process: one attempt each, within the delivery's budget (the service waits 10 s).
 */
import { NodeApiError, sleep } from 'n8n-workflow';
import type { INode, IWebhookFunctions } from 'n8n-workflow';

import { AddressSet } from '../shared/addresses';
import { CREDENTIAL_TYPE, MIN_ATTEMPT_MS, timeLeft, type RetryPolicy } from '../shared/transport';
import { fetchSharedSecret, getWebhook, type RemoteWebhook } from '../shared/webhooks';
import { foreignWebhooks, knownWebhooks, sharedSecrets, webhookKey, webhookReads, type KnownWebhook } from './processMemory';

/** While a delivery waits for its answer (the service allows 10 s): one attempt, no waiting out limits. */
const NO_RETRY: RetryPolicy = { maxRateLimitRetries: 0, maxServerErrorRetries: 0 };

/** When a delivery arrived, and when its calls to the service must have ended (ms since epoch). */
export interface Arrival {
	arrivedAt: number;
	deadline: number;
}

/**
 * Reads of the shared secret start at most this often per credential: forged requests cost at most
 * one read per interval, and cannot use up the read a delivery signed after a rotation needs.
 */
export const SECRET_READ_INTERVAL_MS = 1000;
/** A webhook id found to deliver elsewhere is asked about again after this long. */
const FOREIGN_RECHECK_MS = 60_000;

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
	sharedSecrets.set(key, { secret, readStartedAt: startedAt });
	return secret;
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
