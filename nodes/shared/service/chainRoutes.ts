/**
 * The service's chain-data routes, for the action node and the poll trigger: each route is built
 * here once, with what it is about, so that an error names its subject without reading the path.
 */
import type { RequestSubject } from './serviceErrors';

/** A route and what a request to it is about. */
export interface Route {
	path: string;
	subject: RequestSubject;
}

/** A list route: the response field that holds its entries too. */
export interface ListRoute extends Route {
	listField: string;
}

const segment = (value: string | number) => encodeURIComponent(String(value));
const chainPath = (chainId: string) => `/v1/chains/${segment(chainId)}`;
const onChain = (chainId: string) => ({ kind: 'chain', words: `chain ${chainId}` }) as const;

/** GET /v1/chains: every chain the service knows (not paginated). */
export const chainsRoute = (): Route => ({ path: '/v1/chains', subject: { kind: 'chain', words: 'the chain list' } });

export const chainRoute = (chainId: string): Route => ({ path: chainPath(chainId), subject: onChain(chainId) });

export const blocksRoute = (chainId: string): ListRoute => ({ path: `${chainPath(chainId)}/blocks`, listField: 'blocks', subject: onChain(chainId) });

export const blockRoute = (chainId: string, blockId: string | number): Route => ({
	path: `${chainPath(chainId)}/blocks/${segment(blockId)}`,
	subject: { kind: 'block', words: `block ${blockId} on chain ${chainId}` },
});

/** The chain's latest transactions, newest first (native part only). */
export const transactionsRoute = (chainId: string): ListRoute => ({
	path: `${chainPath(chainId)}/transactions`,
	listField: 'transactions',
	subject: onChain(chainId),
});

export const transactionRoute = (chainId: string, txHash: string): Route => ({
	path: `${chainPath(chainId)}/transactions/${segment(txHash)}`,
	subject: { kind: 'transaction', words: `transaction ${txHash} on chain ${chainId}` },
});

export const addressTransactionsRoute = (chainId: string, address: string): ListRoute => ({
	path: `${chainPath(chainId)}/addresses/${segment(address)}/transactions`,
	listField: 'transactions',
	subject: onChain(chainId),
});

/** UTXOs of the primary network's chains (network mainnet or fuji; blockchain p-chain, x-chain, c-chain or an ID). */
export const utxosRoute = (network: string, blockchainId: string): ListRoute => ({
	path: `/v1/networks/${segment(network)}/blockchains/${segment(blockchainId)}/utxos`,
	listField: 'utxos',
	subject: { kind: 'utxo', words: `the UTXOs of ${blockchainId} on ${network}` },
});
