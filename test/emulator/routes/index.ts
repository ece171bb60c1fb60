import type { Route } from '../http/router';
import { addressTransactionRoutes } from './addressTransactions';
import { blockRoutes } from './blocks';
import { chainRoutes } from './chains';
import { sharedSecretRoutes } from './sharedSecret';
import { transactionRoutes } from './transactions';
import { utxoRoutes } from './utxos';
import { webhookAddressRoutes } from './webhookAddresses';
import { webhookRoutes } from './webhooks';

/** Every /v1 route of the emulated service. */
export const apiRoutes: Route[] = [
	...sharedSecretRoutes,
	...webhookRoutes,
	...webhookAddressRoutes,
	...chainRoutes,
	...blockRoutes,
	...transactionRoutes,
	...addressTransactionRoutes,
	...utxoRoutes,
];
