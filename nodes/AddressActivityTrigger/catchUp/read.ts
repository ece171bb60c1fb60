/**
 * What a catch-up reads (run.ts): the gap's transactions of the monitored addresses from
 * chain data, as the poll trigger reads, within a time limit, keeping only what a live delivery
 * would have brought under the trigger's Event Signatures.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

import { byChainOrder, fetchAddressTransactions, type ListedTransaction } from '../../shared/service/chainData';
import { scanChain } from '../../shared/service/chainScan';
import { AddressSet } from '../../shared/model/addresses';
import { eventSignatureHash, parseEventSignatures } from '../../shared/model/eventSignatures';
import { answeredInTime, timeLeft } from '../../shared/service/transport';
import type { CatchUpRequest } from './request';

/** Up to this many addresses the gap is read per address; more, and the chain's transactions are read once and matched. */
export const PER_ADDRESS_MAX = 10;
/** Requests a chain scan of the gap may send. */
export const CATCH_UP_SCAN_REQUESTS = 2000;
/**
 * Reading a gap (per address or by chain scan, each request included) stops after this long, so
 * that n8n answers the catch-up request well within the 60 s activation waits for it (gaps.ts).
 */
export const CATCH_UP_READ_MS = 20_000;
/** After the read, the chain's native token when this process does not know it: 30 s in all, half of activation's wait. */
export const CATCH_UP_TOKEN_MS = 10_000;

export interface GapRead {
	transactions: ListedTransaction[];
	/** Blocks not read for every address (time or the scan's requests ran out): their transfers are not put out. */
	unread?: { fromBlock: number; toBlock: number };
	/** Event Signatures chain data cannot show (it carries no logs): activity matching only these is not put out. */
	unreadSignatures?: string[];
}

/** Chain data lists a transaction's token transfers, not its logs: the logs those transfers are, by topic0. */
const TRANSFER_TOPIC = eventSignatureHash('Transfer(address,address,uint256)');
const ERC1155_TOPICS = [eventSignatureHash('TransferSingle(address,address,address,uint256,uint256)'), eventSignatureHash('TransferBatch(address,address,address,uint256[],uint256[])')];

/**
 * The service delivers a transaction only when one of its logs has a listed topic0. Chain data shows
 * a Transfer log as an ERC-20 or ERC-721 transfer and an ERC-1155 transfer as either of its two events
 * (which one is not said); any other signature cannot be seen there.
 */
export function signatureFilter(context: IWebhookFunctions): { matches: (entry: ListedTransaction) => boolean; unread: string[] } | undefined {
	const signatures = parseEventSignatures(context.getNodeParameter('eventSignatures', ''));
	if (signatures.length === 0) return undefined;
	const transfer = signatures.includes(TRANSFER_TOPIC);
	const erc1155 = ERC1155_TOPICS.some((topic) => signatures.includes(topic));
	const matches = ({ parsed }: ListedTransaction) =>
		(transfer && Boolean(parsed.erc20Transfers?.length || parsed.erc721Transfers?.length)) || (erc1155 && Boolean(parsed.erc1155Transfers?.length));
	return { matches, unread: signatures.filter((signature) => signature !== TRANSFER_TOPIC && !ERC1155_TOPICS.includes(signature)) };
}

/** One address read newest first, page by page. */
interface AddressRead {
	address: string;
	pageToken?: string;
	done: boolean;
	/** The oldest block met so far: the blocks after it are read completely. */
	oldest?: number;
}

/**
 * Per address, newest pages first, down to `notBefore`. The addresses take turns page by page, so
 * that when time runs out all are read down to about the same block; what is put out is what every
 * address was read for: the blocks after the highest block an unfinished address stopped in.
 */
async function readEachAddress(context: IWebhookFunctions, chainId: string, addresses: AddressSet, gap: CatchUpRequest['catchUp'], deadline: number): Promise<GapRead> {
	const found = new Map<string, ListedTransaction>();
	const reads: AddressRead[] = addresses.lowerCase.map((address) => ({ address, done: false }));
	for (let open = reads; open.length > 0; open = reads.filter((read) => !read.done)) {
		for (const read of open) {
			const query = { chainId, address: read.address, sortOrder: 'desc' as const, startBlock: gap.fromBlock, endBlock: gap.toBlock, pageToken: read.pageToken };
			const page = timeLeft(deadline) === undefined ? undefined : await answeredInTime(fetchAddressTransactions(context, query, { deadline }));
			if (page === undefined) return completeBlocks(found, reads, gap);
			let older = false;
			for (const entry of page.entries) {
				const native = entry.parsed.nativeTransaction;
				if (native.blockNumber < gap.fromBlock || native.blockNumber > gap.toBlock) continue;
				read.oldest = Math.min(read.oldest ?? native.blockNumber, native.blockNumber);
				if (gap.notBefore !== null && native.blockTimestamp * 1000 < gap.notBefore) {
					older = true;
					continue;
				}
				found.set(native.txHash.toLowerCase(), entry);
			}
			read.pageToken = older || page.entries.length === 0 ? undefined : page.nextPageToken;
			read.done = read.pageToken === undefined;
		}
	}
	return { transactions: [...found.values()] };
}

/** After time ran out: the transactions in the blocks every address was read for, and the blocks before them. */
function completeBlocks(found: Map<string, ListedTransaction>, reads: AddressRead[], gap: CatchUpRequest['catchUp']): GapRead {
	// An unfinished address may have more transactions in the oldest block it met.
	const from = Math.max(...reads.filter((read) => !read.done).map((read) => (read.oldest ?? gap.toBlock) + 1));
	const transactions = [...found.values()].filter((entry) => entry.parsed.nativeTransaction.blockNumber >= from);
	return { transactions, unread: { fromBlock: gap.fromBlock, toBlock: from - 1 } };
}

/**
 * The gap's transactions of the monitored addresses, oldest first, each once, as a live delivery
 * would have brought them: per address, or for many addresses by one scan of the chain.
 */
export async function readGap(context: IWebhookFunctions, chainId: string, addresses: AddressSet, gap: CatchUpRequest['catchUp']): Promise<GapRead> {
	const filter = signatureFilter(context);
	const deadline = Date.now() + CATCH_UP_READ_MS;
	let read: GapRead;
	if (addresses.size > PER_ADDRESS_MAX) {
		const scan = await scanChain(context, chainId, { from: gap.fromBlock, head: gap.toBlock }, (address) => addresses.has(address), () => false, {
			maxRequests: CATCH_UP_SCAN_REQUESTS,
			deadline,
		});
		const recent = scan.found.filter((entry) => gap.notBefore === null || entry.parsed.nativeTransaction.blockTimestamp * 1000 >= gap.notBefore);
		read = { transactions: recent, unread: scan.stoppedIn === undefined ? undefined : { fromBlock: scan.stoppedIn, toBlock: gap.toBlock } };
	} else {
		read = await readEachAddress(context, chainId, addresses, gap, deadline);
	}
	const transactions = (filter === undefined ? read.transactions : read.transactions.filter(filter.matches)).sort(byChainOrder);
	return { ...read, transactions, unreadSignatures: filter?.unread.length ? filter.unread : undefined };
}
