/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The Address Activity Poll Trigger in real n8n: Fetch Test Event shows real items at once (also
// through the example workflow); an active workflow polling every minute (n8n's shortest
// interval) runs once per new transaction; an n8n restart neither repeats a transaction nor skips
// one that happened while n8n was down.
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

import { nodeOutput, type ExecutionSummary, type Workflow, type WorkflowInput } from '../support/n8nClient';
import { CREDENTIAL_TYPE, POLL_TRIGGER_NODE_NAME, POLL_TRIGGER_NODE_TYPE } from '../harness/names';
import { waitFor } from '../harness/wait';
import { startStack, type Stack } from './helpers/stack';
import { addresses, byId } from './helpers/workflows';

const TRIGGER = POLL_TRIGGER_NODE_NAME;
const CHAIN = '43113';
const [WALLET, COUNTERPARTY] = addresses(2, 'b0b');
// n8n polls at a random second of each minute: a poll is at most a minute (and a moment) away.
const NEXT_POLL_MS = 75_000;

function pollWorkflow(credential: { id: string; name: string }): WorkflowInput {
	return {
		name: 'Poll the wallet',
		nodes: [
			{
				id: randomUUID(),
				name: TRIGGER,
				type: POLL_TRIGGER_NODE_TYPE,
				typeVersion: 1,
				position: [0, 0],
				credentials: { [CREDENTIAL_TYPE]: credential },
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					chainId: byId(CHAIN),
					addresses: WALLET,
					output: 'transfers',
					filters: {},
					options: {},
				},
			},
			{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
		],
		connections: { [TRIGGER]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

describe('the Address Activity Poll Trigger in n8n', () => {
	let stack: Stack;
	let workflow: Workflow;
	const deposit = async (value = '1000000000000000000') =>
		(await stack.control.activity({ chainId: CHAIN, from: COUNTERPARTY, to: WALLET, value })).txHash;
	const pollExecutions = async (): Promise<ExecutionSummary[]> =>
		(await stack.client.listExecutions(workflow.id)).filter((execution) => execution.mode === 'trigger');
	/** The transaction hashes of every polled execution, oldest execution first. */
	const polledHashes = async (): Promise<string[][]> => {
		const summaries = (await pollExecutions()).sort((a, b) => Number(a.id) - Number(b.id));
		const hashes: string[][] = [];
		for (const summary of summaries) {
			const execution = await stack.getExecution(summary.id);
			expect(execution.status).toBe('success');
			hashes.push(nodeOutput(execution, TRIGGER).map((item) => String(item.txHash)));
		}
		return hashes;
	};
	/** Waits for n8n's next poll to have read the chain head (activation polls once at once). */
	const waitForHeadRead = async () =>
		await waitFor(
			'a poll reading the chain head',
			async () => (await stack.control.requests()).some((request) => request.path === `/v1/chains/${CHAIN}/blocks`),
			60_000,
		);
	const waitForPolledExecutions = async (count: number, timeoutMs = NEXT_POLL_MS) =>
		await waitFor(`${count} polled executions`, async () => (await pollExecutions()).length >= count, timeoutMs, 1000);

	beforeAll(async () => {
		stack = await startStack();
		workflow = await stack.client.createWorkflow(pollWorkflow(stack.credential));
	});

	afterAll(async () => {
		await stack?.stop();
	});

	it('is a polling trigger in n8n’s node types, with Poll Times', async () => {
		const types = await stack.client.request<Array<{ name: string; polling?: boolean; properties: Array<{ name: string }> }>>(
			'GET',
			'/types/nodes.json',
		);
		const poll = types.find((type) => type.name === POLL_TRIGGER_NODE_TYPE);
		expect(poll?.polling).toBe(true);
		expect(poll?.properties.map((property) => property.name)).toEqual(
			expect.arrayContaining(['pollTimes', 'chainId', 'addresses', 'output', 'filters', 'options']),
		);
	});

	it('Fetch Test Event in the editor shows the wallet’s latest transfers at once', async () => {
		const earlier = [await deposit('1'), await deposit('2')];
		const started = Date.now();
		const executionId = await stack.client.runWorkflow(workflow.id, TRIGGER);
		const execution = await waitFor('the manual execution', async () => {
			const current = await stack.getExecution(executionId);
			return ['running', 'new'].includes(current.status) ? undefined : current;
		});
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, TRIGGER).map((item) => [item.txHash, item.direction, item.amountRaw])).toEqual([
			[earlier[0], 'in', '1'],
			[earlier[1], 'in', '2'],
		]);
		expect(Date.now() - started).toBeLessThan(10_000);
	});

	it('runs the example workflow from Fetch Test Event: deposits of at least 1000 become alerts', async () => {
		const example = JSON.parse(
			fs.readFileSync(path.join(__dirname, '../../examples/address-activity-poll-trigger.json'), 'utf8'),
		) as WorkflowInput;
		for (const node of example.nodes) if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = stack.credential;
		const trigger = example.nodes.find((node) => node.type === POLL_TRIGGER_NODE_TYPE)!;
		const [treasury] = String(trigger.parameters.addresses).split('\n');
		// The example watches one chain in Chains (version 2).
		const [chainId] = trigger.parameters.chainIds as string[];
		const usdc = { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
		await stack.control.activity({ chainId, from: COUNTERPARTY, to: treasury, value: '1500000000000000000000' });
		await stack.control.activity({ chainId, from: COUNTERPARTY, to: treasury, value: '2000000000000000000' });
		await stack.control.activity({
			chainId,
			from: COUNTERPARTY,
			to: usdc.address,
			erc20Transfers: [{ token: usdc, from: COUNTERPARTY, to: treasury, value: '2500000000' }],
		});
		const imported = await stack.client.createWorkflow(example);
		expect(imported.active).toBe(false);
		const executionId = await stack.client.runWorkflow(imported.id, trigger.name);
		const execution = await waitFor('the example run', async () => {
			const current = await stack.getExecution(executionId);
			return ['running', 'new'].includes(current.status) ? undefined : current;
		});
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, trigger.name)).toHaveLength(3);
		expect(nodeOutput(execution, 'Format Alert').map((item) => String(item.alert))).toEqual([
			expect.stringMatching(new RegExp(`^${treasury} received 1500 AVAX from ${COUNTERPARTY} at `)),
			expect.stringMatching(new RegExp(`^${treasury} received 2500 USDC from ${COUNTERPARTY} at `)),
		]);
	});

	it('once active, runs once per new transaction, and not for what happened before activation', async () => {
		await stack.control.clearRequests();
		await stack.client.activateWorkflow(workflow.id);
		// Activation polls once at once: it starts at the chain head, so the earlier deposits stay out.
		await waitForHeadRead();
		const first = await deposit();
		await waitForPolledExecutions(1);
		const second = await deposit();
		await waitForPolledExecutions(2);
		expect(await polledHashes()).toEqual([[first], [second]]);
	}, 4 * NEXT_POLL_MS);

	it('after an n8n restart, repeats nothing and puts out what happened while n8n was down', async () => {
		const before = await polledHashes();
		await stack.n8n.stop();
		const whileDown = await deposit();
		await stack.restartN8n();
		// n8n polls once when it activates the workflow at start-up: that poll puts out what happened while it was down.
		await waitForPolledExecutions(before.length + 1, 60_000);
		// The next poll has no news: it reads the chain head (after the run of `whileDown`, whose poll
		// is over) and finds no new block. A deposit made once that read was answered is put out by
		// the poll after it (n8n runs a workflow's polls one at a time), so a repeat by the quiet poll
		// would be listed before it.
		const seen = Math.max(0, ...(await stack.control.requests()).map((request) => request.seq));
		await waitFor(
			'a poll without news reading the chain head',
			async () => (await stack.control.requests()).some((request) => request.seq > seen && request.path === `/v1/chains/${CHAIN}/blocks` && request.statusCode === 200),
			NEXT_POLL_MS,
			1000,
		);
		const later = await deposit();
		await waitForPolledExecutions(before.length + 2);
		expect(await polledHashes()).toEqual([...before, [whileDown], [later]]);
	}, 5 * NEXT_POLL_MS);
});
