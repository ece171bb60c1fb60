import type { Emulator } from '../emulator';
import { renderEvmForm } from './evmForm';
import { liveScript, liveState, REFRESH_MS } from './live';
import { renderPrimaryForms } from './primary';

const STYLE = `body{font-family:system-ui,sans-serif;margin:1.5em 2em;color:#222}
h1{margin:0 0 .2em}h2{margin:1.2em 0 .4em}
table{border-collapse:collapse;font-size:14px}td,th{border:1px solid #ddd;padding:4px 8px;vertical-align:top;text-align:left}th{background:#f5f5f5}
label{display:block;margin:6px 0 2px}.hint,.note,#live-status,.transfer-note,.delivery-message{color:#666}.note{max-width:60em}
form{display:inline-block;vertical-align:top;margin:0 2em 1em 0}
.transfer{white-space:nowrap}.transfer-amount{font-weight:600}.transfer-from,.transfer-to{font-family:monospace}
.transfer-direction{display:inline-block;min-width:2.6em;text-align:center;border-radius:3px;font-size:12px;padding:0 3px}
[data-direction=in] .transfer-direction{background:#d8f5d8}[data-direction=out] .transfer-direction{background:#fde4c8}[data-direction=self] .transfer-direction{background:#e4e4f8}
[data-outcome=delivered] .delivery-answer{color:#176317}[data-outcome=failed] .delivery-answer{color:#b00020}
.delivery-status{font-weight:600;margin-right:.3em}.delivery-time{white-space:nowrap}
tr.new{animation:arrived 4s ease-out}@keyframes arrived{from{background:#fff3a8}to{background:transparent}}
#live-status[data-state=offline]{color:#b00020}`;

/** The dashboard: recent deliveries (what they carried, how n8n answered), forms that inject activity, the webhooks. */
export function renderDashboard(emulator: Emulator, query: URLSearchParams): string {
	const live = liveState(emulator);
	return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Address Activity emulator</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Address Activity emulator</h1>
<p><span id="live-status" data-state="live">Updates every ${REFRESH_MS / 1000} s without reloading.</span> <a id="refresh" href="/">Reload</a></p>
<section id="recent-deliveries">
<h2>Recent deliveries (<span id="delivery-count">${live.deliveryCount}</span>)</h2>
<p class="note">One row per message, newest first: what it carried (in: to a monitored address, out: from one) and how the
receiver answered. n8n answers 200 to every delivery it accepts, including those the trigger has nothing to put out for (a
withdrawal when it outputs incoming transfers only, a copy of a message that already ran), so there are more deliveries here
than n8n executions; the example's filter then drops small deposits inside the run.</p>
<table id="deliveries">
<thead><tr><th>Time (UTC)</th><th>Webhook</th><th>Event</th><th>Transfers</th><th>n8n answered</th><th>Message</th></tr></thead>
<tbody>
${live.deliveryRows}
</tbody>
</table>
</section>
${renderEvmForm(emulator, query)}
${renderPrimaryForms(emulator, query)}
<section>
<h2>Webhooks (<span id="webhook-count">${live.webhookCount}</span>)</h2>
<table id="webhooks">
<thead><tr><th>Id</th><th>Name</th><th>Status</th><th>Type</th><th>Chain</th><th>URL</th><th>Addresses / keys</th><th>Watches</th></tr></thead>
<tbody>
${live.webhookRows}
</tbody>
</table>
</section>
${liveScript(live.version)}
</body>
</html>
`;
}
