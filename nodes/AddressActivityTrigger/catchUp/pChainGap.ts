/**
 * The P-Chain Address Activity of a gap, from the history: the watched addresses' transactions since
 * the gap began, oldest first, each turned into the deliveries it would have made (a balance change
 * per balance type, a threshold crossing, a reward), with the balances after it: the balances of
 * the transaction's watched addresses just before the gap (one read per such group of addresses),
 * plus every change read since.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { addressEffects, type AddressEffects, type PChainTransaction } from '../../shared/model/pChainHistory';
import { P_CHAIN_ID } from '../../shared/model/primaryNetwork';
import { fetchPChainBalances, HISTORY_ADDRESSES_MAX } from '../../shared/service/primaryHistory';
import type { PlatformWatch } from '../../shared/service/primaryNetworkWebhooks';
import { answeredInTime, timeLeft } from '../../shared/service/transport';
import { primaryEventKey } from '../receive/primaryEventKeys';
import { byHistoryOrder, readTransactions, transactionFields, type GapEvent, type PrimaryGapRead } from './primaryGapRead';

const ZERO = BigInt(0);
/** Balance kinds that are sums of others: the history has no outputs of them. */
const AGGREGATE_TYPES = ['unlocked', 'locked'];
/**
 * Of the read's time, what the transactions leave for the balances before the gap: without those no
 * balance event can be put out, so a read cut short by time still puts out what it read completely.
 */
const BALANCES_RESERVE_MS = 4_000;

/** The transactions of every watched address from `from` on (addresses in groups of the most the service takes). */
async function readAddressTransactions(context: IWebhookFunctions, watch: PlatformWatch, from: number, deadline: number) {
	const found = new Map<string, PChainTransaction>();
	let completeBefore: number | undefined;
	let unreadable = 0;
	for (let start = 0; start < watch.addresses.length; start += HISTORY_ADDRESSES_MAX) {
		const addresses = watch.addresses.slice(start, start + HISTORY_ADDRESSES_MAX);
		const read = await readTransactions(context, { network: watch.network, addresses, startTimestamp: from }, deadline);
		for (const tx of read.transactions) found.set(tx.txHash, tx);
		unreadable += read.unreadable;
		if (read.completeBefore !== undefined) completeBefore = Math.min(completeBefore ?? Infinity, read.completeBefore);
	}
	const transactions = [...found.values()].filter((tx) => completeBefore === undefined || tx.blockTimestamp < completeBefore).sort(byHistoryOrder);
	return { transactions, completeBefore, unreadable };
}

/** Combined balances of groups of addresses as the gap goes on: read once per group before the gap, then moved by each transaction. */
class RunningBalances {
	private readonly before = new Map<string, Record<string, bigint>>();

	/** Per address and balance type: the change since the gap began. */
	private readonly moved = new Map<string, bigint>();

	constructor(
		private readonly context: IWebhookFunctions,
		private readonly network: string,
		private readonly at: number,
		private readonly deadline: number,
	) {}

	/** Reads the group's balances before the gap, unless known; false when time ran out. */
	async load(addresses: string[]): Promise<boolean> {
		const group = [...addresses].sort().join(',');
		if (this.before.has(group)) return true;
		if (timeLeft(this.deadline) === undefined) return false;
		const balances = await answeredInTime(fetchPChainBalances(this.context, this.network, addresses, this.at, { deadline: this.deadline }));
		if (balances === undefined) return false;
		this.before.set(group, balances);
		return true;
	}

	/** The group's combined balance of one type now (loaded first). */
	of(addresses: string[], balanceType: string): bigint {
		const start = this.before.get([...addresses].sort().join(','))?.[balanceType] ?? ZERO;
		return addresses.reduce((sum, address) => sum + (this.moved.get(`${address}|${balanceType}`) ?? ZERO), start);
	}

	apply(effects: AddressEffects): void {
		for (const { address, balanceType, change } of effects.moves) {
			const key = `${address}|${balanceType}`;
			this.moved.set(key, (this.moved.get(key) ?? ZERO) + change);
		}
	}
}

/** The deliveries one transaction would have made, per the rules of the service's P-Chain webhooks. */
function eventsOf(tx: PChainTransaction, effects: AddressEffects, watch: PlatformWatch, balances: RunningBalances, before: (type: string) => bigint): IDataObject[] {
	const subEvents = watch.subEvents;
	const base = { network: watch.network, chainId: P_CHAIN_ID, addresses: effects.addresses, ...transactionFields(tx) };
	const events: IDataObject[] = [];
	if (subEvents.includes('balance_change')) {
		for (const balanceType of new Set(effects.moves.map((move) => move.balanceType))) {
			const change = effects.moves.filter((move) => move.balanceType === balanceType).reduce((sum, move) => sum + move.change, ZERO);
			const balance = balances.of(effects.addresses, balanceType);
			events.push({ eventType: 'balance_change', ...base, balanceType, balance: balance.toString(), balanceChange: change.toString() });
		}
	}
	const filter = watch.balanceThreshold;
	if (subEvents.includes('balance_threshold') && filter !== undefined && !AGGREGATE_TYPES.includes(filter.balanceType)) {
		const threshold = BigInt(filter.navax);
		const from = before(filter.balanceType);
		const to = balances.of(effects.addresses, filter.balanceType);
		const crossed = from < threshold && to >= threshold ? 'above' : to < threshold && from >= threshold ? 'below' : undefined;
		if (crossed !== undefined) {
			const balanceChange = (to - from).toString();
			events.push({ eventType: 'balance_threshold', ...base, balanceType: filter.balanceType, balance: to.toString(), balanceChange, balanceThreshold: filter.navax, crossed });
		}
	}
	const [reward] = effects.rewards;
	if (subEvents.includes('reward_distribution') && reward !== undefined) {
		events.push({ eventType: 'reward_distribution', ...base, rewardAmount: reward.amount.toString(), rewardType: reward.rewardType, nodeId: tx.nodeId ?? null });
	}
	return events;
}

/**
 * The gap's events from `from` (seconds) on; a transaction at or below `afterHeight` moves the
 * balances but is not of the gap (delivered, or before the trigger watched).
 */
export async function readPChainGap(context: IWebhookFunctions, watch: PlatformWatch, from: number, afterHeight: number | undefined, deadline: number): Promise<PrimaryGapRead> {
	const notRecoverable: string[] = [];
	const filter = watch.balanceThreshold;
	const needBalances = watch.subEvents.some((subEvent) => subEvent === 'balance_change' || subEvent === 'balance_threshold');
	const read = await readAddressTransactions(context, watch, from, needBalances ? deadline - BALANCES_RESERVE_MS : deadline);
	const watched = new Set(watch.addresses);
	const balances = new RunningBalances(context, watch.network, from - 1, deadline);
	const events: GapEvent[] = [];
	let unreadFrom = read.completeBefore;
	let moved = false;
	for (const tx of read.transactions) {
		const effects = addressEffects(tx, watched);
		if (effects.addresses.length === 0) continue;
		moved = true;
		if (needBalances && !(await balances.load(effects.addresses))) {
			unreadFrom = tx.blockTimestamp;
			break;
		}
		const before = new Map<string, bigint>(filter === undefined ? [] : [[filter.balanceType, balances.of(effects.addresses, filter.balanceType)]]);
		balances.apply(effects);
		if (afterHeight !== undefined && Number(tx.blockNumber) <= afterHeight) continue;
		for (const event of eventsOf(tx, effects, watch, balances, (type) => before.get(type) ?? ZERO)) {
			events.push({ key: primaryEventKey('pChain', event), at: tx.blockTimestamp, event });
		}
	}
	if (moved && watch.subEvents.includes('balance_threshold') && filter !== undefined && AGGREGATE_TYPES.includes(filter.balanceType)) {
		const reason = `the history lists outputs of each balance type, and ${filter.balanceType} is a sum of several, so whether the watched addresses' ${filter.balanceType} balance crossed the threshold in the gap cannot be told`;
		notRecoverable.push(`balance_threshold: ${reason}`);
	}
	if (unreadFrom !== undefined) {
		// Events of the second time ran out in were not all read: none of them is put out.
		return { events: events.filter((entry) => entry.at < unreadFrom), unreadFrom, notRecoverable, readAt: Math.floor(Date.now() / 1000), unreadable: read.unreadable };
	}
	return { events, notRecoverable, readAt: Math.floor(Date.now() / 1000), unreadable: read.unreadable };
}
