import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { addressTransactionsRoute, blockRoute, blocksRoute, chainRoute, transactionRoute, transactionsRoute } from './chainRoutes';
import { serviceRequest, type ServiceCall, type ServiceContext } from './transport';
import { MAX_PAGE_SIZE, servicePage, type Page } from './pagination';
import { parseChainTransaction, type ChainTransaction } from '../model/chainTransaction';
import type { NativeToken } from '../model/transfers';

// The chain-data requests of the poll trigger and the catch-up (and the chains' native tokens), all through the shared transport
// (which waits out 429s, retries 5xx and connection failures, and honours the call's deadline).

/** A block as the chain's block list gives it: its number and the chain's transaction count up to it. */
export interface BlockMark {
	number: number;
	/** Transactions in this block and all before it (`cumulativeTransactions`); undefined when not given. */
	transactionsThrough?: number;
	txCount?: number;
	/** Block time, unix seconds; undefined when not given. */
	timestamp?: number;
}

function toBlockMark(context: ServiceContext, chainId: string, block: IDataObject): BlockMark {
	const number = Number(block.blockNumber);
	if (!Number.isInteger(number) || number < 0) {
		throw new NodeOperationError(context.getNode(), `The service listed a block without a valid block number on chain ${chainId}`, {
			description: `Block number received: ${JSON.stringify(block.blockNumber)}`,
		});
	}
	const count = (value: unknown) => {
		const parsed = Number(value);
		return value !== undefined && value !== null && Number.isInteger(parsed) && parsed >= 0 ? parsed : undefined;
	};
	const timestamp = Number(block.blockTimestamp);
	return { number, transactionsThrough: count(block.cumulativeTransactions), txCount: count(block.txCount), timestamp: Number.isFinite(timestamp) && timestamp > 0 ? timestamp : undefined };
}

/** The chain's newest block (number 0 for a chain without blocks). */
export async function fetchHeadBlock(context: ServiceContext, chainId: string, call: ServiceCall = {}): Promise<BlockMark> {
	const page = await servicePage.call(context, { ...blocksRoute(chainId), pageSize: 1, ...call });
	const newest = page.entries[0] as IDataObject | undefined;
	return newest === undefined ? { number: 0, transactionsThrough: 0 } : toBlockMark(context, chainId, newest);
}

/**
 * The first block made at or after `sinceMs` among the newest page of blocks (so at most a page
 * back from the head); the block after the head when the head is older.
 */
export async function fetchFirstBlockSince(context: ServiceContext, chainId: string, sinceMs: number, call: ServiceCall = {}): Promise<number> {
	const page = await servicePage.call(context, { ...blocksRoute(chainId), pageSize: MAX_PAGE_SIZE, ...call });
	const blocks = page.entries as IDataObject[];
	if (blocks.length === 0) return 0;
	let first = toBlockMark(context, chainId, blocks[0]).number + 1;
	for (const block of blocks) {
		if (!(Number(block.blockTimestamp) * 1000 >= sinceMs)) break;
		first = toBlockMark(context, chainId, block).number;
	}
	return first;
}

/** One block by number. */
export async function fetchBlock(context: ServiceContext, chainId: string, blockNumber: number, call: ServiceCall = {}): Promise<BlockMark> {
	const block = await serviceRequest.call(context, { method: 'GET', ...blockRoute(chainId, blockNumber), ...call });
	return toBlockMark(context, chainId, block);
}

/** One page of the chain's transactions, newest first, as listed (native part only, no transfers). */
export async function fetchChainTransactions(context: ServiceContext, chainId: string, pageToken?: string, call: ServiceCall = {}): Promise<Page<IDataObject>> {
	return (await servicePage.call(context, { ...transactionsRoute(chainId), pageToken, ...call })) as Page<IDataObject>;
}

/** One transaction with its transfers and internal transactions. */
export async function fetchTransaction(context: ServiceContext, chainId: string, txHash: string, call: ServiceCall = {}): Promise<IDataObject> {
	return await serviceRequest.call(context, { method: 'GET', ...transactionRoute(chainId, txHash), ...call });
}

/** A listed transaction: checked for the mapping, and as the service sent it for the Raw output. */
export interface ListedTransaction {
	parsed: ChainTransaction;
	raw: IDataObject;
}

/** Chain order: block, then position in the block. */
export function byChainOrder(a: ListedTransaction, b: ListedTransaction): number {
	const left = a.parsed.nativeTransaction;
	const right = b.parsed.nativeTransaction;
	return left.blockNumber - right.blockNumber || (left.blockIndex ?? 0) - (right.blockIndex ?? 0);
}

interface AddressTransactionsQuery {
	chainId: string;
	address: string;
	sortOrder: 'asc' | 'desc';
	startBlock?: number;
	endBlock?: number;
	pageSize?: number;
	pageToken?: string;
}

/** One page of an address's transactions (page size 100 unless given). */
export async function fetchAddressTransactions(
	context: ServiceContext,
	query: AddressTransactionsQuery,
	call: ServiceCall = {},
): Promise<Page<ListedTransaction>> {
	const qs: IDataObject = { sortOrder: query.sortOrder };
	if (query.startBlock !== undefined) qs.startBlock = query.startBlock;
	if (query.endBlock !== undefined) qs.endBlock = query.endBlock;
	const page = (await servicePage.call(context, {
		...addressTransactionsRoute(query.chainId, query.address),
		qs,
		pageSize: query.pageSize ?? MAX_PAGE_SIZE,
		pageToken: query.pageToken,
		...call,
	})) as Page<IDataObject>;
	const entries = page.entries.map((raw, index) => {
		const result = parseChainTransaction(raw);
		if (!result.ok) {
			throw new NodeOperationError(
				context.getNode(),
				`The service listed a transaction of ${query.address} that cannot be read: ${result.problem}`,
				{ description: `Transaction ${index + 1} of a page on chain ${query.chainId}. Nothing was put out; the next poll reads the same transactions again.` },
			);
		}
		return { parsed: result.transaction, raw };
	});
	return { entries, nextPageToken: page.nextPageToken };
}

/** Name, symbol and decimals of the chain's native token, for amounts of native and internal transfers. */
export async function fetchNativeToken(
	this: ServiceContext,
	chainId: string,
	call: ServiceCall = {},
): Promise<NativeToken> {
	const chain = await serviceRequest.call(this, { method: 'GET', ...chainRoute(chainId), ...call });
	const token = (chain.networkToken ?? {}) as IDataObject;
	const nativeToken: NativeToken = {};
	if (typeof token.name === 'string') nativeToken.name = token.name;
	if (typeof token.symbol === 'string') nativeToken.symbol = token.symbol;
	if (typeof token.decimals === 'number') nativeToken.decimals = token.decimals;
	return nativeToken;
}
