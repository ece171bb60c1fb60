// Block > Get against the emulator through n8n-core's execution engine.
import { byId } from '../../../harness/fixtures';
import { useOperationRunner } from '../../support';

const { run } = useOperationRunner();

describe('Block > Get', () => {
	it('gets one block by number and by hash, the same block either way', async () => {
		const blocks = await run({ resource: 'block', operation: 'getMany', chainId: byId('43113'), limit: 3 });
		const [byNumber] = await run({
			resource: 'block',
			operation: 'get',
			chainId: byId('43113'),
			blockId: String(blocks[1].blockNumber),
		});
		const [byHash] = await run({ resource: 'block', operation: 'get', chainId: byId('43113'), blockId: blocks[1].blockHash });
		expect(byNumber).toMatchObject({ blockNumber: blocks[1].blockNumber, blockHash: blocks[1].blockHash });
		expect(byHash).toEqual(byNumber);
	});
});
