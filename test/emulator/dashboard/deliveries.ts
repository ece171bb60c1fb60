import type { DeliveryAttempt } from '../delivery/engine';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from '../delivery/schedule';
import type { Emulator } from '../emulator';
import { escapeHtml } from './html';
import { transferLines, type TransferLine } from './transfers';
import { shortAddress, timeText } from './units';

// The deliveries table: one row per message (its latest attempt), newest first, with what it
// carried and how the receiver (n8n) answered.

export const RECENT_MESSAGES = 50;

/** The latest attempt of each of the newest messages, newest first. */
export function recentMessages(emulator: Emulator, limit = RECENT_MESSAGES): DeliveryAttempt[] {
	const attempts = emulator.deliveries.list();
	const seen = new Set<string>();
	const latest: DeliveryAttempt[] = [];
	for (let index = attempts.length - 1; index >= 0 && latest.length < limit; index--) {
		const attempt = attempts[index];
		if (seen.has(attempt.messageId)) continue;
		seen.add(attempt.messageId);
		latest.push(attempt);
	}
	return latest;
}

const address = (value: string | undefined, className: string) =>
	value ? `<span class="${className}" title="${escapeHtml(value)}">${escapeHtml(shortAddress(value))}</span>` : '';

function transferHtml(line: TransferLine): string {
	const parties = line.from
		? `${address(line.from, 'transfer-from')} → ${address(line.to, 'transfer-to')}`
		: line.to
			? `at ${address(line.to, 'transfer-to')}`
			: '';
	return `<div class="transfer" data-direction="${line.direction}"><span class="transfer-direction">${line.direction}</span> <span class="transfer-amount">${escapeHtml(line.amount)}</span> ${parties}${line.note ? ` <span class="transfer-note">${escapeHtml(line.note)}</span>` : ''}</div>`;
}

/** "200", or the status (or why there was none) with the attempt and what happens next. */
function answerHtml(emulator: Emulator, row: DeliveryAttempt, active: boolean): string {
	const status = `<span class="delivery-status">${row.statusCode ?? ''}</span>`;
	if (row.outcome === 'delivered') return `${status}${row.attempt > 1 ? ` on attempt ${row.attempt}` : ''}`;
	if (row.outcome === 'pending') return `${status}waiting for the answer (attempt ${row.attempt})`;
	const why = row.statusCode === null ? `no answer: ${row.error ?? 'no response'}` : '';
	let next: string;
	if (row.attempt >= MAX_ATTEMPTS) next = `gave up after ${MAX_ATTEMPTS} attempts`;
	else if (!active) next = `attempt ${row.attempt} of ${MAX_ATTEMPTS}; the webhook is not active, no retry`;
	else {
		const at = row.startedAt + (RETRY_DELAYS_SECONDS[row.attempt - 1] * 1000) / emulator.options.timeScale;
		next = `attempt ${row.attempt} of ${MAX_ATTEMPTS}, next at ${timeText(at)}`;
	}
	return `${status}${why} · ${next}`;
}

function eventName(row: DeliveryAttempt): string {
	return [row.body.eventType, row.body.event.eventType].filter(Boolean).join(': ');
}

/** The table body: the newest messages with their transfers and n8n's answer. */
export function renderDeliveryRows(emulator: Emulator, rows: DeliveryAttempt[]): string {
	return rows
		.map((row) => {
			const webhook = emulator.store.findWebhookById(row.webhookId);
			const transfers = transferLines(row.body, webhook).map(transferHtml).join('');
			return `<tr data-message-id="${escapeHtml(row.messageId)}" data-webhook-id="${escapeHtml(row.webhookId)}" data-outcome="${row.outcome}">
<td class="delivery-time">${escapeHtml(timeText(row.startedAt))}</td>
<td class="delivery-webhook" title="${escapeHtml(row.webhookId)}">${escapeHtml(webhook?.name || row.webhookId)}</td>
<td class="delivery-event">${escapeHtml(eventName(row))}</td>
<td class="delivery-transfers">${transfers}</td>
<td class="delivery-answer">${answerHtml(emulator, row, webhook?.status === 'active')}</td>
<td class="delivery-message" title="${escapeHtml(row.messageId)}">${escapeHtml(row.messageId.slice(0, 8))}</td>
</tr>`;
		})
		.join('\n');
}
