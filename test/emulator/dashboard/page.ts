/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { activitySchema } from '../chain/activity';
import type { Emulator } from '../emulator';
import { readText } from '../http/body';
import { ApiError } from '../http/errors';
import { formatIssues } from '../http/validation';
import { escapeHtml } from './html';
import { renderPrimaryForms, watchSummary } from './primary';

const RECENT_DELIVERIES = 50;

/** The dashboard: webhooks, recent delivery attempts and a form that injects activity. */
export function renderDashboard(emulator: Emulator, query: URLSearchParams): string {
	const webhooks = emulator.store.allWebhooks();
	const deliveries = emulator.deliveries.list().slice(-RECENT_DELIVERIES).reverse();
	const webhookRows = webhooks
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
	const deliveryRows = deliveries
		.map(
			(row) => `<tr data-message-id="${escapeHtml(row.messageId)}" data-outcome="${escapeHtml(row.outcome)}">
<td class="delivery-time">${escapeHtml(new Date(row.startedAt).toISOString())}</td>
<td class="delivery-webhook">${escapeHtml(row.webhookId)}</td>
<td class="delivery-message">${escapeHtml(row.messageId)}</td>
<td class="delivery-event">${escapeHtml([row.body.eventType, row.body.event.eventType].filter(Boolean).join(': '))}</td>
<td class="delivery-attempt">${row.attempt}</td>
<td class="delivery-status">${row.statusCode ?? ''}</td>
<td class="delivery-outcome">${escapeHtml(row.outcome)}</td>
<td class="delivery-error">${escapeHtml(row.error ?? '')}</td>
</tr>`,
		)
		.join('\n');
	const tx = query.get('tx');
	const error = query.get('error');
	const result = tx
		? `<p id="activity-result" role="status">Injected transaction <code id="activity-tx-hash">${escapeHtml(tx)}</code> in block <span id="activity-block-number">${escapeHtml(query.get('block') ?? '')}</span>.</p>`
		: error
			? `<p id="activity-error" role="alert">${escapeHtml(error)}</p>`
			: '';
	const chainOptions = emulator.chains
		.list()
		.filter((chain) => chain.status === 'OK')
		.map((chain) => `<option value="${chain.chainId}">${escapeHtml(chain.chainName)} (${chain.chainId})</option>`)
		.join('');
	return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Address Activity emulator</title>
<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top}label{display:block;margin:4px 0}.note{color:#555;max-width:60em}</style>
</head>
<body>
<h1>Address Activity emulator</h1>
<p><a id="refresh" href="/">Refresh</a></p>
<section id="inject">
<h2>Inject activity</h2>
${result}
<form id="activity-form" method="post" action="/_emulator/dashboard/activity">
<label for="activity-chain-id">Chain</label>
<select id="activity-chain-id" name="chainId">${chainOptions}</select>
<label for="activity-from">From</label>
<input id="activity-from" name="from" placeholder="0x..." required>
<label for="activity-to">To</label>
<input id="activity-to" name="to" placeholder="0x..." required>
<label for="activity-value">Value (smallest unit)</label>
<input id="activity-value" name="value" value="1000000000000000000">
<button id="activity-submit" type="submit">Inject</button>
</form>
</section>
${renderPrimaryForms(emulator, query)}
<section>
<h2>Webhooks (<span id="webhook-count">${webhooks.length}</span>)</h2>
<table id="webhooks">
<thead><tr><th>Id</th><th>Name</th><th>Status</th><th>Type</th><th>Chain</th><th>URL</th><th>Addresses / keys</th><th>Watches</th></tr></thead>
<tbody>
${webhookRows}
</tbody>
</table>
</section>
<section>
<h2>Recent deliveries (<span id="delivery-count">${deliveries.length}</span>)</h2>
<p class="note">Every message to a webhook is listed here, so there are more deliveries than n8n executions: the trigger acknowledges
messages it has nothing to put out for (a withdrawal when it outputs incoming transfers only, a copy of a message that already ran)
without starting the workflow, and the example's filter then drops small deposits inside the run.</p>
<table id="deliveries">
<thead><tr><th>Started</th><th>Webhook</th><th>Message</th><th>Event</th><th>Attempt</th><th>Status</th><th>Outcome</th><th>Error</th></tr></thead>
<tbody>
${deliveryRows}
</tbody>
</table>
</section>
</body>
</html>
`;
}

/** The form's POST: injects the activity, then redirects back to the dashboard with the result. */
export async function handleDashboardActivity(emulator: Emulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
	const form = new URLSearchParams(await readText(req));
	const input = Object.fromEntries([...form.entries()].filter(([, value]) => value !== ''));
	let location: string;
	const parsed = activitySchema.safeParse(input);
	if (!parsed.success) {
		location = `/?error=${encodeURIComponent(formatIssues(parsed.error).join('; '))}`;
	} else {
		try {
			const injected = emulator.injectActivity(parsed.data);
			location = `/?tx=${injected.txHash}&block=${injected.blockNumber}`;
		} catch (error) {
			location = `/?error=${encodeURIComponent(error instanceof ApiError ? error.messages.join('; ') : 'injection failed')}`;
		}
	}
	res.writeHead(303, { location });
	res.end();
}
