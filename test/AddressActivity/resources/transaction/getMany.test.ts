// Transaction > Get Many against the emulator through n8n-core's execution engine.
import { byId } from '../../../harness/fixtures';
import { useOperationRunner } from '../../support';

const { run } = useOperationRunner();

describe('Transaction > Get Many', () => {
	it('lists the latest transactions, optionally only failed ones', async () => {
		const latest = await run({ resource: 'transaction', operation: 'getMany', chainId: byId('43114'), limit: 5 });
		expect(latest).toHaveLength(5);
		const failed = await run({
			resource: 'transaction',
			operation: 'getMany',
			chainId: byId('43114'),
			limit: 20,
			filters: { status: 'failed' },
		});
		expect(failed.length).toBeGreaterThan(0);
		expect(failed.every((tx) => tx.txStatus === '0')).toBe(true);
	});
});
