// One workflow in real n8n that runs every resource of the Address Activity node against the
// emulator, started like the editor's "Execute workflow" button, and read back from the execution.
import { nodeOutput, type Execution } from '../support/n8nClient';
import { waitFor } from '../harness/wait';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';
import { addresses, byId, linearWorkflow } from './helpers/workflows';

const ADDED = addresses(250, 'ad');
const REMOVED = ADDED.slice(0, 2);
const webhookId = "={{ $('Create Webhook').item.json.id }}";

describe('the Address Activity node in n8n', () => {
	let stack: Stack;
	let execution: Execution;
	let busiest: { address: string; transactions: number };

	beforeAll(async () => {
		stack = await startStack();
		[busiest] = (await stack.control.chains()).find((chain) => chain.chainId === '43113')!.busiestAddresses;
		const workflow = linearWorkflow(
			'Every resource',
			[
				{
					name: 'Create Webhook',
					parameters: {
						resource: 'webhook',
						operation: 'create',
						url: 'http://127.0.0.1:9/receiver',
						chainId: byId('43113'),
						addresses: ADDED[0],
						additionalFields: { name: 'e2e webhook' },
					},
				},
				{ name: 'Add Addresses', parameters: { resource: 'address', operation: 'add', webhookId: byId(webhookId), addresses: ADDED.join('\n') } },
				{ name: 'Remove Addresses', parameters: { resource: 'address', operation: 'remove', webhookId: byId(webhookId), addresses: REMOVED.join(', ') } },
				{ name: 'List Addresses', parameters: { resource: 'address', operation: 'getMany', webhookId: byId(webhookId), returnAll: true } },
				{ name: 'First Addresses', parameters: { resource: 'address', operation: 'getMany', webhookId: byId(webhookId), limit: 3 } },
				{
					name: 'Update Webhook',
					parameters: { resource: 'webhook', operation: 'update', webhookId: byId(webhookId), updateFields: { name: 'renamed', status: 'inactive' } },
				},
				{ name: 'Get Webhook', parameters: { resource: 'webhook', operation: 'get', webhookId: byId(webhookId) } },
				{ name: 'List Webhooks', parameters: { resource: 'webhook', operation: 'getMany', returnAll: true } },
				{ name: 'Get Secret', parameters: { resource: 'sharedSecret', operation: 'get' } },
				{ name: 'Rotate Secret', parameters: { resource: 'sharedSecret', operation: 'rotate' } },
				{ name: 'List Chains', parameters: { resource: 'chain', operation: 'getMany', returnAll: true, filters: { feature: 'webhooks' } } },
				{ name: 'Get Chain', parameters: { resource: 'chain', operation: 'get', chainId: byId('43114') } },
				{ name: 'List Blocks', parameters: { resource: 'block', operation: 'getMany', chainId: byId('43113'), limit: 3 } },
				{
					name: 'Get Block',
					parameters: { resource: 'block', operation: 'get', chainId: byId('43113'), blockId: "={{ $('List Blocks').first().json.blockNumber }}" },
				},
				{ name: 'List Transactions', parameters: { resource: 'transaction', operation: 'getMany', chainId: byId('43113'), limit: 5 } },
				{
					name: 'Get Transaction',
					parameters: { resource: 'transaction', operation: 'get', chainId: byId('43113'), txHash: "={{ $('List Transactions').first().json.txHash }}" },
				},
				{
					name: 'Address Transactions',
					parameters: { resource: 'transaction', operation: 'getManyForAddress', chainId: byId('43113'), address: busiest.address, returnAll: true },
				},
				{
					name: 'List UTXOs',
					parameters: {
						resource: 'utxo',
						operation: 'getMany',
						network: 'mainnet',
						blockchainId: 'p-chain',
						addresses: 'P-avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq',
						returnAll: true,
						options: { includeSpent: true },
					},
				},
				{ name: 'Delete Webhook', parameters: { resource: 'webhook', operation: 'delete', webhookId: byId(webhookId) } },
			],
			stack.credential,
		);
		await stack.control.clearRequests();
		const created = await stack.client.createWorkflow(workflow);
		const executionId = await stack.client.runWorkflow(created.id, 'Start');
		execution = await waitFor(
			'the manual execution to finish',
			async () => {
				const current = await stack.getExecution(executionId);
				return current.status === 'running' || current.status === 'new' ? undefined : current;
			},
			120_000,
		);
	});

	afterAll(async () => {
		await stack?.stop();
	});

	it('finishes the execution successfully', () => {
		expect(execution.data.resultData.error?.message).toBeUndefined();
		expect(execution.status).toBe('success');
		expect(execution.mode).toBe('manual');
	});

	it('manages a webhook: create, get, update, list, delete', async () => {
		const [created] = nodeOutput(execution, 'Create Webhook');
		expect(created).toMatchObject({ chainId: '43113', url: 'http://127.0.0.1:9/receiver', name: 'e2e webhook', status: 'active' });
		expect(nodeOutput(execution, 'Update Webhook')[0]).toMatchObject({ id: created.id, name: 'renamed', status: 'inactive' });
		expect(nodeOutput(execution, 'Get Webhook')[0]).toMatchObject({ id: created.id, name: 'renamed', status: 'inactive' });
		expect(nodeOutput(execution, 'List Webhooks').map((webhook) => webhook.id)).toContain(created.id);
		expect(nodeOutput(execution, 'Delete Webhook')).toHaveLength(1);
		// Deleted at the service: the emulator no longer lists it.
		expect((await stack.control.webhooks()).map((webhook) => webhook.id)).not.toContain(created.id);
	});

	it('adds and removes monitored addresses; Return All reads the whole list in one request, a small Limit reads one page', async () => {
		const listed = nodeOutput(execution, 'List Addresses').map((item) => String(item.address).toLowerCase());
		const expected = ADDED.filter((address) => !REMOVED.includes(address));
		expect(listed).toHaveLength(expected.length);
		expect(new Set(listed)).toEqual(new Set(expected));
		const first = nodeOutput(execution, 'First Addresses').map((item) => String(item.address).toLowerCase());
		expect(first).toHaveLength(3);
		for (const address of first) expect(expected).toContain(address);
		// Return All takes the list from GET /v1/webhooks/{id}; only the Limit of 3 asks the paged endpoint, once.
		const pages = (await stack.control.requests()).filter((request) => request.method === 'GET' && /^\/v1\/webhooks\/[^/]+\/addresses$/.test(request.path));
		expect(pages.map((request) => request.query.pageSize)).toEqual(['3']);
	});

	it('reads and rotates the shared secret', () => {
		const [read] = nodeOutput(execution, 'Get Secret');
		const [rotated] = nodeOutput(execution, 'Rotate Secret');
		expect(Object.values(read).some((value) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value))).toBe(true);
		expect(JSON.stringify(rotated)).not.toBe(JSON.stringify(read));
	});

	it('reads chains, blocks, transactions and UTXOs', () => {
		const chains = nodeOutput(execution, 'List Chains');
		expect(chains.map((chain) => chain.chainId)).toEqual(expect.arrayContaining(['43114', '43113']));
		expect(nodeOutput(execution, 'Get Chain')[0]).toMatchObject({ chainId: '43114' });
		const blocks = nodeOutput(execution, 'List Blocks');
		expect(blocks).toHaveLength(3);
		expect(nodeOutput(execution, 'Get Block')[0]).toMatchObject({ blockNumber: blocks[0].blockNumber });
		const transactions = nodeOutput(execution, 'List Transactions');
		expect(transactions).toHaveLength(5);
		expect(nodeOutput(execution, 'Get Transaction')[0]).toMatchObject({ nativeTransaction: { txHash: transactions[0].txHash } });
		expect(nodeOutput(execution, 'Address Transactions')).toHaveLength(busiest.transactions);
		expect(nodeOutput(execution, 'List UTXOs').length).toBeGreaterThan(0);
	});

	it('keeps the API key out of the stored execution', () => {
		expect(JSON.stringify(execution)).not.toContain(EMULATOR_KEY);
	});
});
