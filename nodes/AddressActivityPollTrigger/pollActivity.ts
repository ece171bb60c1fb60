import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { claimCrossing } from '../shared/memory/balanceCrossings';
import { transfersWithBalances } from '../shared/memory/balanceReadings';
import { FROM_CHAIN, toTransfers, type NativeToken, type Transfer } from '../shared/model/transfers';
import { answeredInTime, timeLeft, type ServiceCall } from '../shared/service/transport';
import { toDeliveryTransaction } from '../shared/model/chainTransaction';
import { fetchNativeToken } from '../shared/service/chainData';
import { byChainOrder, fetchAddressTransactions, fetchHeadBlock, type BlockMark, type ListedTransaction } from '../shared/service/chainData';
import { chainScanCost, newestOnChain, scanChain, transactionsSince } from '../shared/service/chainScan';
import {
	advanceCursors,
	alignCursors,
	emittedBefore,
	forgetOtherChains,
	loadState,
	needsReading,
	saveState,
	type AddressProgress,
	type PollState,
} from './cursor';
import type { PollParameters } from './readParameters';

/** Fetch Test Event: the newest transactions of each address are read, one page of this size. */
const TEST_EVENT_PAGE_SIZE = 10;
/** Fetch Test Event puts out the transfers of at most this many transactions, the newest. */
export const TEST_EVENT_TRANSACTIONS = 10;
/** Used when n8n does not say how long a poll may take (n8n's own default). */
const DEFAULT_POLL_BUDGET_MS = 5 * 60 * 1000;

function hashOf(entry: ListedTransaction): string {
	return entry.parsed.nativeTransaction.txHash.toLowerCase();
}

/**
 * The output items of some transactions: with Transfers, the webhook trigger's own mapping of the
 * same transaction. No delivery brought it, so messageId and webhookId are null.
 */
function transferItems(transactions: ListedTransaction[], parameters: PollParameters, chainId: string, nativeToken: NativeToken): Transfer[] {
	const items: Transfer[] = [];
	for (const entry of transactions) {
		const transaction = toDeliveryTransaction(entry.parsed, parameters.includeInternalTxs);
		items.push(...toTransfers(transaction, FROM_CHAIN, parameters.addresses, nativeToken, parameters.filters, chainId));
	}
	return items;
}

/**
 * The output items, with the balances the Balances options ask for (read within `call`; a failed
 * read throws). A balance alert's crossing puts out one item, however many polls see its block.
 */
async function outputItems(context: IPollFunctions, transactions: ListedTransaction[], parameters: PollParameters, chainId: string, nativeToken: NativeToken, call: ServiceCall): Promise<IDataObject[]> {
	if (parameters.output === 'raw') return transactions.map((entry) => entry.raw);
	const balanced = await transfersWithBalances(context, transferItems(transactions, parameters, chainId, nativeToken), parameters.balances, call);
	const { crossings } = balanced;
	// Fetch Test Event shows crossings without claiming them for the polls.
	if (crossings === undefined || context.getMode() === 'manual') return balanced.items;
	const scope = `poll|${context.getWorkflow().id ?? ''}|${context.getNode().id}`;
	return balanced.items.filter((_, index) => claimCrossing(scope, crossings[index]) !== undefined);
}

/** Each chain's share of a poll's time: half of what n8n allows a poll, split evenly. */
function chainShareMs(context: IPollFunctions, parameters: PollParameters): number {
	// getPollBudgetMs is new in n8n 2.41; older versions do not offer it.
	const budget = typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : DEFAULT_POLL_BUDGET_MS;
	return (Number.isFinite(budget) && budget > 0 ? budget : DEFAULT_POLL_BUDGET_MS) / 2 / parameters.chainIds.length;
}

/**
 * One address's new transactions from its cursor up to `head`, oldest first: at most `maxPages`
 * pages with new ones (a block read in part before does not count), none after `deadline` (a page
 * still unanswered then is read again by the next poll).
 */
async function readAddress(
	context: IPollFunctions,
	parameters: PollParameters,
	chainId: string,
	address: string,
	fromBlock: number,
	head: number,
	deadline: number,
	found: (entry: ListedTransaction) => boolean,
): Promise<AddressProgress> {
	let reachedBlock = fromBlock;
	let pageToken: string | undefined;
	for (let pages = 0; ; ) {
		if (pages >= parameters.maxPages || timeLeft(deadline) === undefined) return { complete: false, reachedBlock };
		const query = { chainId, address, sortOrder: 'asc', startBlock: fromBlock, endBlock: head, pageToken } as const;
		const page = await answeredInTime(fetchAddressTransactions(context, query, { deadline }));
		if (page === undefined) {
			context.logger.warn(
				`Address Activity Poll Trigger: the service did not answer a read of ${address} on chain ${chainId} within this poll's time; the next poll reads it again`,
			);
			return { complete: false, reachedBlock };
		}
		let anyNew = false;
		for (const entry of page.entries) {
			const block = entry.parsed.nativeTransaction.blockNumber;
			// Only the asked range: anything else would repeat or run ahead of the other addresses.
			if (block < fromBlock || block > head) continue;
			reachedBlock = Math.max(reachedBlock, block);
			if (found(entry)) anyNew = true;
		}
		if (anyNew) pages++;
		pageToken = page.nextPageToken;
		if (pageToken === undefined || page.entries.length === 0) return { complete: true };
	}
}

/** Below this many addresses to read, reading each address is as cheap as reading the chain. */
const CHAIN_SCAN_MIN_ADDRESSES = 3;

/** The addresses a poll reads: lower-case address -> first block due. */
type Due = Map<string, number>;

/**
 * Whether this poll reads the chain once instead of each address: when that costs fewer
 * requests (its cost counted from the blocks' running totals, at most one request), or when one
 * request per address would not fit in the poll's share of Max Requests per Minute.
 */
async function readsChain(context: IPollFunctions, chainId: string, state: PollState, due: Due, head: BlockMark, budget: number, call: ServiceCall) {
	if (due.size < CHAIN_SCAN_MIN_ADDRESSES) return { chain: false, requests: 0 };
	const from = Math.min(...due.values());
	const counted = await transactionsSince(context, chainId, from, head, state.chainMark, call);
	if (counted.transactions === undefined) return { chain: false, requests: counted.requests };
	const fitsPerAddress = 1 + counted.requests + due.size <= budget;
	return { chain: chainScanCost(counted.transactions) < due.size || !fitsPerAddress, requests: counted.requests };
}

/** Reads each due address from its cursor up to the head. */
async function readEachAddress(
	context: IPollFunctions,
	parameters: PollParameters,
	chainId: string,
	due: Due,
	head: number,
	deadline: number,
	keep: (entry: ListedTransaction) => boolean,
): Promise<Map<string, AddressProgress>> {
	const progress = new Map<string, AddressProgress>();
	for (const address of parameters.addresses.list) {
		const key = address.toLowerCase();
		const from = due.get(key);
		if (from === undefined) continue;
		progress.set(key, await readAddress(context, parameters, chainId, address, from, head, deadline, keep));
	}
	return progress;
}

/** What one chain's part of a poll gives: its items, and its state to save once every chain was read. */
interface ChainPoll {
	items: IDataObject[];
	state: PollState;
}

/**
 * The chain's newest block and, for the Transfers output, its native token (once, kept in the
 * state); undefined when the service did not answer before the deadline.
 */
async function readHead(context: IPollFunctions, parameters: PollParameters, chainId: string, state: PollState, call: ServiceCall): Promise<BlockMark | undefined> {
	const head = await answeredInTime(fetchHeadBlock(context, chainId, call));
	if (head === undefined || parameters.output === 'raw' || state.nativeToken !== undefined) return head;
	const nativeToken = await answeredInTime(fetchNativeToken.call(context, chainId, call));
	if (nativeToken !== undefined) state.nativeToken = { ...nativeToken };
	return nativeToken === undefined ? undefined : head;
}

/**
 * One chain's part of a poll: every transaction of the configured addresses since its last poll,
 * each once, in chain order, as output items, and the cursor state that follows. Every read ends
 * by `deadline`; what was not read by then is read by the next poll.
 */
async function pollChain(context: IPollFunctions, parameters: PollParameters, chainId: string, budget: number, deadline: number, balancesDeadline: number): Promise<ChainPoll> {
	const state = loadState(context.getWorkflowStaticData('node'), chainId, parameters.startFromBlock);
	const call: ServiceCall = { deadline };
	const head = await readHead(context, parameters, chainId, state, call);
	if (head === undefined) {
		context.logger.warn(`Address Activity Poll Trigger: the service did not answer for chain ${chainId} within this poll's time; the next poll tries again`);
		return { items: [], state };
	}
	alignCursors(state, parameters.addresses, head.number, parameters.startFromBlock);

	const alreadyPutOut = emittedBefore(state);
	// Nothing new since an address was last read: it is not due (a quiet chain costs one request a poll).
	const due: Due = new Map();
	for (const [key, cursor] of Object.entries(state.cursors)) if (needsReading(cursor, head.number)) due.set(key, cursor.from);

	const found = new Map<string, ListedTransaction>();
	// A transaction of two monitored addresses is listed for both: it is put out once.
	const keep = (entry: ListedTransaction) => {
		const hash = hashOf(entry);
		if (alreadyPutOut.has(hash)) return false;
		if (!found.has(hash)) found.set(hash, entry);
		return true;
	};
	const choice = await readsChain(context, chainId, state, due, head, budget, call);
	let progress: Map<string, AddressProgress>;
	if (choice.chain) {
		const wanted = (address: string, block: number) => (due.get(address) ?? Infinity) <= block;
		const from = Math.min(...due.values());
		const maxRequests = budget - 1 - choice.requests;
		const scan = await scanChain(context, chainId, { from, head: head.number }, wanted, (hash) => alreadyPutOut.has(hash), { maxRequests, deadline });
		for (const entry of scan.found) keep(entry);
		const done: AddressProgress = scan.stoppedIn === undefined ? { complete: true } : { complete: false, reachedBlock: scan.stoppedIn };
		progress = new Map([...due.keys()].map((key) => [key, done]));
		if (scan.stoppedIn !== undefined) {
			context.logger.warn(
				`Address Activity Poll Trigger: this poll read chain ${chainId} up to block ${scan.stoppedIn} of ${head.number}, within its share of Max Requests per Minute (${budget}) and its time; the next polls go on from there`,
			);
		}
	} else {
		progress = await readEachAddress(context, parameters, chainId, due, head.number, deadline, keep);
	}

	const transactions = [...found.values()].sort(byChainOrder);
	for (const entry of transactions) alreadyPutOut.set(hashOf(entry), entry.parsed.nativeTransaction.blockNumber);
	let items: IDataObject[];
	try {
		items = await outputItems(context, transactions, parameters, chainId, state.nativeToken ?? {}, { deadline: balancesDeadline });
	} catch (error) {
		// Nothing is put out without the balances asked for: the cursors stay, the next poll reads these transfers again.
		context.logger.warn(`Address Activity Poll Trigger: could not read the balances of chain ${chainId}'s new transfers (${(error as Error).message}); the next poll tries again`);
		return { items: [], state: loadState(context.getWorkflowStaticData('node'), chainId, parameters.startFromBlock) };
	}
	advanceCursors(state, head.number, progress, alreadyPutOut);
	if (head.transactionsThrough !== undefined && head.txCount !== undefined) {
		state.chainMark = { block: head.number, transactionsBefore: head.transactionsThrough - head.txCount };
	}
	return { items, state };
}

/**
 * One poll: each chain in turn, with an equal share of the poll's requests and time (half the
 * poll's budget for reading: what is left over waits for the next poll). The cursors move only
 * when the whole poll succeeded, so a failure on one chain repeats nothing on the others.
 */
export async function pollNewActivity(context: IPollFunctions, parameters: PollParameters, budget: number): Promise<IDataObject[]> {
	const started = Date.now();
	const share = chainShareMs(context, parameters);
	const chainBudget = Math.max(1, Math.floor(budget / parameters.chainIds.length));
	const polls: Array<ChainPoll & { chainId: string }> = [];
	for (const [index, chainId] of parameters.chainIds.entries()) {
		// Balance reads, after the chain's transactions, may use the half of the poll's time the reads leave.
		const deadline = started + share * (index + 1);
		polls.push({ chainId, ...(await pollChain(context, parameters, chainId, chainBudget, deadline, deadline + share)) });
	}
	const staticData = context.getWorkflowStaticData('node');
	for (const { chainId, state } of polls) saveState(staticData, chainId, state);
	forgetOtherChains(staticData, parameters.chainIds);
	return polls.flatMap((poll) => poll.items);
}

/** One chain's newest transactions of the configured addresses, for Fetch Test Event. */
async function newestOfChain(context: IPollFunctions, parameters: PollParameters, chainId: string, budget: number, deadline: number): Promise<ListedTransaction[]> {
	const found = new Map<string, ListedTransaction>();
	if (parameters.addresses.size + 1 > budget) {
		const monitored = parameters.addresses;
		const newest = await newestOnChain(context, chainId, (address) => monitored.has(address), TEST_EVENT_TRANSACTIONS, {
			maxRequests: budget - 1,
			deadline,
		});
		for (const entry of newest) found.set(hashOf(entry), entry);
	} else {
		for (const address of parameters.addresses.list) {
			const page = await fetchAddressTransactions(context, { chainId, address, sortOrder: 'desc', pageSize: TEST_EVENT_PAGE_SIZE }, { deadline });
			for (const entry of page.entries) if (!found.has(hashOf(entry))) found.set(hashOf(entry), entry);
		}
	}
	return [...found.values()];
}

/**
 * Fetch Test Event: the transfers of the newest transactions of the configured addresses on every
 * chain, at once and without moving the cursors, so the editor shows real items. A list longer than
 * the poll's request share is matched against the chain's newest transactions instead.
 */
export async function latestActivity(context: IPollFunctions, parameters: PollParameters, budget: number): Promise<IDataObject[]> {
	const chainBudget = Math.max(1, Math.floor(budget / parameters.chainIds.length));
	const newest: Array<{ entry: ListedTransaction; chainId: string; nativeToken: NativeToken }> = [];
	for (const chainId of parameters.chainIds) {
		const deadline = Date.now() + chainShareMs(context, parameters);
		const nativeToken = parameters.output === 'transfers' ? await fetchNativeToken.call(context, chainId, { deadline }) : {};
		for (const entry of await newestOfChain(context, parameters, chainId, chainBudget, deadline)) newest.push({ entry, chainId, nativeToken });
	}
	// Newest first across chains by time; within a chain, chain order.
	newest.sort((a, b) => b.entry.parsed.nativeTransaction.blockTimestamp - a.entry.parsed.nativeTransaction.blockTimestamp || byChainOrder(b.entry, a.entry));
	const chosen: IDataObject[][] = [];
	const call = { deadline: Date.now() + chainShareMs(context, parameters) };
	for (const { entry, chainId, nativeToken } of newest) {
		const items = await outputItems(context, [entry], parameters, chainId, nativeToken, call);
		if (items.length) chosen.push(items);
		if (chosen.length === TEST_EVENT_TRANSACTIONS) break;
	}
	// Oldest first, as polls put them out.
	return chosen.reverse().flat();
}
