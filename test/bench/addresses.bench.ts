/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Monitored lists at spreadsheet scale: Address > Add with one address per input item into a
 * webhook that already holds many, through n8n-core's WorkflowExecute against the emulator over
 * HTTP. Prints requests (next to the minimum: one read and ceil(new / 500) writes), bytes the
 * node received, wall time and the process's peak memory. Then one webhook of 100,000 addresses
 * (the service's paid allowance): Webhook > Create, Address > Get Many (Return All), the webhook
 * trigger's activation and the poll trigger's activation and poll of a new block, with their
 * requests and wall time. Figures, not assertions.
 *
 *   npm run bench:addresses            (n8n-core, in this process)
 *   npm run bench:addresses -- --n8n   (real n8n, a Code node emitting the items; memory is n8n's peak RSS;
 *                                       then n8n's Set node over 10,000 items with the same expression)
 */
import { randomBytes } from 'node:crypto';

import * as fs from 'node:fs';

import { codeEmitting, runToEnd, wallet } from '../e2e/helpers/lists';
import { EMULATOR_KEY, startStack } from '../e2e/helpers/stack';
import { byId as locatorById } from '../e2e/helpers/workflows';
import { byId, createWebhook, serviceCall, startTestService } from '../harness/fixtures';
import { runNode } from '../harness/runNode';
import { PollHarness } from '../harness/poll';
import { TriggerHarness } from '../harness/trigger';
import { pollParameters } from '../AddressActivityPollTrigger/support';
import { startWithReceiver, triggerParameters } from '../AddressActivityTrigger/support';
import type { WorkflowNode } from '../support/n8nClient';

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
	await fullWebhook(100_000);
}

/** Requests and wall time of the operations on one webhook holding `size` addresses. */
async function fullWebhook(size: number): Promise<void> {
	const stack = await startWithReceiver({ paidAddressLimit: size });
	const credentials = { apiKey: (await stack.control.createKey({ plan: 'paid' })).key, baseUrl: stack.emulator.url };
	const timed = async (name: string, run: () => Promise<unknown>) => {
		await stack.control.clearRequests();
		const started = process.hrtime.bigint();
		await run();
		const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
		console.log(`${name.padEnd(44)} ${String((await stack.control.requests()).length).padStart(8)}   ${wallMs.toFixed(0).padStart(7)}`);
	};
	console.log(`\none webhook of ${size} addresses                 requests   wall ms`);
	try {
		const addresses = Array.from({ length: size }, address);
		let id = '';
		await timed('Webhook > Create', async () => {
			const created = await runNode({
				credentials,
				items: [{ addresses }],
				parameters: { resource: 'webhook', operation: 'create', url: 'https://receiver.example.com/activity', chainId: byId('43114'), addresses: '={{ $json.addresses }}' },
			});
			if (created.error) throw new Error(created.error.message);
			id = String(created.items[0].json.id);
		});
		await timed('Address > Get Many (Return All)', async () => {
			const all = await runNode({ credentials, parameters: { resource: 'address', operation: 'getMany', webhookId: byId(id), returnAll: true } });
			if (all.items.length !== size) throw new Error(`Get Many returned ${all.items.length} addresses`);
		});
		await serviceCall(credentials, 'DELETE', `/v1/webhooks/${id}`);
		const trigger = new TriggerHarness({ parameters: triggerParameters({ addresses: addresses.join('\n') }), credentials, publicUrl: stack.receiverUrl });
		await timed('Address Activity Trigger, activation', async () => await trigger.activate());
		await trigger.deactivate();
		const poll = new PollHarness({ parameters: pollParameters(addresses), credentials });
		await timed('Poll Trigger, activation', async () => await poll.activate());
		await stack.control.activity({ chainId: '43113', from: address(), to: addresses[size - 1], value: '1000' });
		await timed('Poll Trigger, a poll of a new block', async () => {
			const polled = await poll.poll();
			if (polled.items?.length !== 1) throw new Error(`the poll returned ${polled.items?.length ?? 0} items${polled.error ? `: ${polled.error.message}` : ''}`);
		});
	} finally {
		await stack.close();
	}
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
function peakRssMb(pid: number | undefined): string {
	if (pid === undefined) return '?';
	const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
	return match ? (Number(match[1]) / 1024).toFixed(0) : '?';
}

/** The same scenarios in real n8n: requests and bytes at the emulator, time as n8n recorded it. */
async function inN8n(): Promise<void> {
	const stack = await startStack({ emulator: { paidAddressLimit: 250_000 } });
	console.log(`n8n ${stack.install.version}: items   existing   requests   minimum   received MB   execution s   Add node s   n8n peak RSS MB (so far)`);
	try {
		for (const [index, { items, existing }] of SCENARIOS.entries()) {
			const set = 2 * index + 1;
			const present = Array.from({ length: existing }, (_, i) => wallet(set, i));
			const webhook = await stack.control.call<{ id: string }>('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/receiver', chainId: '43113', eventType: 'address_activity', metadata: { addresses: present.slice(0, 5_000) } }, EMULATOR_KEY);
			for (let start = 5_000; start < present.length; start += 5_000) {
				await stack.control.call('PATCH', `/v1/webhooks/${webhook.id}/addresses`, { addresses: present.slice(start, start + 5_000) }, EMULATOR_KEY);
			}
			const run = await runToEnd(stack, `Add ${items} into ${existing}`, [
				codeEmitting(set + 1, 0, items),
				{ name: 'Add', executeOnce: false, parameters: { resource: 'address', operation: 'add', webhookId: locatorById(webhook.id), addresses: '={{ $json.address }}' } } as unknown as WorkflowNode,
			]);
			if (run.execution.status !== 'success') throw new Error(`the execution ended ${run.execution.status}`);
			const addSeconds = run.nodeTimes.find((entry) => entry.startsWith('Add '))?.replace(/^Add | s$/g, '') ?? '?';
			console.log(
				`${' '.repeat(10)}${String(items).padStart(6)}   ${String(existing).padStart(8)}   ${String(run.requests.length).padStart(8)}   ${String(1 + Math.ceil(items / BATCH)).padStart(7)}   ${(run.receivedBytes / 1e6).toFixed(1).padStart(11)}   ${run.seconds.toFixed(1).padStart(11)}   ${addSeconds.padStart(10)}   ${peakRssMb(stack.n8n.pid).padStart(10)}`,
			);
		}
		// For comparison: n8n's own Edit Fields (Set) node, the same expression over 10,000 items.
		const set = await runToEnd(stack, 'Set 10,000 wallets', [
			codeEmitting(2 * SCENARIOS.length + 1, 0, 10_000),
			{
				name: 'Set',
				executeOnce: false,
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				parameters: { assignments: { assignments: [{ id: 'a1', name: 'wallet', value: '={{ $json.address }}', type: 'string' }] }, options: {} },
			} as unknown as WorkflowNode,
		]);
		console.log(`n8n's Edit Fields (Set) node over 10,000 items, {{ $json.address }} in each: execution ${set.seconds.toFixed(1)} s`);
	} finally {
		await stack.stop();
	}
}

(process.argv.includes('--n8n') ? inN8n() : main()).catch((error: Error) => {
	console.error(error);
	process.exit(1);
});
