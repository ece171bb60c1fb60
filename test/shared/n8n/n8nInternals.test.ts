// The functions that name what the nodes rely on in n8n, on contexts shaped like n8n 2.x's and
// 1.x's (test/e2e/n8nInternals.test.ts checks the same reliances in real n8n).
import type { IDataObject, INode } from 'n8n-workflow';

import {
	agentArgument,
	isAgentTool,
	onAnswer,
	publishedStaticData,
	rawBodyOf,
	storeInStaticData,
	webhookUrlOfRequest,
} from '../../../nodes/shared/n8n/n8nInternals';
import { webhookContext } from '../../harness/webhookContext';

const PRODUCTION = 'https://n8n.example.com/prefix/webhook/abc/webhook';

describe('the status n8n answers (onAnswer)', () => {
	it('is learnt when n8n ends the response, with the status it set', () => {
		const context = webhookContext();
		const statuses: number[] = [];
		onAnswer(context, (statusCode) => statuses.push(statusCode));
		expect(statuses).toEqual([]);
		context.response.status(500).json({ message: 'Workflow could not be started!' });
		context.response.end();
		expect(statuses).toEqual([500]);
		expect(context.response.ended).toBe(true);
	});
});

describe('the URL a request came to (webhookUrlOfRequest)', () => {
	it('on n8n 2.x is the one n8n serves, the test URL for a test request', () => {
		const testUrl = PRODUCTION.replace('/webhook/', '/webhook-test/');
		expect(webhookUrlOfRequest(webhookContext({ mode: 'manual', productionUrl: PRODUCTION, resourceUrl: testUrl }))).toBe(testUrl);
	});

	it('on n8n 1.x is the production URL for a production request', () => {
		expect(webhookUrlOfRequest(webhookContext({ productionUrl: PRODUCTION, request: { originalUrl: '/prefix/webhook/abc/webhook' } }))).toBe(PRODUCTION);
	});

	it('on n8n 1.x is rebuilt from the request path for a test request, keeping the path prefix', () => {
		const context = webhookContext({ mode: 'manual', productionUrl: PRODUCTION, request: { originalUrl: '/prefix/webhook-test/abc/webhook?x=1' } });
		expect(webhookUrlOfRequest(context)).toBe('https://n8n.example.com/prefix/webhook-test/abc/webhook');
	});

	it('on n8n 1.x keeps the prefix when a proxy removed it from the request path', () => {
		const context = webhookContext({ mode: 'manual', productionUrl: PRODUCTION, request: { originalUrl: '/webhook-test/abc/webhook' } });
		expect(webhookUrlOfRequest(context)).toBe('https://n8n.example.com/prefix/webhook-test/abc/webhook');
	});
});

describe('the request body as received (rawBodyOf)', () => {
	it('is the bytes n8n kept, or nothing when it kept none', () => {
		const bytes = Buffer.from('{"a": 1}');
		expect(rawBodyOf(webhookContext({ request: { rawBody: bytes } }))).toBe(bytes);
		expect(rawBodyOf(webhookContext())).toBeUndefined();
		expect(rawBodyOf(webhookContext({ request: { rawBody: '{"a": 1}' } }))).toBeUndefined();
	});
});

describe('static data', () => {
	it('is stored under its key at the top level, and a key stored as undefined is gone', () => {
		const data: IDataObject = { other: 1 };
		storeInStaticData(data, 'chains', { '43113': { webhookId: 'w' } });
		expect(data).toEqual({ other: 1, chains: { '43113': { webhookId: 'w' } } });
		storeInStaticData(data, 'chains', undefined);
		expect(data).toEqual({ other: 1 });
	});

	it('is read in webhook() as the node’s static data', () => {
		const staticData = { chains: { '43113': { catchUp: { mark: { block: 7, at: 1 } } } } };
		expect(publishedStaticData(webhookContext({ staticData }))).toBe(staticData);
	});
});

describe('AI agents', () => {
	const node = (type: string, parameters: INode['parameters'] = {}) => ({ type, parameters }) as INode;

	it('run the node as the type n8n names <type>Tool', () => {
		expect(isAgentTool(node('n8n-nodes-address-activity.addressActivityTool'))).toBe(true);
		expect(isAgentTool(node('n8n-nodes-address-activity.addressActivity'))).toBe(false);
	});

	it('fill a parameter with $fromAI, whose key names the argument (also inside a resource locator)', () => {
		expect(agentArgument("={{ $fromAI('addresses', 'the wallets', 'string') }}")).toBe('addresses');
		expect(agentArgument({ __rl: true, mode: 'id', value: '={{ $fromAI("webhookId") }}' })).toBe('webhookId');
		expect(agentArgument('0xabc')).toBeUndefined();
		expect(agentArgument(42)).toBeUndefined();
	});
});
