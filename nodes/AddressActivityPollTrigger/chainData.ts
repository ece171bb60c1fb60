import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { MAX_PAGE_SIZE, servicePage, type Page } from '../shared/transport';
import { parseChainTransaction, type ChainTransaction } from './chainTransaction';

// The chain-data requests of the poll trigger, all through the shared transport (which waits out
// 429s and retries 5xx and connection failures).

/** The number of the chain's newest block (0 for a chain without blocks). */
export async function fetchHeadBlock(context: IPollFunctions, chainId: string): Promise<number> {
	const page = await servicePage.call(context, { path: `/v1/chains/${chainId}/blocks`, listField: 'blocks', pageSize: 1 });
	const newest = page.entries[0] as IDataObject | undefined;
	if (newest === undefined) return 0;
	const number = Number(newest.blockNumber);
	if (!Number.isInteger(number) || number < 0) {
		throw new NodeOperationError(context.getNode(), `The service listed a block without a valid block number on chain ${chainId}`, {
			description: `Block number received: ${JSON.stringify(newest.blockNumber)}`,
		});
	}
	return number;
}

/** A listed transaction: checked for the mapping, and as the service sent it for the Raw output. */
export interface ListedTransaction {
	parsed: ChainTransaction;
	raw: IDataObject;
}

export interface AddressTransactionsQuery {
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
	context: IPollFunctions,
	query: AddressTransactionsQuery,
): Promise<Page<ListedTransaction>> {
	const qs: IDataObject = { sortOrder: query.sortOrder };
	if (query.startBlock !== undefined) qs.startBlock = query.startBlock;
	if (query.endBlock !== undefined) qs.endBlock = query.endBlock;
	const page = (await servicePage.call(context, {
		path: `/v1/chains/${query.chainId}/addresses/${query.address}/transactions`,
		listField: 'transactions',
		qs,
		pageSize: query.pageSize ?? MAX_PAGE_SIZE,
		pageToken: query.pageToken,
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
