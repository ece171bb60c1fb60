/**
 * The service's balance routes of an EVM address (native token, ERC-20, ERC-721, ERC-1155): each
 * route built here once, with what it is about, and read through the shared transport, for the
 * action node and the triggers' balance alerts alike.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import type { BalanceReading } from '../model/balanceAlerts';

import type { ListRoute, Route } from './chainRoutes';
import { serviceList } from './pagination';
import { serviceRequest, type ServiceCall, type ServiceContext } from './transport';

export type TokenStandard = 'erc20' | 'erc721' | 'erc1155';

const segment = (value: string) => encodeURIComponent(value);
const balancesPath = (chainId: string, address: string) => `/v1/chains/${segment(chainId)}/addresses/${segment(address)}/balances`;
const balancesOf = (chainId: string, address: string) => ({ kind: 'chain', words: `the balances of ${address} on chain ${chainId}` }) as const;

export const nativeBalanceRoute = (chainId: string, address: string): Route => ({
	path: `${balancesPath(chainId, address)}:getNative`,
	subject: balancesOf(chainId, address),
});

const LIST: Record<TokenStandard, { route: string; listField: string }> = {
	erc20: { route: 'listErc20', listField: 'erc20TokenBalances' },
	erc721: { route: 'listErc721', listField: 'erc721TokenBalances' },
	erc1155: { route: 'listErc1155', listField: 'erc1155TokenBalances' },
};

export const tokenBalancesRoute = (standard: TokenStandard, chainId: string, address: string): ListRoute => ({
	path: `${balancesPath(chainId, address)}:${LIST[standard].route}`,
	listField: LIST[standard].listField,
	subject: balancesOf(chainId, address),
});

/** The service lists ERC-721 holdings at the newest block only: its route takes no block number. */
export const READS_AT_BLOCK: Record<TokenStandard, boolean> = { erc20: true, erc721: false, erc1155: true };

/** What is read: one address on one chain, at a block (undefined: the newest). */
export interface BalanceQuery {
	chainId: string;
	address: string;
	blockNumber?: number;
}

function blockQuery(blockNumber: number | undefined): IDataObject {
	return blockNumber === undefined ? {} : { blockNumber: String(blockNumber) };
}

/** The address's native balance (the service's nativeTokenBalance: name, symbol, decimals, balance in the smallest unit). */
export async function fetchNativeBalance(context: ServiceContext, query: BalanceQuery, call: ServiceCall = {}): Promise<IDataObject> {
	const answer = await serviceRequest.call(context, {
		method: 'GET',
		...nativeBalanceRoute(query.chainId, query.address),
		qs: blockQuery(query.blockNumber),
		...call,
	});
	return (answer.nativeTokenBalance ?? {}) as IDataObject;
}

export interface TokenBalancesQuery extends BalanceQuery {
	standard: TokenStandard;
	/**
	 * Only these contracts: ERC-20 takes several (contractAddresses, comma separated), ERC-721 and
	 * ERC-1155 one (contractAddress), as the service's routes do.
	 */
	contracts?: string[];
	returnAll: boolean;
	/** With returnAll off: how many entries at most. */
	limit?: number;
}

/** An address's token balances of one standard, page after page (the largest page; a Limit reads no more than it needs). */
export async function fetchTokenBalances(context: ServiceContext, query: TokenBalancesQuery, call: ServiceCall = {}): Promise<IDataObject[]> {
	const qs: IDataObject = READS_AT_BLOCK[query.standard] ? blockQuery(query.blockNumber) : {};
	if (query.contracts?.length) {
		if (query.standard === 'erc20') qs.contractAddresses = query.contracts.join(',');
		else qs.contractAddress = query.contracts[0];
	}
	return (await serviceList.call(context, {
		...tokenBalancesRoute(query.standard, query.chainId, query.address),
		qs,
		returnAll: query.returnAll,
		limit: query.limit,
		...call,
	})) as IDataObject[];
}

/** The asset whose balance after a block a trigger reads: the native token, one ERC-20 contract, or one ERC-1155 contract (all its token IDs). */
export type AssetBalanceQuery = BalanceQuery & ({ standard: 'native' } | { standard: 'erc20' | 'erc1155'; contract: string });

const WHOLE = /^[0-9]+$/;

function reading(context: ServiceContext, query: AssetBalanceQuery, balance: unknown, decimals?: unknown): BalanceReading {
	const raw = typeof balance === 'number' ? String(balance) : balance;
	if (typeof raw !== 'string' || !WHOLE.test(raw)) {
		throw new NodeOperationError(context.getNode(), `The service sent a balance of ${query.address} on chain ${query.chainId} that is not a whole number of 0 or more: ${JSON.stringify(balance)}`);
	}
	return typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 ? { raw, decimals } : { raw };
}

/**
 * One asset's balance after a block, by token ID ('' for the native token and ERC-20). A contract
 * the address holds none of is not listed by the service: its balance is 0 (absent from the map).
 */
export async function fetchAssetBalance(context: ServiceContext, query: AssetBalanceQuery, call: ServiceCall = {}): Promise<Map<string, BalanceReading>> {
	if (query.standard === 'native') {
		const native = await fetchNativeBalance(context, query, call);
		return new Map([['', reading(context, query, native.balance, native.decimals)]]);
	}
	const entries = await fetchTokenBalances(context, { ...query, contracts: [query.contract], returnAll: true }, call);
	const held = new Map<string, BalanceReading>();
	for (const entry of entries) {
		if (String(entry.address).toLowerCase() !== query.contract.toLowerCase()) continue;
		held.set(query.standard === 'erc20' ? '' : String(entry.tokenId), reading(context, query, entry.balance, query.standard === 'erc20' ? entry.decimals : undefined));
	}
	return held;
}
