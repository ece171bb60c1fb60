/**
 * What this process remembers about the webhooks at its trigger URLs: the ones known to be this
 * trigger's (id, chain, monitored addresses, when last read), the ids found to deliver elsewhere,
 * and the reads of a webhook under way. Recorded at activation and when a delivery reads a webhook;
 * forgotten per URL at deactivation (forgetWebhooksAt), per webhook when it is replaced or removed
 * (forgetWebhook), and all at once with the rest of the process's memory (forgetKnownWebhooks).
 */
import { BoundedMap } from '../../shared/memory/boundedMap';
import { AddressSet } from '../../shared/model/addresses';
import type { RemoteWebhook } from '../../shared/service/webhooks';

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
const knownWebhooks = new BoundedMap<string, KnownWebhook>(2000);

/** Webhook ids a delivery named that the service says deliver elsewhere (or no longer exist), with when (ms). */
const foreignWebhooks = new BoundedMap<string, number>(2000);

/** Reads of a trigger's webhook under way, per webhookKey(): deliveries that need one wait for it together. */
const webhookReads = new Map<string, { startedAt: number; read: Promise<KnownWebhook | undefined> }>();

/** The key of a webhook at a trigger URL in knownWebhooks and webhookReads. */
function webhookKey(url: string, webhookId: string): string {
	return `${webhookId} ${url}`;
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

/** The webhook as this process knows it at `url`, if it does. */
export function knownWebhook(url: string, webhookId: string): KnownWebhook | undefined {
	return knownWebhooks.get(webhookKey(url, webhookId));
}

/** Forgets one webhook at a trigger URL (replaced, or removed after a failed activation). */
export function forgetWebhook(url: string, webhookId: string): void {
	knownWebhooks.delete(webhookKey(url, webhookId));
}

/** Forgets every webhook known at a trigger URL (deactivation). */
export function forgetWebhooksAt(url: string): void {
	knownWebhooks.deleteWhere((key) => key.endsWith(` ${url}`));
}

/** Records that the service says `webhookId` delivers elsewhere (or no longer exists). */
export function recordForeignWebhook(webhookId: string, at: number): void {
	foreignWebhooks.set(webhookId, at);
}

/** When `webhookId` was last found to deliver elsewhere, if it was. */
export function foreignWebhookSince(webhookId: string): number | undefined {
	return foreignWebhooks.get(webhookId);
}

/** A read of the webhook under way that started at `since` or later, if any. */
export function webhookReadSince(url: string, webhookId: string, since: number): Promise<KnownWebhook | undefined> | undefined {
	const underWay = webhookReads.get(webhookKey(url, webhookId));
	return underWay !== undefined && underWay.startedAt >= since ? underWay.read : undefined;
}

/** Lets deliveries arriving meanwhile wait for `read` (started at `startedAt`) instead of sending their own. */
export async function shareWebhookRead(url: string, webhookId: string, startedAt: number, read: Promise<KnownWebhook | undefined>): Promise<KnownWebhook | undefined> {
	const key = webhookKey(url, webhookId);
	webhookReads.set(key, { startedAt, read });
	try {
		return await read;
	} finally {
		if (webhookReads.get(key)?.read === read) webhookReads.delete(key);
	}
}

/** Forgets every webhook, foreign id and read under way (with the rest of the process's memory). */
export function forgetKnownWebhooks(): void {
	knownWebhooks.clear();
	foreignWebhooks.clear();
	webhookReads.clear();
}
