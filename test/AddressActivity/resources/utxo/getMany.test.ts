// UTXO > Get Many against the emulator through n8n-core's execution engine.
import { useOperationRunner } from '../../support';

const { run, lastRequest } = useOperationRunner();

describe('UTXO > Get Many', () => {
	const UTXO_OWNERS = [`P-avax1${'q'.repeat(38)}`, `X-avax1${'p'.repeat(38)}`];

	it('lists UTXOs of primary-network addresses with the options', async () => {
		const address = 'avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq'.slice(0, 43);
		const addresses = `P-${address}`;
		const utxos = async (options = {}) => await run({ resource: 'utxo', operation: 'getMany', network: 'mainnet', blockchainId: 'p-chain', addresses, returnAll: true, options });
		const unspent = await utxos();
		const withSpent = await utxos({ includeSpent: true, sortOrder: 'asc' });
		expect(withSpent.length).toBeGreaterThanOrEqual(unspent.length);
		expect(withSpent.length).toBeGreaterThan(0);
		const last = await lastRequest();
		expect(last.path).toBe('/v1/networks/mainnet/blockchains/p-chain/utxos');
		expect(last.query).toMatchObject({ addresses, includeSpent: 'true', sortOrder: 'asc' });
	});

	it.each([
		['pasted text', `${UTXO_OWNERS[0]}, ${UTXO_OWNERS[0]};\n ${UTXO_OWNERS[1]}  `],
		['an array from an expression', `={{ [["${UTXO_OWNERS[0]}"], "${UTXO_OWNERS[1]} ${UTXO_OWNERS[0]}"] }}`],
	])('reads the addresses from %s as the Address parameters do: any separator, each address once', async (_name, addresses) => {
		await run({ resource: 'utxo', operation: 'getMany', network: 'mainnet', blockchainId: 'p-chain', addresses, returnAll: false, limit: 1 });
		expect((await lastRequest()).query).toMatchObject({ addresses: UTXO_OWNERS.join(',') });
	});
});
