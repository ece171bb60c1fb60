// The Webhook resource locator's list: the account's webhooks, one service page at a time, each
// named by what it watches, against the emulator through n8n-core's LoadOptionsContext.
import { nodeId, pChainAddress } from '../../emulator/primary/ids';
import { createWebhook, serviceCall, startTestService, type TestService } from '../../harness/fixtures';
import { runListSearch } from '../../harness/loadOptions';
import { runNode } from '../../harness/runNode';

let service: TestService;
beforeAll(async () => {
	service = await startTestService();
});
afterAll(async () => {
	await service.close();
});
afterEach(async () => {
	await service.control.clearFaults();
});

describe('searchWebhooks', () => {
	it('lists the account\'s webhooks by name, filtered by the search text in the name or the ID, whatever its case', async () => {
		const credentials = await service.newAccount();
		const treasury = await createWebhook(credentials, { name: 'Treasury alerts' });
		const payroll = await createWebhook(credentials, { name: 'Payroll' });
		const all = await runListSearch({ method: 'searchWebhooks', credentials });
		expect(all.results.map((result) => result.value).sort()).toEqual([treasury.id, payroll.id].sort());
		const found = await runListSearch({ method: 'searchWebhooks', credentials, filter: ' TREAS ' });
		expect(found.results).toEqual([{ name: 'Treasury alerts (EVM address activity, chain 43114, active)', value: treasury.id }]);
		const byId = await runListSearch({ method: 'searchWebhooks', credentials, filter: payroll.id.toUpperCase() });
		expect(byId.results.map((result) => result.value)).toEqual([payroll.id]);
	});

	it('names each webhook by what it watches and its status, one without a name by its ID', async () => {
		const credentials = await service.newAccount();
		const created = async (parameters: Record<string, unknown>) => {
			const result = await runNode({ credentials, parameters: { resource: 'webhook', operation: 'create', network: 'mainnet', ...parameters } as never });
			expect(result.error).toBeUndefined();
			return result.items[0].json.id as string;
		};
		const pChain = await created({
			url: 'https://receiver.example.com/treasury',
			eventType: 'primary_network_address_activity',
			pChainAddresses: pChainAddress('mainnet', 'treasury'),
			addressSubEvents: ['balance_change'],
			additionalFields: { name: 'Treasury' },
		});
		const validator = await created({
			url: 'https://receiver.example.com/validator',
			eventType: 'validator_activity',
			validatorKeyType: 'nodeId',
			validatorKey: nodeId('ours'),
			validatorSubEvents: ['validator_stake'],
			additionalFields: { name: 'Our node' },
		});
		const fuji = await createWebhook(credentials, { chainId: '43113' });
		await serviceCall(credentials, 'PATCH', `/v1/webhooks/${fuji.id}`, { status: 'inactive' });
		const names = new Map((await runListSearch({ method: 'searchWebhooks', credentials })).results.map((result) => [result.value, result.name]));
		expect(names).toEqual(
			new Map([
				[pChain, 'Treasury (P-Chain address activity, active)'],
				[validator, 'Our node (validator activity, active)'],
				[fuji.id, `${fuji.id} (EVM address activity, chain 43113, inactive)`],
			]),
		);
	});

	it('pages through many webhooks with the pagination token', async () => {
		const credentials = await service.newAccount();
		for (let i = 0; i < 105; i++) await createWebhook(credentials, { name: `hook ${i}` });
		const first = await runListSearch({ method: 'searchWebhooks', credentials });
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBeDefined();
		const second = await runListSearch({ method: 'searchWebhooks', credentials, paginationToken: first.paginationToken });
		expect(second.results).toHaveLength(5);
		expect(second.paginationToken).toBeUndefined();
		expect(new Set([...first.results, ...second.results].map((result) => result.value)).size).toBe(105);
	});

	it('says to check the Base URL when the service has no webhook list there', async () => {
		const credentials = await service.newAccount();
		await service.control.addFault({ method: 'GET', path: '/v1/webhooks', count: 1, status: 404 });
		const error = await runListSearch({ method: 'searchWebhooks', credentials }).catch((thrown: unknown) => thrown as { description?: string });
		expect(error).toMatchObject({ description: expect.stringMatching(/^The service has no such list at this Base URL\. Check the Base URL in the credential/) });
	});
});
