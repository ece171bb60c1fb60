/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IConnections, INode } from 'n8n-workflow';

import { CREDENTIAL_NAME, CREDENTIAL_TYPE, POLL_TRIGGER_NODE_TYPE } from '../harness/names';
import { randomAddress, startPollService, USDC, type PollTestService } from './support';

interface ExampleWorkflow {
	nodes: INode[];
	connections: IConnections;
}

const read = (file: string) => JSON.parse(readFileSync(join(__dirname, '../../examples', file), 'utf8')) as ExampleWorkflow;
const example = read('address-activity-poll-trigger.json');
const triggerNode = example.nodes.find((node) => node.type === POLL_TRIGGER_NODE_TYPE) as INode;

describe('the example workflow (examples/address-activity-poll-trigger.json)', () => {
	let service: PollTestService;

	beforeAll(async () => {
		service = await startPollService();
	});

	afterAll(async () => {
		await service.close();
	});

	it('references its credential by name, polls every minute, and connects nodes that exist', () => {
		expect(triggerNode.credentials).toEqual({ [CREDENTIAL_TYPE]: { name: CREDENTIAL_NAME } });
		expect(triggerNode.parameters.pollTimes).toEqual({ item: [{ mode: 'everyMinute' }] });
		const names = new Set(example.nodes.map((node) => node.name));
		for (const [source, outputs] of Object.entries(example.connections)) {
			expect(names.has(source)).toBe(true);
			for (const connection of outputs.main?.flat() ?? []) expect(names.has(connection?.node ?? '')).toBe(true);
		}
	});

	it('is the webhook trigger example with a poll trigger in front: same addresses, filters and next nodes', () => {
		const webhookExample = read('address-activity-trigger.json');
		const webhookTrigger = webhookExample.nodes[0];
		for (const name of ['chainIds', 'addresses', 'includeInternalTxs', 'output', 'filters']) {
			expect(triggerNode.parameters[name]).toEqual(webhookTrigger.parameters[name]);
		}
		const rest = (workflow: ExampleWorkflow) => workflow.nodes.slice(1).map(({ name, type, parameters }) => ({ name, type, parameters }));
		expect(rest(example)).toEqual(rest(webhookExample));
	});

	it('runs its trigger as configured: incoming deposits become items with the fields the next nodes use', async () => {
		const trigger = service.harness(triggerNode.parameters, { typeVersion: triggerNode.typeVersion });
		await trigger.activate();
		const [treasury] = String(triggerNode.parameters.addresses).split('\n');
		const sender = randomAddress();
		const usdc = { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 };
		await service.control.activity({ chainId: '43114', from: sender, to: treasury, value: '1500000000000000000000' });
		await service.control.activity({ chainId: '43114', from: treasury, to: sender, value: '1' }); // out: filtered
		await service.control.activity({
			chainId: '43114',
			from: sender,
			to: USDC,
			erc20Transfers: [{ token: usdc, from: sender, to: treasury, value: '2500000000' }],
		});
		const { items } = await trigger.poll();
		expect(items?.map((item) => [item.json.monitoredAddress, item.json.symbol, item.json.amount, item.json.counterparty])).toEqual([
			[treasury, 'AVAX', '1500', sender],
			[treasury, 'USDC', '2500', sender],
		]);
	});
});
