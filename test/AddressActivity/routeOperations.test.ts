// The operations that read a chain-data route as it is (nodes/AddressActivity/routeOperations.ts),
// against the emulator through n8n-core's execution engine: what every such Get and Get Many puts
// out beyond the route's answer. Each operation's own cases are in resources/<resource>/<operation>.test.ts.
import { byId } from '../harness/fixtures';
import { useOperationRunner } from './support';

const { run } = useOperationRunner();

describe('dates a person can read', () => {
	it('puts an ISO date right after each epoch field of blocks and transactions, keeping the number', async () => {
		const [block] = await run({ resource: 'block', operation: 'getMany', chainId: byId('43114'), returnAll: false, limit: 1 });
		const keys = Object.keys(block);
		expect(keys.indexOf('blockTimestampIso')).toBe(keys.indexOf('blockTimestamp') + 1);
		expect(block.blockTimestampIso).toBe(new Date((block.blockTimestamp as number) * 1000).toISOString());

		const [latest] = await run({ resource: 'transaction', operation: 'getMany', chainId: byId('43114'), returnAll: false, limit: 1 });
		const [transaction] = await run({ resource: 'transaction', operation: 'get', chainId: byId('43114'), txHash: latest.txHash });
		const native = transaction.nativeTransaction as Record<string, unknown>;
		expect(native.blockTimestampIso).toBe(new Date((native.blockTimestamp as number) * 1000).toISOString());
	});
});
