/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The action node as an AI agent's tool: n8n's MCP Server Trigger serves Address Activity tool
// nodes whose parameters come from $fromAI(), and the official MCP client (the copy n8n ships)
// lists and calls them the way an agent does.
import { randomUUID } from 'crypto';
import * as path from 'path';

import { ACTION_NODE_TYPE } from '../harness/names';
import { waitFor } from '../harness/wait';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';

const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
const TOOL_TYPE = `${ACTION_NODE_TYPE}Tool`;
const CHAIN = '43113';
const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const NEW_WALLET = '0x9a8e2c3f4d5b6a7c8d9e0f1a2b3c4d5e6f7a8b9c';

interface ToolResult {
	isError?: boolean;
	content: Array<{ type: string; text?: string }>;
}

interface McpClient {
	connect(transport: unknown): Promise<void>;
	listTools(): Promise<{ tools: Array<{ name: string; description?: string; inputSchema: { properties?: Record<string, unknown>; required?: string[] } }> }>;
	callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<ToolResult>;
	close(): Promise<void>;
}

/** The MCP SDK n8n ships (1.26 under n8n 2.41.1's install), loaded from there rather than added here. */
function loadMcpSdk(nodeModules: string): {
	Client: new (info: { name: string; version: string }) => McpClient;
	StreamableHTTPClientTransport: new (url: URL) => unknown;
} {
	/* eslint-disable @typescript-eslint/no-require-imports */
	const { Client } = require(path.join(nodeModules, '@modelcontextprotocol/sdk/dist/cjs/client/index.js')) as { Client: new (info: { name: string; version: string }) => McpClient };
	const { StreamableHTTPClientTransport } = require(path.join(nodeModules, '@modelcontextprotocol/sdk/dist/cjs/client/streamableHttp.js')) as {
		StreamableHTTPClientTransport: new (url: URL) => unknown;
	};
	/* eslint-enable @typescript-eslint/no-require-imports */
	return { Client, StreamableHTTPClientTransport };
}

const textOf = (result: ToolResult) => result.content.map((part) => part.text ?? '').join('\n');

describe('the Address Activity node as a tool of n8n’s MCP Server Trigger', () => {
	let stack: Stack;
	let client: McpClient;
	let webhookId: string;

	beforeAll(async () => {
		stack = await startStack();
		const webhook = await stack.control.call<{ id: string }>(
			'POST',
			'/v1/webhooks',
			{ url: 'http://127.0.0.1:9/receiver', chainId: CHAIN, eventType: 'address_activity', name: 'Treasury', metadata: { addresses: [WATCHED] } },
			EMULATOR_KEY,
		);
		webhookId = webhook.id;

		const mcpPath = `address-activity-${randomUUID()}`;
		const tool = (name: string, position: [number, number], parameters: Record<string, unknown>) => ({
			id: randomUUID(),
			name,
			type: TOOL_TYPE,
			typeVersion: 1,
			position,
			parameters,
			credentials: { addressActivityApi: stack.credential },
		});
		const workflow = await stack.client.createWorkflow({
			name: 'MCP: Address Activity tools',
			nodes: [
				{ id: randomUUID(), name: 'MCP Server Trigger', type: MCP_TRIGGER, typeVersion: 2.1, position: [0, 0], webhookId: randomUUID(), parameters: { path: mcpPath } },
				tool('List Webhooks', [-200, 200], {
					resource: 'webhook',
					operation: 'getMany',
					returnAll: false,
					limit: "={{ $fromAI('limit', 'How many webhooks to list, at most 100', 'number') }}",
				}),
				tool('Add Addresses', [200, 200], {
					resource: 'address',
					operation: 'add',
					webhookId: { __rl: true, mode: 'id', value: "={{ $fromAI('webhookId', 'The id of the webhook to add the addresses to', 'string') }}" },
					addresses: "={{ $fromAI('addresses', 'The wallet addresses to start monitoring, separated by commas', 'string') }}",
				}),
			],
			connections: {
				'List Webhooks': { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
				'Add Addresses': { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
			},
		});
		await stack.client.activateWorkflow(workflow.id);

		const { Client, StreamableHTTPClientTransport } = loadMcpSdk(stack.install.nodeModules);
		const url = new URL(`${stack.n8n.url}/mcp/${mcpPath}`);
		// Activation is queued in n8n 2.x: the server answers once it is registered.
		client = await waitFor('the MCP server to accept a client', async () => {
			const candidate = new Client({ name: 'address-activity-e2e', version: '1.0.0' });
			try {
				await candidate.connect(new StreamableHTTPClientTransport(url));
				return candidate;
			} catch {
				return undefined;
			}
		});
	});

	afterAll(async () => {
		await client?.close().catch(() => undefined);
		await stack?.stop();
	});

	it('lists both tools with the arguments their $fromAI() parameters ask for', async () => {
		const { tools } = await client.listTools();
		const byName = new Map(tools.map((entry) => [entry.name, entry]));
		expect([...byName.keys()].sort()).toEqual(['Add_Addresses', 'List_Webhooks']);
		expect(Object.keys(byName.get('List_Webhooks')!.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['limit']));
		expect(Object.keys(byName.get('Add_Addresses')!.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['webhookId', 'addresses']));
		expect(byName.get('Add_Addresses')!.description).toBeTruthy();
	});

	it('lists the account’s webhooks', async () => {
		const result = await client.callTool({ name: 'List_Webhooks', arguments: { limit: 10 } });
		expect(result.isError).toBeFalsy();
		expect(textOf(result)).toContain(webhookId);
		expect(textOf(result)).not.toContain(EMULATOR_KEY);
	});

	it('adds an address to a webhook, which the service then monitors', async () => {
		const result = await client.callTool({ name: 'Add_Addresses', arguments: { webhookId, addresses: NEW_WALLET } });
		expect(result.isError).toBeFalsy();
		expect(textOf(result).toLowerCase()).toContain(NEW_WALLET);
		const webhook = (await stack.control.webhooks()).find((entry) => entry.id === webhookId)!;
		expect(webhook.metadata.addresses.map((address) => address.toLowerCase()).sort()).toEqual([WATCHED, NEW_WALLET].sort());
	});

	it('answers a bad address with an error that names the argument and the value the agent sent, and changes nothing', async () => {
		await stack.control.clearRequests();
		const result = await client.callTool({ name: 'Add_Addresses', arguments: { webhookId, addresses: '0x12345' } });
		expect(result.isError).toBe(true);
		const text = textOf(result);
		expect(text).toContain('the "addresses" argument');
		expect(text).toContain('0x12345');
		expect(text).not.toMatch(/\bitem \d/i);
		// Refused before any request reached the service.
		expect((await stack.control.requests()).filter((request) => request.path.startsWith('/v1/'))).toEqual([]);
		const webhook = (await stack.control.webhooks()).find((entry) => entry.id === webhookId)!;
		expect(webhook.metadata.addresses).toHaveLength(2);
	});
});
