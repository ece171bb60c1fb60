/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals */
/**
 * Monitored lists at spreadsheet scale: Address > Add with one address per input item into a
 * webhook that already holds many, through n8n-core's WorkflowExecute against the emulator over
 * HTTP. Prints requests (next to the minimum: one read and ceil(new / 500) writes), bytes the
 * node received, wall time and the process's peak memory. Figures, not assertions.
 *
 *   npm run bench:addresses
 */
import { randomBytes } from 'node:crypto';

import { byId, createWebhook, serviceCall, startTestService } from '../harness/fixtures';
import { runNode } from '../harness/runNode';

const BATCH = 500;
const SCENARIOS: Array<{ items: number; existing: number }> = [
	{ items: 1_000, existing: 1_000 },
	{ items: 10_000, existing: 10_000 },
	{ items: 10_000, existing: 50_000 },
	{ items: 100_000, existing: 100_000 },
];

const address = () => `0x${randomBytes(20).toString('hex')}`;

async function main(): Promise<void> {
	const service = await startTestService({ paidAddressLimit: 250_000 });
	console.log('items   existing   requests   minimum   received MB   wall ms   peak RSS MB');
	try {
		for (const { items, existing } of SCENARIOS) {
			const credentials = await service.newAccount({ plan: 'paid' });
			const webhook = await createWebhook(credentials, { metadata: { addresses: [address()] } });
			const present = Array.from({ length: existing - 1 }, address);
			for (let start = 0; start < present.length; start += 5_000) {
				await serviceCall(credentials, 'PATCH', `/v1/webhooks/${webhook.id}/addresses`, { addresses: present.slice(start, start + 5_000) });
			}
			const input = Array.from({ length: items }, () => ({ address: address() }));
			await service.control.clearRequests();
			let peak = process.memoryUsage().rss;
			const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
			const started = process.hrtime.bigint();
			const result = await runNode({
				credentials,
				items: input,
				parameters: { resource: 'address', operation: 'add', webhookId: byId(webhook.id), addresses: '={{ $json.address }}' },
			});
			const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
			clearInterval(sampler);
			if (result.error) throw new Error(result.error.message);
			const seen = await service.control.requests();
			const receivedMb = seen.reduce((sum, request) => sum + (request.responseBytes ?? 0), 0) / 1e6;
			const minimum = 1 + Math.ceil(items / BATCH);
			console.log(
				`${String(items).padStart(6)}   ${String(existing).padStart(8)}   ${String(seen.length).padStart(8)}   ${String(minimum).padStart(7)}   ${receivedMb.toFixed(1).padStart(11)}   ${wallMs.toFixed(0).padStart(7)}   ${(peak / 1024 / 1024).toFixed(0).padStart(11)}`,
			);
		}
	} finally {
		await service.close();
	}
}

main().catch((error: Error) => {
	console.error(error);
	process.exit(1);
});
