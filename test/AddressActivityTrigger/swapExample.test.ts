/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { AbiCoder, id } from 'ethers';
import type { IConnections, IDataObject, INode } from 'n8n-workflow';

import { forgetProcessMemory } from '../../nodes/AddressActivityTrigger/memory/processMemory';
import type { RunningEmulator } from '../emulator';
import { startEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, TRIGGER_NODE_TYPE } from '../harness/names';
import { DeliveryReceiver, TriggerHarness } from '../harness/trigger';
import { CAROL } from './support';

interface ExampleWorkflow {
	nodes: INode[];
	connections: IConnections;
}

const example = JSON.parse(readFileSync(join(__dirname, '../../examples/swap-alert-decoded-events.json'), 'utf8')) as ExampleWorkflow;
const triggerNode = example.nodes.find((node) => node.type === TRIGGER_NODE_TYPE) as INode;
const coder = AbiCoder.defaultAbiCoder();
const ROUTER = '0x60ae616a2155ee3d9a68541ba4544862310933d4';
const topicOf = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

describe('the Swap alert example (examples/swap-alert-decoded-events.json)', () => {
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

	it("runs its trigger as configured: a pool's Swap becomes an item with every field the next nodes read", async () => {
		forgetProcessMemory();
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
		receiver.harness = trigger;
		await trigger.activate();
		const pool = String(triggerNode.parameters.addresses).toLowerCase();
		const swapTopic = id('Swap(address,uint256,uint256,uint256,uint256,address)');
		expect((await control.webhooks())[0]).toMatchObject({ name: 'WAVAX/USDC swaps (n8n)', chainId: '43114', includeLogs: true, metadata: expect.objectContaining({ eventSignatures: [swapTopic] }) });

		// 1,200 WAVAX sold for 27,000 USDC through a router, paid out to CAROL.
		const data = coder.encode(['uint256', 'uint256', 'uint256', 'uint256'], [BigInt(1200) * BigInt(10) ** BigInt(18), 0, 0, BigInt(27_000_000_000)]);
		await control.activity({ chainId: '43114', from: CAROL, to: ROUTER, input: '0x38ed1739', logs: [{ address: pool, topics: [swapTopic, topicOf(ROUTER), topicOf(CAROL)], data }] });
		const [delivery] = await receiver.waitFor(1);
		const items = (delivery.outcome?.items ?? []).map((item) => item.json);
		expect(items).toEqual([
			expect.objectContaining({
				event: 'Swap',
				contract: pool,
				args: { sender: ROUTER, amount0In: '1200000000000000000000', amount1In: '0', amount0Out: '0', amount1Out: '27000000000', to: CAROL },
			}),
		]);

		// Every $json path the Filter and Set nodes read is in the trigger's item.
		const expressions = JSON.stringify(example.nodes.filter((node) => node !== triggerNode).map((node) => node.parameters));
		const paths = [...new Set([...expressions.matchAll(/\$json\.([A-Za-z0-9.]+)/g)].map((match) => match[1]))];
		expect(paths).toEqual(expect.arrayContaining(['args.amount0In', 'args.amount1Out', 'args.to', 'contract', 'txHash']));
		for (const path of paths) expect(items[0]).toHaveProperty(path.split('.'));
		// The filter's threshold in WAVAX: this swap passes it.
		const args = items[0].args as IDataObject;
		expect((Number(args.amount0In) + Number(args.amount0Out)) / 1e18).toBeGreaterThanOrEqual(1000);

		await trigger.deactivate();
		expect(await control.webhooks()).toEqual([]);
	});
});
