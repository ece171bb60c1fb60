/* eslint-disable @n8n/community-nodes/no-restricted-globals */
import { Agent, request } from 'undici';

import type { Chain } from '../chain/chain';
import { participants } from '../chain/chain';
import type { ChainTx } from '../chain/model';
import type { Emulator } from '../emulator';
import type { WebhookRecord } from '../store';
import { loopbackRefusal } from './loopback';
import { buildEventMessage, webhookMatches, type EventMessage } from './message';
import {
	FREE_FAILED_FIRST_TWO_LIMIT,
	FREE_RETRY_QUEUE_LIMIT,
	MAX_ATTEMPTS,
	RETRY_DELAYS_SECONDS,
} from './schedule';
import { signMessage } from './signing';

export interface DeliveryAttempt {
	webhookId: string;
	messageId: string;
	attempt: number;
	url: string;
	/** emulator clock, ms since the epoch */
	startedAt: number;
	durationMs: number;
	statusCode: number | null;
	outcome: 'delivered' | 'failed' | 'pending';
	error?: string;
	body: EventMessage;
	headers: Record<string, string>;
}

interface Message {
	webhook: WebhookRecord;
	body: EventMessage;
	bodyText: string;
	attempts: number;
	retryTask?: number;
	/** emulator clock, ms since the epoch, of the scheduled retry */
	retryAt?: number;
}

/** What the emulator will still send: attempts under way, and retries scheduled (emulator clock). */
export interface Outstanding {
	inFlight: Array<{ webhookId: string; messageId: string; attempt: number; startedAt: number }>;
	retries: Array<{ webhookId: string; messageId: string; attempt: number; dueAt: number }>;
}

/** Per-webhook failure counters behind the automatic deactivation rules. */
interface Health {
	enteredRetryQueue: number;
	failedFirstTwo: number;
	deactivationReason?: string;
}

const MAX_RECORDED_ATTEMPTS = 50_000;

/**
 * Sends Event messages to webhook receivers: one message per matching webhook and transaction,
 * signed, POSTed through a pooled keep-alive undici Agent, retried with the same messageId on
 * the real schedule divided by timeScale, with the plans' automatic deactivation rules.
 */
export class DeliveryEngine {
	private attempts: DeliveryAttempt[] = [];

	private readonly waiting = new Map<string, Message>();

	private readonly health = new Map<string, Health>();

	private readonly inFlight = new Set<AbortController>();

	private readonly agent = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });

	private closed = false;

	constructor(private readonly emulator: Emulator) {}

	/** Starts one message per webhook the transaction concerns; returns how many. */
	onTransaction(chain: Chain, tx: ChainTx): number {
		const involved = participants(tx);
		let started = 0;
		for (const webhook of this.emulator.store.allWebhooks()) {
			if (!webhookMatches(webhook, chain.id, tx, involved)) continue;
			this.send(webhook, buildEventMessage(webhook, chain, tx));
			started++;
		}
		return started;
	}

	/** Starts delivering one message to a webhook: signed, retried and counted like every other. */
	send(webhook: WebhookRecord, body: EventMessage): void {
		void this.attempt({ webhook, body, bodyText: JSON.stringify(body), attempts: 0 });
	}

	list(filter: { webhookId?: string; messageId?: string } = {}): DeliveryAttempt[] {
		return this.attempts.filter(
			(row) =>
				(filter.webhookId === undefined || row.webhookId === filter.webhookId) &&
				(filter.messageId === undefined || row.messageId === filter.messageId),
		);
	}

	/**
	 * Attempts under way and retries scheduled, for one webhook or all. Both empty: the emulator sends
	 * nothing more until new activity comes (or a webhook is turned on again), so a test can wait for
	 * this instead of watching for a while.
	 */
	outstanding(filter: { webhookId?: string } = {}): Outstanding {
		const mine = (webhookId: string) => filter.webhookId === undefined || webhookId === filter.webhookId;
		return {
			inFlight: this.attempts
				.filter((row) => row.outcome === 'pending' && mine(row.webhookId))
				.map(({ webhookId, messageId, attempt, startedAt }) => ({ webhookId, messageId, attempt, startedAt })),
			retries: [...this.waiting.values()]
				.filter((message) => mine(message.webhook.id))
				.map((message) => ({ webhookId: message.webhook.id, messageId: message.body.messageId, attempt: message.attempts + 1, dueAt: message.retryAt! })),
		};
	}

	deactivationReason(webhookId: string): string | undefined {
		return this.health.get(webhookId)?.deactivationReason;
	}

	/** A webhook set back to active starts with clean failure counters. */
	reactivated(webhook: WebhookRecord): void {
		this.health.delete(webhook.id);
	}

	/** A deactivated or deleted webhook gets no more retries. */
	stopped(webhook: WebhookRecord): void {
		for (const [messageId, message] of this.waiting) {
			if (message.webhook.id !== webhook.id) continue;
			if (message.retryTask !== undefined) this.emulator.scheduler.cancel(message.retryTask);
			this.waiting.delete(messageId);
		}
	}

	async close(): Promise<void> {
		this.closed = true;
		this.waiting.clear();
		for (const controller of this.inFlight) controller.abort();
		await this.agent.destroy();
	}

	private healthOf(webhookId: string): Health {
		let health = this.health.get(webhookId);
		if (!health) {
			health = { enteredRetryQueue: 0, failedFirstTwo: 0 };
			this.health.set(webhookId, health);
		}
		return health;
	}

	private async attempt(message: Message): Promise<void> {
		const { webhook } = message;
		this.waiting.delete(message.body.messageId);
		if (this.closed || webhook.status !== 'active') return;
		message.attempts++;
		const secret = this.emulator.store.sharedSecret(webhook.accountId);
		const headers = {
			'content-type': 'application/json',
			'user-agent': 'address-activity-emulator/1.0',
			'x-signature': signMessage(message.body, secret, this.emulator.store.signatureScheme(webhook), message.bodyText),
		};
		const row: DeliveryAttempt = {
			webhookId: webhook.id,
			messageId: message.body.messageId,
			attempt: message.attempts,
			url: webhook.url,
			startedAt: this.emulator.clock.now(),
			durationMs: 0,
			statusCode: null,
			outcome: 'pending',
			body: message.body,
			headers,
		};
		this.record(row);
		const started = Date.now();
		const result = await this.post(webhook.url, message.bodyText, headers);
		row.durationMs = Date.now() - started;
		row.statusCode = result.statusCode;
		if (result.statusCode === 200) {
			row.outcome = 'delivered';
			return;
		}
		row.outcome = 'failed';
		row.error = result.error ?? `receiver answered ${result.statusCode}, not 200`;
		if (this.closed) return;
		this.afterFailure(message, row.startedAt);
	}

	private afterFailure(message: Message, startedAt: number): void {
		const { webhook } = message;
		const health = this.healthOf(webhook.id);
		const free = this.emulator.store.account(webhook.accountId).plan === 'free';
		if (message.attempts === 1) {
			health.enteredRetryQueue++;
			if (free && health.enteredRetryQueue > FREE_RETRY_QUEUE_LIMIT) {
				return this.deactivate(webhook, `more than ${FREE_RETRY_QUEUE_LIMIT} messages entered the retry queue (free plan)`);
			}
		}
		if (message.attempts === 2) {
			health.failedFirstTwo++;
			if (free && health.failedFirstTwo >= FREE_FAILED_FIRST_TWO_LIMIT) {
				return this.deactivate(webhook, `${FREE_FAILED_FIRST_TWO_LIMIT} messages failed both first attempts (free plan)`);
			}
		}
		if (message.attempts >= MAX_ATTEMPTS) {
			return this.deactivate(
				webhook,
				free
					? `message ${message.body.messageId} failed all ${MAX_ATTEMPTS} attempts (free plan)`
					: `message ${message.body.messageId} still failed at the 24 h retry`,
			);
		}
		if (webhook.status !== 'active') return;
		const delayMs = (RETRY_DELAYS_SECONDS[message.attempts - 1] * 1000) / this.emulator.options.timeScale;
		this.waiting.set(message.body.messageId, message);
		message.retryAt = startedAt + delayMs;
		message.retryTask = this.emulator.scheduler.schedule(message.retryAt, () => void this.attempt(message));
	}

	private deactivate(webhook: WebhookRecord, reason: string): void {
		webhook.status = 'inactive';
		this.healthOf(webhook.id).deactivationReason = reason;
		this.stopped(webhook);
	}

	private record(row: DeliveryAttempt): void {
		this.attempts.push(row);
		if (this.attempts.length > MAX_RECORDED_ATTEMPTS) {
			this.attempts = this.attempts.slice(this.attempts.length - MAX_RECORDED_ATTEMPTS);
		}
	}

	private async post(
		url: string,
		body: string,
		headers: Record<string, string>,
	): Promise<{ statusCode: number | null; error?: string }> {
		const refusal = loopbackRefusal(url);
		if (refusal) return { statusCode: null, error: refusal };
		const timeoutMs = this.emulator.options.receiverTimeoutMs;
		const controller = new AbortController();
		this.inFlight.add(controller);
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			controller.abort();
		}, timeoutMs);
		timer.unref();
		try {
			const response = await request(url, {
				method: 'POST',
				headers,
				body,
				dispatcher: this.agent,
				signal: controller.signal,
			});
			await response.body.dump({ limit: 1024 * 1024 });
			return { statusCode: response.statusCode };
		} catch (error) {
			if (timedOut) return { statusCode: null, error: `receiver did not answer within ${timeoutMs} ms` };
			const cause = (error as { cause?: { code?: string } }).cause?.code;
			return { statusCode: null, error: `${(error as Error).message}${cause ? ` (${cause})` : ''}` };
		} finally {
			clearTimeout(timer);
			this.inFlight.delete(controller);
		}
	}
}
