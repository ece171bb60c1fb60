// The packed package, installed into real n8n as a community package: n8n's loader finds both
// nodes and the credential, and the editor's credential test talks to the service.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { ACTION_NODE_TYPE, CREDENTIAL_TYPE, nodeTypeName, PACKAGE_NAME, TRIGGER_NODE_TYPE } from '../harness/names';
import { NODES, schemaFolder } from '../schemas/schemaFiles';
import { startForeignServer } from '../harness/foreignServers';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';

// The nodes' credential test (testedBy) words every outcome itself, in n8n 1.x as in 2.x.
const BAD_KEY_WORDS = /^The API key is not recognised by the service at this Base URL/;
const READ_ONLY_WORDS = /^The API key is valid but lacks the webhook privilege/;

describe('the package inside n8n', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack();
	});

	afterAll(async () => {
		await stack?.stop();
	});

	it('lists both nodes and the credential in n8n’s node and credential types', async () => {
		const nodeTypes = await stack.client.nodeTypes();
		const action = nodeTypes.find((type) => type.name === ACTION_NODE_TYPE);
		const trigger = nodeTypes.find((type) => type.name === TRIGGER_NODE_TYPE);
		expect(action).toMatchObject({ displayName: 'Address Activity', credentials: [{ name: CREDENTIAL_TYPE }] });
		expect(trigger).toMatchObject({ displayName: 'Address Activity Trigger', credentials: [{ name: CREDENTIAL_TYPE }] });
		// Built-in nodes load beside ours (our package did not break n8n's loader).
		expect(nodeTypes.some((type) => type.name === 'n8n-nodes-base.webhook')).toBe(true);

		const credentialTypes = await stack.client.credentialTypes();
		expect(credentialTypes.find((type) => type.name === CREDENTIAL_TYPE)).toMatchObject({ displayName: 'Address Activity API' });
	});

	it('serves the icons from the installed package (the packed dist/ carries its assets)', async () => {
		const nodeTypes = await stack.client.nodeTypes();
		const action = nodeTypes.find((type) => type.name === ACTION_NODE_TYPE);
		const iconUrl = action?.iconUrl;
		expect(iconUrl).toEqual({ light: expect.stringContaining(PACKAGE_NAME), dark: expect.stringContaining('dark') });
		for (const url of Object.values(iconUrl as Record<string, string>)) {
			const response = await fetch(`${stack.n8n.url}/${url}`);
			expect(response.status).toBe(200);
			expect(await response.text()).toContain('<svg');
		}
		expect(stack.n8n.output()).not.toMatch(new RegExp(`error.*${PACKAGE_NAME}`, 'i'));
	});

	it('serves every output schema at the address the editor asks for, without a login; an unknown one is 404', async () => {
		let served = 0;
		for (const [folder, node] of Object.entries(NODES)) {
			const base = schemaFolder(folder as keyof typeof NODES);
			const files = fs.readdirSync(base, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'));
			for (const file of files) {
				// __schema__/v1.1.0/webhook/create.json → /schemas/<type>/1.1.0/webhook/create.json
				const url = `${stack.n8n.url}/schemas/${nodeTypeName(node)}/${file.replace(/^v/, '').split(path.sep).join('/')}`;
				const response = await fetch(url);
				expect({ url, status: response.status }).toEqual({ url, status: 200 });
				expect(await response.json()).toEqual(JSON.parse(fs.readFileSync(path.join(base, file), 'utf8')));
				served++;
			}
		}
		expect(served).toBeGreaterThanOrEqual(40);
		expect((await fetch(`${stack.n8n.url}/schemas/${ACTION_NODE_TYPE}/1.1.0/webhook/archive.json`)).status).toBe(404);
	});

	it('passes the credential test with a good key', async () => {
		const result = await stack.client.testCredential({ name: 'good', type: CREDENTIAL_TYPE, data: { apiKey: EMULATOR_KEY, baseUrl: stack.emulator.url } });
		expect(result).toMatchObject({ status: 'OK' });
		// The test really reached the service.
		const seen = await stack.control.requests();
		expect(seen.some((request) => request.path.startsWith('/v1/') && request.statusCode === 200)).toBe(true);
	});

	it('fails the credential test with a bad key, with a message that says what is wrong', async () => {
		const result = await stack.client.testCredential({ name: 'bad', type: CREDENTIAL_TYPE, data: { apiKey: 'not-a-key', baseUrl: stack.emulator.url } });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(BAD_KEY_WORDS);
		expect(result.message).not.toContain('not-a-key');
	});

	it('fails the credential test for a read-only key, naming the missing privilege', async () => {
		const readOnly = await stack.control.createKey({ privileges: ['read'] });
		const result = await stack.client.testCredential({
			name: 'read-only',
			type: CREDENTIAL_TYPE,
			data: { apiKey: readOnly.key, baseUrl: stack.emulator.url },
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(READ_ONLY_WORDS);
		expect(result.message).not.toContain(readOnly.key);
	});

	it('fails the credential test for a web page that answers 200, saying it is not the service', async () => {
		const webPage = await startForeignServer();
		try {
			const result = await stack.client.testCredential({ name: 'web page', type: CREDENTIAL_TYPE, data: { apiKey: 'wrong-key-123', baseUrl: webPage.url } });
			expect(result).toEqual({
				status: 'Error',
				message: `${webPage.url} is not the Address Activity service: GET /v1/webhooks:getSharedSecret answered 200 with a web page. Set the Base URL to the API address shown in the service's dashboard beside the API key.`,
			});
		} finally {
			await webPage.close();
		}
	});

	it('keeps its REST API behind the owner login (what the tests sign in to)', async () => {
		const response = await fetch(`${stack.n8n.url}/types/nodes.json`);
		expect(response.status).toBe(401);
	});
});
