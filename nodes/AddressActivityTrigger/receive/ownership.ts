/**
 * Whether a delivery is this trigger's: its webhook is registered at the trigger's URL, of its event
 * type and (for address activity) on one of its chains. Known in this process (memory/knownWebhooks.ts)
 * or asked of the service, a fact no concurrent writer in n8n can lose, so a delivery during
 * activation is accepted too.
 */
import { NodeApiError } from 'n8n-workflow';
import type { IWebhookFunctions } from 'n8n-workflow';

import type { Arrival } from '../../shared/memory/sharedSecrets';
import { ONE_ATTEMPT, timeLeft } from '../../shared/service/transport';
import { getWebhook, type RemoteWebhook } from '../../shared/service/webhooks';
import {
	foreignWebhookSince,
	knownWebhook,
	recordForeignWebhook,
	rememberWebhook,
	shareWebhookRead,
	webhookReadSince,
	type KnownWebhook,
} from '../memory/knownWebhooks';

/** A webhook id found to deliver elsewhere is asked about again after this long. */
const FOREIGN_RECHECK_MS = 60_000;

type Ownership =
	| { kind: 'own'; webhook: KnownWebhook }
	| { kind: 'foreign' }
	| { kind: 'unreachable'; reason: string };

async function readWebhook(context: IWebhookFunctions, webhookId: string, arrival: Arrival): Promise<RemoteWebhook | 'gone' | string> {
	if (timeLeft(arrival.deadline) === undefined) return 'no time left to ask';
	try {
		return await getWebhook.call(context, webhookId, { retry: ONE_ATTEMPT, deadline: arrival.deadline });
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return 'gone';
		return error instanceof Error ? error.message : String(error);
	}
}

/** Whether `webhookId` is one of the webhooks at this trigger's URL, of its event type and on one of its chains. */
export async function ownWebhook(
	context: IWebhookFunctions,
	url: string,
	webhookId: string,
	arrival: Arrival,
	expected: { eventType?: string; chainIds?: string[] } = {},
): Promise<Ownership> {
	const { eventType = 'address_activity', chainIds } = expected;
	const onOurChain = (chainId: string | undefined) => chainIds === undefined || (chainId !== undefined && chainIds.includes(chainId));
	const known = knownWebhook(url, webhookId);
	if (known !== undefined && onOurChain(known.chainId)) return { kind: 'own', webhook: known };
	const foreignAt = foreignWebhookSince(webhookId);
	if (foreignAt !== undefined && Date.now() - foreignAt < FOREIGN_RECHECK_MS) return { kind: 'foreign' };
	const startedAt = Date.now();
	const webhook = await readWebhook(context, webhookId, arrival);
	if (typeof webhook === 'string' && webhook !== 'gone') return { kind: 'unreachable', reason: webhook };
	if (webhook === 'gone' || webhook.url !== url || webhook.eventType !== eventType || !onOurChain(webhook.chainId === undefined ? undefined : String(webhook.chainId))) {
		recordForeignWebhook(webhookId, Date.now());
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
	const underWay = webhookReadSince(url, known.id, arrivedAt);
	if (underWay !== undefined) return await underWay;
	const latest = knownWebhook(url, known.id) ?? known;
	if (latest.rereadAt >= arrivedAt) return latest;
	const startedAt = Date.now();
	const read = (async () => {
		const webhook = await readWebhook(context, known.id, arrival);
		if (typeof webhook === 'string' || webhook.url !== url) return undefined;
		return rememberWebhook(url, webhook, startedAt);
	})();
	return await shareWebhookRead(url, known.id, startedAt, read);
}
