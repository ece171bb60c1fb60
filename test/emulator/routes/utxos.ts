import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { utxosOf } from '../chain/utxos';
import { readEnumParam } from './chainAccess';

const BLOCKCHAINS: Record<string, string> = { 'p-chain': 'p-chain', 'x-chain': 'x-chain', 'c-chain': 'c-chain' };
const BECH32_BODY = '[02-9ac-hj-np-z]{38}';

/** UTXOs of primary-network addresses (P-, X- and C-Chain), synthetic but stable per address. */
export const utxoRoutes: Route[] = [
	{
		method: 'GET',
		path: '/v1/networks/{network}/blockchains/{blockchainId}/utxos',
		privilege: 'read',
		handle(context) {
			const { network, blockchainId } = context.params;
			if (network !== 'mainnet' && network !== 'fuji') {
				throw badRequest(`network must be one of the following values: mainnet, fuji (got '${network}')`);
			}
			const blockchain = BLOCKCHAINS[blockchainId] ?? (/^[1-9A-HJ-NP-Za-km-z]{40,60}$/.test(blockchainId) ? blockchainId : undefined);
			if (!blockchain) {
				throw badRequest(`blockchainId must be p-chain, x-chain, c-chain or a blockchain id (got '${blockchainId}')`);
			}
			const raw = context.query.get('addresses');
			if (!raw) throw badRequest('addresses is required: one or more comma-separated primary network addresses');
			const hrp = network === 'mainnet' ? 'avax' : 'fuji';
			const pattern = new RegExp(`^([PXC]-)?${hrp}1${BECH32_BODY}$`);
			const addresses = [...new Set(raw.split(',').map((address) => address.trim()).filter(Boolean))];
			for (const address of addresses) {
				if (!pattern.test(address)) {
					throw badRequest(`invalid address format: '${address}' is not a ${network} primary network address (${hrp}1... in bech32, optionally prefixed with P-, X- or C-)`);
				}
			}
			if (addresses.length > 64) throw badRequest(`addresses must hold at most 64 addresses (got ${addresses.length})`);
			const includeSpent = readEnumParam(context, 'includeSpent', ['true', 'false'] as const) === 'true';
			const sortOrder = readEnumParam(context, 'sortOrder', ['asc', 'desc'] as const) ?? 'asc';
			const assetId = context.query.get('assetId') || undefined;
			const utxos = addresses
				.flatMap((address) => utxosOf(context.emulator.options.seed, network, blockchain, address.replace(/^[PXC]-/, '')))
				.filter((utxo) => includeSpent || utxo.consumingTxHash === undefined)
				.filter((utxo) => assetId === undefined || utxo.asset.assetId === assetId)
				.sort((a, b) => (sortOrder === 'asc' ? a.blockTimestamp - b.blockTimestamp : b.blockTimestamp - a.blockTimestamp));
			const page = context.page((cursor = 0, pageSize) => ({
				items: utxos.slice(cursor, cursor + pageSize),
				next: cursor + pageSize < utxos.length ? cursor + pageSize : undefined,
			}));
			return {
				body: {
					utxos: page.items,
					...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
					chainInfo: { chainName: blockchain, network },
				},
			};
		},
	},
];
