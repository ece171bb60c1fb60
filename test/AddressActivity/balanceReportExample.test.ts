/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The daily balance report example (examples/daily-balance-report.json): its two Address Activity
// nodes as configured, through n8n-core against the emulator, give each wallet's AVAX and USDC with
// every field its Report Line node reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INode } from 'n8n-workflow';

import { randomAddress, startTestService, type TestService } from '../harness/fixtures';
import { ACTION_NODE_TYPE } from '../harness/names';
import { runNode } from '../harness/runNode';

const example = JSON.parse(readFileSync(join(__dirname, '../../examples/daily-balance-report.json'), 'utf8')) as { nodes: INode[] };
const balanceNodes = example.nodes.filter((node) => node.type === ACTION_NODE_TYPE);
const USDC = { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', name: 'USD Coin', symbol: 'USDC', decimals: 6 };

describe('the daily balance report example (examples/daily-balance-report.json)', () => {
	let service: TestService;

	beforeAll(async () => {
		service = await startTestService();
	});

	afterAll(async () => {
		await service.close();
	});

	it('reads each wallet\'s AVAX and USDC, with the fields Report Line reads', async () => {
		expect(balanceNodes.map((node) => node.parameters.operation)).toEqual(['getNative', 'getManyErc20']);
		const [first, second] = String(balanceNodes[0].parameters.addresses).split('\n');
		const chainId = String((balanceNodes[0].parameters.chainId as { value: string }).value);
		const funder = randomAddress();
		await service.control.activity({ chainId, from: funder, to: first, value: '12500000000000000000' });
		await service.control.activity({ chainId, from: funder, to: USDC.address, erc20Transfers: [{ token: USDC, from: funder, to: second, value: '2500000000' }] });
		const credentials = await service.newAccount();

		const outputs = [];
		for (const node of balanceNodes) {
			const result = await runNode({ credentials, parameters: node.parameters, typeVersion: node.typeVersion });
			expect(result.error).toBeUndefined();
			outputs.push(result.items.map((item) => item.json));
		}
		expect(outputs).toEqual([
			[expect.objectContaining({ address: first, balance: '12.5', symbol: 'AVAX' }), expect.objectContaining({ address: second, balance: '0', symbol: 'AVAX' })],
			[expect.objectContaining({ address: first, balance: '0', symbol: null }), expect.objectContaining({ address: second, balance: '2500', symbol: 'USDC' })],
		]);

		const reportLine = example.nodes.find((node) => node.name === 'Report Line')!;
		const fields = [...JSON.stringify(reportLine.parameters).matchAll(/\$json\.([A-Za-z]+)/g)].map((match) => match[1]);
		expect(fields.length).toBeGreaterThan(2);
		for (const item of outputs.flat()) for (const field of fields) expect(item).toHaveProperty(field);
	});
});
