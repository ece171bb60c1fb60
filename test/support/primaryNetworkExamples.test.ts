/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The two primary-network example workflows, as `npm run dev` runs them: their triggers register at
// the emulator and the sandbox's simulated activity (primaryNetworkDemo) starts their alerts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INode } from 'n8n-workflow';

import { startEmulator, type RunningEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { TRIGGER_NODE_TYPE } from '../harness/names';
import { DeliveryReceiver, TriggerHarness } from '../harness/trigger';
import { primaryNetworkDemo } from './primaryNetworkDemo';

function example(file: string): { trigger: INode; others: INode[] } {
	const { nodes } = JSON.parse(readFileSync(join(__dirname, '../../examples', file), 'utf8')) as { nodes: INode[] };
	return { trigger: nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!, others: nodes.filter((node) => node.type !== TRIGGER_NODE_TYPE) };
}

const cases: Array<[string, number, string[]]> = [
	// a treasury at 25,000 AVAX: up to 30,000 (crossed above), then down to 20,000 (crossed below)
	['p-chain-balance-threshold-alert.json', 2, ['balance_threshold', 'balance_threshold']],
	// an L1 validator at 5 AVAX: +15, then 5 AVAX of fees per step: low at 5, disabled at 0
	['l1-validator-fee-balance-alert.json', 4, ['l1_validator_balance_threshold', 'l1_validator_disabled']],
];

describe("the primary-network examples under the sandbox's simulated activity", () => {
	let emulator: RunningEmulator;
	let receiver: DeliveryReceiver;

	beforeEach(async () => {
		emulator = await startEmulator();
		receiver = new DeliveryReceiver();
	});
	afterEach(async () => {
		await receiver.close();
		await emulator.close();
	});

	it.each(cases)('%s: each crossing of its threshold runs its trigger with the fields its next nodes read', async (file, steps, subEvents) => {
		const { trigger: node, others } = example(file);
		const control = new EmulatorControl(emulator.url);
		const trigger = new TriggerHarness({
			parameters: node.parameters,
			credentials: { apiKey: (await control.createKey({})).key, baseUrl: emulator.url },
			publicUrl: await receiver.start(),
			nodeName: node.name,
			webhookId: node.webhookId,
			typeVersion: node.typeVersion,
		});
		await trigger.activate();
		receiver.harness = trigger;
		const step = primaryNetworkDemo(control);
		for (let i = 0; i < steps; i++) expect(await step()).toBe(1);

		const deliveries = await receiver.waitFor(subEvents.length, 15_000);
		const items = deliveries.flatMap((delivery) => (delivery.outcome?.items ?? []).map((item) => item.json));
		expect(items.map((item) => item.subEvent).sort()).toEqual([...subEvents].sort());
		const fields = [...JSON.stringify(others.map((other) => other.parameters)).matchAll(/\$json\.([A-Za-z]+)/g)].map((match) => match[1]);
		expect(fields.length).toBeGreaterThan(3);
		for (const item of items) for (const field of fields) expect(item).toHaveProperty(field);
		await trigger.deactivate();
		expect(await control.webhooks()).toEqual([]);
	});
});
