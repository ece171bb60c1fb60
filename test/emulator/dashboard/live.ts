/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

import type { Emulator } from '../emulator';
import { sendJson } from '../http/respond';
import { recentMessages, renderDeliveryRows } from './deliveries';
import { evmDefaults } from './evmForm';
import { primaryDefaults } from './primary';
import { renderWebhookRows } from './webhooks';

// The page refreshes itself without reloading: every few seconds it asks for the tables' rows,
// and gets them only when something changed (a version of what it has, 204 otherwise).

export const REFRESH_MS = 2000;

export interface LiveState {
	version: string;
	webhookCount: number;
	webhookRows: string;
	deliveryCount: number;
	deliveryRows: string;
	/** values for the forms' fields that are still empty (the page was opened before any webhook existed) */
	prefill: Record<string, string>;
}

export function liveState(emulator: Emulator): LiveState {
	const messages = recentMessages(emulator);
	const webhookRows = renderWebhookRows(emulator);
	const deliveryRows = renderDeliveryRows(emulator, messages);
	const evm = evmDefaults(emulator);
	const prefill = Object.fromEntries(
		Object.entries({ 'activity-from': evm.from, 'activity-to': evm.to, ...primaryDefaults(emulator) }).filter(([, value]) => value !== ''),
	);
	const version = createHash('sha256').update(webhookRows).update(deliveryRows).update(JSON.stringify(prefill)).digest('hex').slice(0, 16);
	return { version, webhookCount: emulator.store.allWebhooks().length, webhookRows, deliveryCount: messages.length, deliveryRows, prefill };
}

/** GET /_emulator/dashboard/live?version=<v>: the rows when they differ from version v, else 204. */
export function handleLive(emulator: Emulator, query: URLSearchParams, res: ServerResponse): void {
	const state = liveState(emulator);
	if (query.get('version') === state.version) {
		res.writeHead(204, { 'cache-control': 'no-store' });
		res.end();
		return;
	}
	sendJson(res, 200, state, { 'cache-control': 'no-store' });
}

/** The page's script: the refresh, a mark on messages that arrived since the page was opened, the swap button. */
export function liveScript(version: string): string {
	return `<script>
(() => {
	let version = ${JSON.stringify(version)};
	const status = document.getElementById('live-status');
	const rows = (table) => document.querySelector('#' + table + ' tbody');
	const seen = new Set([...rows('deliveries').children].map((row) => row.dataset.messageId));
	const apply = (live) => {
		rows('webhooks').innerHTML = live.webhookRows;
		document.getElementById('webhook-count').textContent = String(live.webhookCount);
		rows('deliveries').innerHTML = live.deliveryRows;
		document.getElementById('delivery-count').textContent = String(live.deliveryCount);
		for (const row of rows('deliveries').children) {
			if (!seen.has(row.dataset.messageId)) row.classList.add('new');
			seen.add(row.dataset.messageId);
		}
		for (const [id, value] of Object.entries(live.prefill)) {
			const input = document.getElementById(id);
			if (input && input.value === '') input.value = value;
		}
	};
	const tick = async () => {
		try {
			const response = await fetch('/_emulator/dashboard/live?version=' + version, { cache: 'no-store' });
			if (!response.ok) throw new Error(String(response.status));
			if (response.status === 200) {
				const live = await response.json();
				version = live.version;
				apply(live);
			}
			status.textContent = 'Live: updated at ' + new Date().toLocaleTimeString() + ', every ${REFRESH_MS / 1000} s.';
			status.dataset.state = 'live';
		} catch {
			status.textContent = 'The emulator does not answer (stopped?); trying again every ${REFRESH_MS / 1000} s.';
			status.dataset.state = 'offline';
		}
		setTimeout(tick, ${REFRESH_MS});
	};
	setTimeout(tick, ${REFRESH_MS});
	document.getElementById('activity-swap').addEventListener('click', () => {
		const from = document.getElementById('activity-from');
		const to = document.getElementById('activity-to');
		[from.value, to.value] = [to.value, from.value];
	});
})();
</script>`;
}
