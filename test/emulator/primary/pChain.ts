import { randomUUID } from 'node:crypto';

import type { EventMessage } from '../delivery/message';
import type { Emulator } from '../emulator';
import { badRequest } from '../http/errors';
import type { WebhookRecord } from '../store';
import type { PChainActivity } from './activitySchemas';
import { PChainHistory, type BalanceChange, type PChainTx } from './history';
import { parsePChainAddress, pChainTxId } from './ids';
import { P_CHAIN_ID, PLATFORM_DELIVERY_EVENT_TYPE, type PrimaryNetwork } from './vocabulary';

const ZERO = BigInt(0);
const slot = (address: string, balanceType: string) => `${address}|${balanceType}`;

/** A transaction just applied, with the balances it changed as they were before it (by `address|balanceType`). */
interface Applied {
	tx: PChainTx;
	before: Map<string, bigint>;
}

/**
 * P-Chain balances per network, address and balance type (each of the 10 types its own counter),
 * and the history of the transactions that made them (shared with validator activity).
 */
export class PChainLedger {
	private readonly balances = new Map<string, bigint>();

	readonly history = new PChainHistory();

	balance(network: PrimaryNetwork, address: string, balanceType: string): bigint {
		return this.balances.get(`${network}|${slot(address, balanceType)}`) ?? ZERO;
	}

	/** Every balance type of an address that is not 0, in nAVAX. */
	balancesOf(network: PrimaryNetwork, address: string): Record<string, string> {
		const prefix = `${network}|${address}|`;
		const result: Record<string, string> = {};
		for (const [key, value] of this.balances) if (key.startsWith(prefix) && value !== ZERO) result[key.slice(prefix.length)] = value.toString();
		return result;
	}

	/** Applies a transaction's changes, all or none: a balance may not go below 0. */
	apply(input: PChainActivity, now: number): Applied {
		const { network } = input;
		const changes: BalanceChange[] = input.balanceChanges.map((entry) => ({
			address: parsePChainAddress(entry.address),
			balanceType: entry.balanceType,
			change: BigInt(entry.change),
		}));
		const reward = input.reward && { ...input.reward, address: parsePChainAddress(input.reward.address) };
		// a reward is paid out as unlocked, unstaked AVAX
		if (reward) changes.push({ address: reward.address, balanceType: 'unlockedUnstaked', change: BigInt(reward.amount), rewardType: reward.rewardType });
		const before = new Map<string, bigint>();
		const after = new Map<string, bigint>();
		changes.forEach(({ address, balanceType, change }, index) => {
			const key = slot(address, balanceType);
			if (!before.has(key)) before.set(key, this.balance(network, address, balanceType));
			const next = (after.get(key) ?? before.get(key)!) + change;
			if (next < ZERO) {
				const field = index < input.balanceChanges.length ? `balanceChanges.${index}.change` : 'reward.amount';
				throw badRequest(`${field} would make the ${balanceType} balance of ${address} negative (it is ${before.get(key)} nAVAX)`);
			}
			after.set(key, next);
		});
		for (const [key, value] of after) this.balances.set(`${network}|${key}`, value);
		const tx = this.history.append(network, {
			txHash: pChainTxId(randomUUID()),
			txType: input.txType ?? (input.balanceChanges.length === 0 ? 'RewardValidatorTx' : 'BaseTx'),
			blockTimestamp: Math.floor(now / 1000),
			changes,
			reward,
		});
		return { tx, before };
	}
}

/** Puts a P-Chain transaction on the emulated network and delivers it to the webhooks watching its addresses. */
export function injectPChainActivity(emulator: Emulator, input: PChainActivity) {
	const { tx, before } = emulator.pChain.apply(input, emulator.clock.now());
	let deliveries = 0;
	for (const webhook of emulator.store.allWebhooks()) {
		if (webhook.eventType !== 'primary_network_address_activity' || webhook.status !== 'active') continue;
		if (webhook.primary?.network !== tx.network) continue;
		for (const event of pChainEvents(webhook, tx, before, emulator.pChain)) {
			const body: EventMessage = { webhookId: webhook.id, eventType: PLATFORM_DELIVERY_EVENT_TYPE, messageId: randomUUID(), event };
			emulator.deliveries.send(webhook, body);
			deliveries++;
		}
	}
	const balances = Object.fromEntries(tx.addresses.map((address) => [address, emulator.pChain.balancesOf(tx.network, address)]));
	return { txHash: tx.txHash, blockNumber: String(tx.blockNumber), blockTimestamp: tx.blockTimestamp, deliveries, balances };
}

/** The events one webhook gets for a transaction: per balance type changed, a threshold crossing, a reward. */
function pChainEvents(webhook: WebhookRecord, tx: PChainTx, before: Map<string, bigint>, ledger: PChainLedger): Array<Record<string, unknown>> {
	const watched = tx.addresses.filter((address) => webhook.addresses.includes(address));
	if (watched.length === 0) return [];
	const subEvents = webhook.primary?.subEvents ?? [];
	// the combined balance of the watched addresses of the transaction, after it or before it
	const balanceOf = (when: 'before' | 'after', balanceType: string) =>
		watched.reduce((sum, address) => {
			const now = ledger.balance(tx.network, address, balanceType);
			return sum + (when === 'before' ? (before.get(slot(address, balanceType)) ?? now) : now);
		}, ZERO);
	const base = {
		network: tx.network,
		chainId: P_CHAIN_ID,
		addresses: watched,
		txHash: tx.txHash,
		txType: tx.txType,
		blockNumber: String(tx.blockNumber),
		blockTimestamp: tx.blockTimestamp,
	};
	const events: Array<Record<string, unknown>> = [];
	const ownChanges = tx.changes.filter((change) => watched.includes(change.address));
	if (subEvents.includes('balance_change')) {
		for (const balanceType of new Set(ownChanges.map((change) => change.balanceType))) {
			const balanceChange = ownChanges.filter((change) => change.balanceType === balanceType).reduce((sum, change) => sum + change.change, ZERO);
			events.push({ eventType: 'balance_change', ...base, balanceType, balance: balanceOf('after', balanceType).toString(), balanceChange: balanceChange.toString() });
		}
	}
	const filter = webhook.primary?.balanceThresholdFilter;
	if (subEvents.includes('balance_threshold') && filter) {
		const threshold = BigInt(filter.balanceThreshold);
		const from = balanceOf('before', filter.balanceType);
		const to = balanceOf('after', filter.balanceType);
		const crossed = from < threshold && to >= threshold ? 'above' : to < threshold && from >= threshold ? 'below' : undefined;
		if (crossed) {
			events.push({
				eventType: 'balance_threshold',
				...base,
				balanceType: filter.balanceType,
				balance: to.toString(),
				balanceChange: (to - from).toString(),
				balanceThreshold: filter.balanceThreshold,
				crossed,
			});
		}
	}
	if (subEvents.includes('reward_distribution') && tx.reward && watched.includes(tx.reward.address)) {
		const { amount, rewardType, nodeId } = tx.reward;
		events.push({ eventType: 'reward_distribution', ...base, rewardAmount: amount, rewardType, nodeId });
	}
	return events;
}
