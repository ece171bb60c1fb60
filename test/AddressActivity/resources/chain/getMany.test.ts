// Chain > Get Many against the emulator through n8n-core's execution engine.
import { useOperationRunner } from '../../support';

const { run } = useOperationRunner();

describe('Chain > Get Many', () => {
	it('lists chains, filtered by network and by feature, limited on request', async () => {
		const all = await run({ resource: 'chain', operation: 'getMany', returnAll: true });
		const mainnet = await run({ resource: 'chain', operation: 'getMany', returnAll: true, filters: { network: 'mainnet' } });
		const withWebhooks = await run({
			resource: 'chain',
			operation: 'getMany',
			returnAll: true,
			filters: { feature: 'webhooks' },
		});
		const limited = await run({ resource: 'chain', operation: 'getMany', limit: 1 });
		expect(all.length).toBeGreaterThan(2);
		expect(mainnet.every((chain) => chain.isTestnet === false)).toBe(true);
		expect(mainnet.length).toBeLessThan(all.length);
		expect(withWebhooks.map((chain) => chain.chainId)).toEqual(['43114', '43113']);
		expect(limited).toEqual([all[0]]);
	});
});
