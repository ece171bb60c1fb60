import type { Route } from '../http/router';
import { addressTransactionRoutes } from './addressTransactions';
import { balanceRoutes } from './balances';
import { blockRoutes } from './blocks';
import { chainRoutes } from './chains';
import { primaryHistoryRoutes } from './primaryHistory';
import { sharedSecretRoutes } from './sharedSecret';
import { transactionRoutes } from './transactions';
import { utxoRoutes } from './utxos';
import { validatorRoutes } from './validators';
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
	...balanceRoutes,
	...utxoRoutes,
	...primaryHistoryRoutes,
	...validatorRoutes,
];
