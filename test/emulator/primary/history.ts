import { createHash } from 'node:crypto';

import { cb58 } from './ids';
import type { PrimaryNetwork } from './vocabulary';

/** One balance change of a P-Chain transaction (a reward is one too, marked with its type). */
export interface BalanceChange {
	address: string;
	balanceType: string;
	change: bigint;
	rewardType?: 'validator' | 'delegator';
}

/** An L1 validator as a transaction leaves it. */
export interface L1ValidatorState {
	validationId: string;
	nodeId: string;
	subnetId: string;
	weight: number;
	remainingBalance: bigint;
	balanceChange?: bigint;
}

/** A P-Chain transaction as the emulator keeps it: what its deliveries and its history are made from. */
export interface PChainTx {
	network: PrimaryNetwork;
	txHash: string;
	txType: string;
	blockNumber: number;
	blockHash: string;
	/** seconds */
	blockTimestamp: number;
	/** every address whose balance changed or that got the reward, in order of appearance */
	addresses: string[];
	changes: BalanceChange[];
	reward?: { address: string; amount: string; rewardType: 'validator' | 'delegator'; nodeId: string };
	/** a validator's or delegator's stake, or a reward paid to a validator (nodeId and subnetId given) */
	validator?: { nodeId: string; subnetId: string; amount?: string; startTimestamp?: number; endTimestamp?: number; rewardType?: string };
	l1Validator?: L1ValidatorState;
}

export type NewPChainTx = Omit<PChainTx, 'network' | 'blockNumber' | 'blockHash' | 'addresses'>;

/** Block heights start here on both networks; each transaction is one block. */
const FIRST_HEIGHT = 1_000_001;

/**
 * The P-Chain history of each network, oldest first (the emulator clock never goes back, so this
 * is also time order), with the transactions of each address: what the history routes read.
 */
export class PChainHistory {
	private readonly transactions: Record<PrimaryNetwork, PChainTx[]> = { mainnet: [], fuji: [] };

	private readonly byAddress = new Map<string, number[]>();

	append(network: PrimaryNetwork, fields: NewPChainTx): PChainTx {
		const list = this.transactions[network];
		const blockNumber = FIRST_HEIGHT + list.length;
		const tx: PChainTx = {
			...fields,
			network,
			blockNumber,
			blockHash: cb58(createHash('sha256').update(`p-chain block:${network}:${blockNumber}`).digest()),
			addresses: [...new Set(fields.changes.map((change) => change.address))],
		};
		for (const address of tx.addresses) {
			const key = `${network}|${address}`;
			const positions = this.byAddress.get(key);
			if (positions) positions.push(list.length);
			else this.byAddress.set(key, [list.length]);
		}
		list.push(tx);
		return tx;
	}

	list(network: PrimaryNetwork): readonly PChainTx[] {
		return this.transactions[network];
	}

	/** The newest block's height ("1000000" before the first transaction). */
	height(network: PrimaryNetwork): number {
		return FIRST_HEIGHT - 1 + this.transactions[network].length;
	}

	/** Positions (in `list`) of the transactions that change an address's balances, oldest first. */
	positionsOf(network: PrimaryNetwork, address: string): number[] {
		return this.byAddress.get(`${network}|${address}`) ?? [];
	}

	/** The combined balance of the addresses of one balance type after every transaction up to `timestamp` (seconds, inclusive). */
	balanceAt(network: PrimaryNetwork, addresses: string[], balanceType: string, timestamp: number): bigint {
		const wanted = new Set(addresses);
		let sum = 0n;
		for (const address of wanted) {
			for (const position of this.positionsOf(network, address)) {
				const tx = this.transactions[network][position];
				if (tx.blockTimestamp > timestamp) break;
				for (const change of tx.changes) if (change.address === address && change.balanceType === balanceType) sum += change.change;
			}
		}
		return sum;
	}
}
