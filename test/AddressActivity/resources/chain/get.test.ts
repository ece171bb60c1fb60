// Chain > Get against the emulator through n8n-core's execution engine.
import { byId, fromList } from '../../../harness/fixtures';
import { useOperationRunner } from '../../support';

const { run, lastRequest } = useOperationRunner();

describe('Chain > Get', () => {
	it('gets one chain, picked from the list or by ID, from its route', async () => {
		const [chain] = await run({ resource: 'chain', operation: 'get', chainId: fromList('43114') });
		expect(chain).toMatchObject({ chainId: '43114', isTestnet: false, networkToken: { symbol: 'AVAX' } });
		expect(await lastRequest()).toMatchObject({ method: 'GET', path: '/v1/chains/43114' });
		expect(await run({ resource: 'chain', operation: 'get', chainId: byId('43113') })).toEqual([expect.objectContaining({ chainId: '43113', isTestnet: true })]);
	});
});
