import type { Route } from '../http/router';
import { FEATURES } from '../chain/catalog';
import { chainInfoFor, readEnumParam } from './chainAccess';

/** The chains listing (not paginated) and one chain. */
export const chainRoutes: Route[] = [
	{
		method: 'GET',
		path: '/v1/chains',
		privilege: 'read',
		handle(context) {
			const network = readEnumParam(context, 'network', ['mainnet', 'fuji', 'testnet'] as const);
			const feature = readEnumParam(context, 'feature', FEATURES);
			const chains = context.emulator.chains
				.list()
				.filter((chain) => network === undefined || chain.isTestnet === (network !== 'mainnet'))
				.filter((chain) => feature === undefined || chain.enabledFeatures.includes(feature));
			return { body: { chains } };
		},
	},
	{
		method: 'GET',
		path: '/v1/chains/{chainId}',
		privilege: 'read',
		handle: (context) => ({ body: chainInfoFor(context) }),
	},
];
