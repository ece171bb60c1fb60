// Transaction > Get against the emulator through n8n-core's execution engine.
import { byId } from '../../../harness/fixtures';
import { useOperationRunner } from '../../support';

const { run, lastRequest } = useOperationRunner();

describe('Transaction > Get', () => {
	it('gets one transaction by its hash, from its route', async () => {
		const latest = await run({ resource: 'transaction', operation: 'getMany', chainId: byId('43114'), limit: 5 });
		const [tx] = await run({
			resource: 'transaction',
			operation: 'get',
			chainId: byId('43114'),
			txHash: latest[0].txHash,
		});
		expect((tx.nativeTransaction as { txHash: string }).txHash).toBe(latest[0].txHash);
		expect(await lastRequest()).toMatchObject({ method: 'GET', path: `/v1/chains/43114/transactions/${String(latest[0].txHash)}` });
	});
});
