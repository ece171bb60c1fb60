// The chain choosers against the emulator over HTTP, through n8n-core's LoadOptionsContext.
import { getChains, getWebhookChains, searchChains, searchWebhookChains } from '../../../nodes/shared/parameters/chainSearches';
import { loadOptionsContext } from '../../harness/contexts';
import type { AddressActivityCredentialData } from '../../harness/credentials';
import { startTestService, type TestService } from '../../harness/fixtures';

let service: TestService;
let credentials: AddressActivityCredentialData;
beforeAll(async () => {
	service = await startTestService();
	credentials = await service.newAccount();
});
afterAll(async () => {
	await service.close();
});

const C_CHAIN = { name: 'Avalanche (C-Chain) - 43114', value: '43114' };
const FUJI = { name: 'Avalanche (C-Chain) Fuji - 43113 - test network', value: '43113' };

describe('the chain choosers', () => {
	it('list every chain by name and ID, saying which is a test network or unavailable', async () => {
		const { results } = await searchChains.call(loadOptionsContext(credentials));
		expect(results).toEqual([C_CHAIN, FUJI, { name: 'Dexalot L1 - 432204', value: '432204' }, { name: 'WAGMI - 11111 - test network - unavailable', value: '11111' }]);
	});

	it('list only the chains with webhooks for a webhook, asking the service for them', async () => {
		await service.control.clearRequests();
		expect((await searchWebhookChains.call(loadOptionsContext(credentials))).results).toEqual([C_CHAIN, FUJI]);
		expect(await service.control.requests()).toMatchObject([{ method: 'GET', path: '/v1/chains', query: { feature: 'webhooks' } }]);
	});

	it('filter by a part of the name, in any letter case, or of the ID', async () => {
		expect((await searchChains.call(loadOptionsContext(credentials), ' FUJI ')).results).toEqual([FUJI]);
		expect((await searchChains.call(loadOptionsContext(credentials), '4322')).results).toEqual([{ name: 'Dexalot L1 - 432204', value: '432204' }]);
		expect((await searchWebhookChains.call(loadOptionsContext(credentials), 'dexalot')).results).toEqual([]);
	});

	it('give the triggers\' Chains options the same entries', async () => {
		expect(await getWebhookChains.call(loadOptionsContext(credentials))).toEqual([C_CHAIN, FUJI]);
		expect(await getChains.call(loadOptionsContext(credentials))).toHaveLength(4);
	});

	it('fail with the service\'s words when the key is not recognised', async () => {
		const unknown = service.credentials('no-such-key');
		await expect(searchChains.call(loadOptionsContext(unknown))).rejects.toThrow(/^The API key was not recognised by the service/);
	});
});
