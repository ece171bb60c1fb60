import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from './pagination';
import { answeredInTime, timeLeft, type ServiceCall, type ServiceContext } from './transport';
import { fetchBlock, fetchChainTransactions, fetchTransaction, type BlockMark, type ListedTransaction } from './chainData';
import { parseChainTransaction, type ChainTransaction } from '../model/chainTransaction';

// The chain scan: instead of one read per address, read the chain's transactions once and match
// them here. Its cost follows the chain's activity, not the number of addresses. The chain's list
// carries only each transaction's native part, so a contract call (which may move tokens to a
// monitored address named only in its logs) is read whole; a native transfer names both parties.

/** Whether a monitored address's transactions in a block are due (lower-case address). */
type Wanted = (address: string, block: number) => boolean;

interface ScanLimits extends ServiceCall {
	/** Requests the scan may send. */
	maxRequests: number;
	/**
	 * When the scan stops (ms since epoch): no request starts with less than the transport's
	 * shortest attempt left, and one still unanswered then ends the scan where it was.
	 */
	deadline: number;
}

export interface ScanResult {
	/** Transactions of monitored addresses, oldest first. */
	found: ListedTransaction[];
	/** Unset when every block up to the head was read; else the block to read again next time. */
	stoppedIn?: number;
	requests: number;
}

/** Requests a scan of this many transactions sends at most: their pages and a read of each one. */
export function chainScanCost(transactions: number): number {
	return Math.ceil(transactions / MAX_PAGE_SIZE) + transactions;
}

/**
 * The number of the chain's transactions in blocks `from` to `head`, from the blocks' running
 * totals: `known` is the total before some block up to `from` (from the last poll), else block
 * `from` is read (one request). Undefined when the service gives no totals or no answer in time.
 */
export async function transactionsSince(
	context: ServiceContext,
	chainId: string,
	from: number,
	head: BlockMark,
	known: { block: number; transactionsBefore: number } | undefined,
	call: ServiceCall = {},
): Promise<{ transactions?: number; requests: number }> {
	if (head.transactionsThrough === undefined) return { requests: 0 };
	if (from > head.number) return { transactions: 0, requests: 0 };
	// An upper bound when `from` is later than the known block: enough to choose.
	if (known !== undefined && known.block <= from) {
		return { transactions: Math.max(0, head.transactionsThrough - known.transactionsBefore), requests: 0 };
	}
	const first = await answeredInTime(fetchBlock(context, chainId, from, call));
	if (first?.transactionsThrough === undefined || first.txCount === undefined) return { requests: 1 };
	return { transactions: Math.max(0, head.transactionsThrough - first.transactionsThrough + first.txCount), requests: 1 };
}

function blockOf(entry: IDataObject): number {
	return Number(entry.blockNumber);
}

function isNativeTransfer(entry: IDataObject): boolean {
	const method = entry.method as IDataObject | undefined;
	return method?.callType === 'NATIVE_TRANSFER';
}

function parsed(context: ServiceContext, chainId: string, raw: IDataObject): ChainTransaction {
	const result = parseChainTransaction(raw);
	if (result.ok) return result.transaction;
	throw new NodeOperationError(context.getNode(), `The service listed a transaction on chain ${chainId} that cannot be read: ${result.problem}`, {
		description: 'Nothing was put out; the next poll reads the same transactions again.',
	});
}

/** Every address a transaction names as a party: sender, recipient, token, transfer and internal parties. */
function partiesOf(transaction: ChainTransaction): string[] {
	const native = transaction.nativeTransaction;
	const parties = [native.from, native.to ?? ''];
	for (const transfer of transaction.erc20Transfers ?? []) parties.push(transfer.from, transfer.to, transfer.erc20Token.address);
	for (const transfer of transaction.erc721Transfers ?? []) parties.push(transfer.from, transfer.to, transfer.erc721Token.address);
	for (const transfer of transaction.erc1155Transfers ?? []) parties.push(transfer.from, transfer.to, transfer.erc1155Token.address);
	for (const internal of transaction.internalTransactions ?? []) parties.push(internal.from, internal.to ?? '');
	return parties.map((party) => party.toLowerCase());
}

const TRANSFER_LISTS = ['erc20Transfers', 'erc721Transfers', 'erc1155Transfers', 'internalTransactions'];

/**
 * One listed transaction, if a monitored address takes part: in the shape of an address's
 * transaction list (the listed native part and, for a contract call, the transfers read whole),
 * so both ways of reading put out the same items. `requests` counts the read; `outOfTime` says
 * it got no answer before the deadline.
 */
async function matchListed(
	context: ServiceContext,
	chainId: string,
	entry: IDataObject,
	wanted: Wanted,
	call: ServiceCall,
): Promise<{ match?: ListedTransaction; requests: number; outOfTime?: true }> {
	const block = blockOf(entry);
	const native = parsed(context, chainId, { nativeTransaction: entry });
	if (isNativeTransfer(entry)) {
		const match = partiesOf(native).some((party) => wanted(party, block));
		return { match: match ? { parsed: native, raw: { nativeTransaction: entry } } : undefined, requests: 0 };
	}
	const whole = await answeredInTime(fetchTransaction(context, chainId, native.nativeTransaction.txHash, call));
	if (whole === undefined) return { requests: 1, outOfTime: true };
	const raw: IDataObject = { nativeTransaction: entry };
	for (const list of TRANSFER_LISTS) if (Array.isArray(whole[list]) && (whole[list] as unknown[]).length) raw[list] = whole[list];
	const transaction = parsed(context, chainId, raw);
	return { match: partiesOf(transaction).some((party) => wanted(party, block)) ? { parsed: transaction, raw } : undefined, requests: 1 };
}

/**
 * Reads the chain's transactions in blocks `from` to `head` (listed newest first, so all pages
 * back to `from` come first) and keeps, oldest first, those of monitored addresses not `seen`
 * before. Stops at the limits inside the block it was working on, which the next poll reads again;
 * a request still unanswered at the deadline stops it the same way.
 */
export async function scanChain(
	context: ServiceContext,
	chainId: string,
	range: { from: number; head: number },
	wanted: Wanted,
	seen: (txHash: string) => boolean,
	limits: ScanLimits,
): Promise<ScanResult> {
	const { maxRequests, ...call } = limits;
	let requests = 0;
	const inRange: IDataObject[] = [];
	const outOfLimits = () => requests >= maxRequests || timeLeft(call.deadline) === undefined;
	let pageToken: string | undefined;
	listing: for (;;) {
		if (outOfLimits()) return { found: [], stoppedIn: range.from, requests };
		requests++;
		const page = await answeredInTime(fetchChainTransactions(context, chainId, pageToken, call));
		if (page === undefined) return { found: [], stoppedIn: range.from, requests };
		for (const entry of page.entries) {
			const block = blockOf(entry);
			// Blocks after the head belong to the next poll, as for the per-address reads.
			if (block > range.head) continue;
			if (!(block >= range.from)) break listing;
			inRange.push(entry);
		}
		pageToken = page.nextPageToken;
		if (pageToken === undefined || page.entries.length === 0) break;
	}
	const found: ListedTransaction[] = [];
	for (const entry of inRange.reverse()) {
		if (seen(String(entry.txHash).toLowerCase())) continue;
		if (!isNativeTransfer(entry) && outOfLimits()) return { found, stoppedIn: blockOf(entry), requests };
		const result = await matchListed(context, chainId, entry, wanted, call);
		requests += result.requests;
		if (result.outOfTime) return { found, stoppedIn: blockOf(entry), requests };
		if (result.match) found.push(result.match);
	}
	return { found, requests };
}

/**
 * Fetch Test Event for a long list: the newest transactions of the chain, newest first, until
 * `count` of monitored addresses are found or the limits are reached.
 */
export async function newestOnChain(
	context: ServiceContext,
	chainId: string,
	wanted: Wanted,
	count: number,
	limits: ScanLimits,
): Promise<ListedTransaction[]> {
	const { maxRequests, ...call } = limits;
	const found: ListedTransaction[] = [];
	let requests = 0;
	const outOfLimits = () => requests >= maxRequests || timeLeft(call.deadline) === undefined;
	let pageToken: string | undefined;
	do {
		if (outOfLimits()) break;
		requests++;
		const page = await answeredInTime(fetchChainTransactions(context, chainId, pageToken, call));
		if (page === undefined) break;
		for (const entry of page.entries) {
			if (found.length === count || outOfLimits()) return found;
			const result = await matchListed(context, chainId, entry, wanted, call);
			requests += result.requests;
			if (result.outOfTime) return found;
			if (result.match) found.push(result.match);
		}
		pageToken = page.nextPageToken;
	} while (pageToken !== undefined && found.length < count);
	return found;
}
