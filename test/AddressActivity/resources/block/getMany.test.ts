// Block > Get Many against the emulator through n8n-core's execution engine.
import { byId } from '../../../harness/fixtures';
import { useOperationRunner } from '../../support';

const { run, lastRequest } = useOperationRunner();

describe('Block > Get Many', () => {
	it('lists the latest blocks of the chain, newest first, as many as the Limit', async () => {
		const blocks = await run({ resource: 'block', operation: 'getMany', chainId: byId('43113'), limit: 3 });
		expect(blocks).toHaveLength(3);
		expect(Number(blocks[0].blockNumber)).toBeGreaterThan(Number(blocks[1].blockNumber));
		expect(Number(blocks[1].blockNumber)).toBeGreaterThan(Number(blocks[2].blockNumber));
		expect(await lastRequest()).toMatchObject({ method: 'GET', path: '/v1/chains/43113/blocks' });
	});
});
