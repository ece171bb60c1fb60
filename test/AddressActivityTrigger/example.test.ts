/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IConnections, INode } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { startEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, TRIGGER_NODE_TYPE } from '../harness/names';
import { DeliveryReceiver, TriggerHarness } from '../harness/trigger';
import { CAROL, USDC } from './support';

interface ExampleWorkflow {
	nodes: INode[];
	connections: IConnections;
}

const example = JSON.parse(
	readFileSync(join(__dirname, '../../examples/address-activity-trigger.json'), 'utf8'),
) as ExampleWorkflow;
const triggerNode = example.nodes.find((node) => node.type === TRIGGER_NODE_TYPE) as INode;

describe('the example workflow (examples/address-activity-trigger.json)', () => {
	let emulator: RunningEmulator;
	let receiver: DeliveryReceiver;

	beforeAll(async () => {
		emulator = await startEmulator();
		receiver = new DeliveryReceiver();
	});

	afterAll(async () => {
		await receiver.close();
		await emulator.close();
	});

	it('references its credential by name and connects nodes that exist', () => {
		expect(triggerNode.credentials).toEqual({ [CREDENTIAL_TYPE]: { name: CREDENTIAL_NAME } });
		const names = new Set(example.nodes.map((node) => node.name));
		for (const [source, outputs] of Object.entries(example.connections)) {
			expect(names.has(source)).toBe(true);
			for (const connection of outputs.main?.flat() ?? []) expect(names.has(connection?.node ?? '')).toBe(true);
		}
	});

	it('runs its trigger as configured: incoming deposits become items with the fields the next nodes use', async () => {
		const control = new EmulatorControl(emulator.url);
		const key = (await control.createKey({ plan: 'paid' })).key;
		const trigger = new TriggerHarness({
			parameters: triggerNode.parameters,
			credentials: { apiKey: key, baseUrl: emulator.url },
			publicUrl: await receiver.start(),
			nodeName: triggerNode.name,
			webhookId: triggerNode.webhookId,
			typeVersion: triggerNode.typeVersion,
		});
		await trigger.activate();
		receiver.harness = trigger;
		const [treasury] = String(triggerNode.parameters.addresses).split('\n');
		expect((await control.webhooks())[0]).toMatchObject({ name: 'Treasury deposits (n8n)', chainId: '43114' });

		await control.activity({
			chainId: '43114',
			from: CAROL,
			to: USDC,
			erc20Transfers: [
				{ token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, from: CAROL, to: treasury, value: '1500000000' },
				{ token: { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }, from: treasury, to: CAROL, value: '1000000' },
			],
		});
		const [delivery] = await receiver.waitFor(1);
		const items = (delivery.outcome?.items ?? []).map((item) => item.json);
		// Only the incoming transfer passes the example's direction filter.
		expect(items).toEqual([expect.objectContaining({ direction: 'in', amount: '1500', symbol: 'USDC' })]);

		// Every $json field the Filter and Set nodes read is in the trigger's items.
		const expressions = JSON.stringify(example.nodes.filter((node) => node !== triggerNode).map((node) => node.parameters));
		const fields = [...expressions.matchAll(/\$json\.([A-Za-z]+)/g)].map((match) => match[1]);
		expect(fields.length).toBeGreaterThan(3);
		for (const field of fields) expect(items[0]).toHaveProperty(field);

		await trigger.deactivate();
		expect(await control.webhooks()).toEqual([]);
	});
});
