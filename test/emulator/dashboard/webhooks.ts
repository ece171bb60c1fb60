import type { Emulator } from '../emulator';
import { escapeHtml } from './html';
import { watchSummary } from './primary';

/** The webhooks table's body: every webhook of every account with what it watches. */
export function renderWebhookRows(emulator: Emulator): string {
	return emulator.store
		.allWebhooks()
		.map(
			(webhook) => `<tr data-webhook-id="${escapeHtml(webhook.id)}">
<td class="webhook-id">${escapeHtml(webhook.id)}</td>
<td class="webhook-name">${escapeHtml(webhook.name)}</td>
<td class="webhook-status">${escapeHtml(webhook.status)}</td>
<td class="webhook-type">${escapeHtml(webhook.eventType)}</td>
<td class="webhook-chain">${escapeHtml(webhook.chainId)}</td>
<td class="webhook-url">${escapeHtml(webhook.url)}</td>
<td class="webhook-addresses">${webhook.addresses.map((address) => `<code>${escapeHtml(address)}</code>`).join('<br>')}</td>
<td class="webhook-watch">${escapeHtml(watchSummary(webhook))}</td>
</tr>`,
		)
		.join('\n');
}
