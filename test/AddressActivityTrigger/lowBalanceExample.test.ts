/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The treasury low-balance example (examples/evm-low-balance-alert.json): its trigger as configured
// against the emulator alerts once when a payment takes the hot wallet below 50 AVAX, with every
// field its Format Alert node reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INode } from 'n8n-workflow';

import { startEmulator, type RunningEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { randomAddress } from '../harness/fixtures';
import { TRIGGER_NODE_TYPE } from '../harness/names';
import { DeliveryReceiver, TriggerHarness } from '../harness/trigger';
import { waitFor } from '../harness/wait';

const example = JSON.parse(readFileSync(join(__dirname, '../../examples/evm-low-balance-alert.json'), 'utf8')) as { nodes: INode[] };
const triggerNode = example.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!;
const AVAX = 10n ** 18n;

describe('the low-balance example (examples/evm-low-balance-alert.json)', () => {
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

	it('alerts once, when a payment takes the hot wallet below 50 AVAX, with the fields Format Alert reads', async () => {
		const control = new EmulatorControl(emulator.url);
		const [hotWallet] = String(triggerNode.parameters.addresses).split('\n');
		const [funder, payee] = [randomAddress(), randomAddress()];
		const chainId = (triggerNode.parameters.chainIds as string[])[0];
		await control.activity({ chainId, from: funder, to: hotWallet, value: String(80n * AVAX) });
		const trigger = new TriggerHarness({
			parameters: triggerNode.parameters,
			credentials: { apiKey: (await control.createKey({ plan: 'paid' })).key, baseUrl: emulator.url },
			publicUrl: await receiver.start(),
			nodeName: triggerNode.name,
			webhookId: triggerNode.webhookId,
			typeVersion: triggerNode.typeVersion,
		});
		await trigger.activate();
		receiver.harness = trigger;

		// 80 -> 60 -> 40 -> 35 AVAX (less gas): only the second payment crosses the line.
		for (const value of [20n, 20n, 5n]) await control.activity({ chainId, from: hotWallet, to: payee, value: String(value * AVAX) });
		await waitFor('three answered deliveries', () => receiver.deliveries.filter((delivery) => delivery.outcome?.statusCode === 200).length === 3);
		const items = trigger.startedRuns.map((run) => run.map((item) => item.json));
		expect(items).toEqual([[expect.objectContaining({ monitoredAddress: hotWallet, amount: '20', crossed: 'below', threshold: '50', symbol: 'AVAX' })]]);

		const expressions = JSON.stringify(example.nodes.filter((node) => node !== triggerNode).map((node) => node.parameters));
		const fields = [...expressions.matchAll(/\$json\.([A-Za-z]+)/g)].map((match) => match[1]);
		expect(fields.length).toBeGreaterThan(5);
		for (const field of fields) expect(items[0][0] as IDataObject).toHaveProperty(field);
		await trigger.deactivate();
	});
});
