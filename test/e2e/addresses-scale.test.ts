// Lists at spreadsheet scale in real n8n: a Code node emits 10,000 items, one wallet each, into
// Address > Add on a webhook that already monitors 50,000; then Address > Sync of that webhook to
// another 20,000-address list. Requests are counted at the emulator; times are not asserted
// (`npm run bench:addresses -- --n8n` measures Address > Add beside n8n's Set node).
import type { WorkflowNode } from '../support/n8nClient';
import { nodeOutput } from '../support/n8nClient';
import { codeEmitting, runToEnd, wallet } from './helpers/lists';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';
import { byId } from './helpers/workflows';

describe('large monitored lists in n8n', () => {
	let stack: Stack;
	let webhookId: string;

	const monitored = async () =>
		(await stack.control.call<{ metadata: { addresses: string[] } }>('GET', `/v1/webhooks/${webhookId}`, undefined, EMULATOR_KEY)).metadata.addresses.map((address) =>
			address.toLowerCase(),
		);


	beforeAll(async () => {
		stack = await startStack({ emulator: { paidAddressLimit: 100_000 } });
		const existing = Array.from({ length: 50_000 }, (_, index) => wallet(1, index));
		const webhook = await stack.control.call<{ id: string }>(
			'POST',
			'/v1/webhooks',
			{ url: 'http://127.0.0.1:9/receiver', chainId: '43113', eventType: 'address_activity', name: 'Large list', metadata: { addresses: existing.slice(0, 5_000) } },
			EMULATOR_KEY,
		);
		webhookId = webhook.id;
		for (let start = 5_000; start < existing.length; start += 5_000) {
			await stack.control.call('PATCH', `/v1/webhooks/${webhookId}/addresses`, { addresses: existing.slice(start, start + 5_000) }, EMULATOR_KEY);
		}
	}, 180_000);

	afterAll(async () => {
		await stack?.stop();
	});

	it('adds 10,000 items of one wallet each to a 50,000-address webhook in 21 requests', async () => {
		const { execution, requests } = await runToEnd(stack, 'Add 10,000 wallets', [
			codeEmitting(2, 0, 10_000),
			{ name: 'Add', executeOnce: false, parameters: { resource: 'address', operation: 'add', webhookId: byId(webhookId), addresses: '={{ $json.address }}' } } as unknown as WorkflowNode,
		]);
		expect(execution.status).toBe('success');
		const out = nodeOutput(execution, 'Add');
		expect(out).toHaveLength(10_000);
		expect(out[9_999]).toMatchObject({ added: 1, alreadyPresent: 0, totalAddresses: 60_000, addedAddresses: [wallet(2, 9_999)] });
		expect(requests).toEqual(['GET', ...Array(20).fill('PATCH')]);
		expect(await monitored()).toHaveLength(60_000);
	});

	it('syncs the webhook to another 20,000-address list, sending only the difference', async () => {
		// 5,000 of the first 50,000 stay, 15,000 are new; the other 55,000 go.
		const { execution, requests } = await runToEnd(stack, 'Sync to 20,000 wallets', [
			{
				name: 'Wallets',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: {
					jsCode: `const hex = (set, i) => '0x' + set.toString(16).padStart(2, '0') + i.toString(16).padStart(38, '0');
return [...Array.from({ length: 5000 }, (_, i) => hex(1, i)), ...Array.from({ length: 15000 }, (_, i) => hex(3, i))].map((address) => ({ json: { address } }));`,
				},
			} as unknown as WorkflowNode,
			{ name: 'Sync', executeOnce: false, parameters: { resource: 'address', operation: 'sync', webhookId: byId(webhookId), addresses: '={{ $json.address }}' } } as unknown as WorkflowNode,
		]);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, 'Sync')).toEqual([expect.objectContaining({ added: 15_000, removed: 55_000, kept: 5_000, totalAddresses: 20_000, listsCut: true })]);
		expect(requests).toEqual(['GET', ...Array(30).fill('PATCH'), ...Array(110).fill('DELETE')]);
		const now = await monitored();
		expect(now).toHaveLength(20_000);
		expect(new Set(now)).toEqual(new Set([...Array.from({ length: 5_000 }, (_, i) => wallet(1, i)), ...Array.from({ length: 15_000 }, (_, i) => wallet(3, i))]));
	});
});
