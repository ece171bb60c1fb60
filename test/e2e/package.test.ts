// The packed package, installed into real n8n as a community package: n8n's loader finds both
// nodes and the credential, and the editor's credential test talks to the service.
import { N8N_MAJOR } from '../support/install';
import { ACTION_NODE_TYPE, CREDENTIAL_TYPE, PACKAGE_NAME, TRIGGER_NODE_TYPE } from '../harness/names';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';

// n8n 1.x applies a credential test's responseCode rules only to errors that carry the raw HTTP
// response, which its request path does not keep: it shows its own words for 401 and 403 instead.
const BAD_KEY_WORDS = N8N_MAJOR === 1 ? /Authorization failed - please check your credentials/ : /API key/i;
const READ_ONLY_WORDS = N8N_MAJOR === 1 ? /Forbidden - perhaps check your credentials/ : /privilege/i;

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

	it('keeps its REST API behind the owner login (what the tests sign in to)', async () => {
		const response = await fetch(`${stack.n8n.url}/types/nodes.json`);
		expect(response.status).toBe(401);
	});
});
