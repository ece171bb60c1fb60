import { createHash } from 'node:crypto';

import { AVAX_ASSET_IDS } from '../chain/utxos';
import type { BalanceChange, PChainHistory, PChainTx } from './history';
import { cb58, cb58Decode, pChainTxId } from './ids';
import { P_CHAIN_ID, type PrimaryNetwork } from './vocabulary';

// The P-Chain history in the vendor SDK's models (@avalanche-sdk/chainkit 0.3.13: PChainTransaction,
// PChainUtxo, ListPChainBalancesResponse). Each balance change of a transaction is one UTXO of its
// address: emitted when the balance grows, consumed when it shrinks, marked so that its balance
// type can be read back (SERVICE.md, "Primary-network history").

/** The C-Chain's blockchain ID per network: atomic memory is shared with it. */
export const C_CHAIN_IDS: Record<PrimaryNetwork, string> = {
	mainnet: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
	fuji: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
};

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;
const TWO_WEEKS_SECONDS = 14 * DAY_SECONDS;

/** "P-fuji1..." -> "fuji1...": UTXOs name their addresses without the chain prefix. */
const bare = (address: string) => address.replace(/^[PXC]-/, '');

export function avax(network: PrimaryNetwork, amount: bigint) {
	return { assetId: AVAX_ASSET_IDS[network], name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'secp256k1' as const, amount: amount.toString() };
}

/** The fields that tell a UTXO's balance type, relative to its transaction's time `at`. */
function balanceTypeMarks(balanceType: string, at: number): Record<string, unknown> | undefined {
	const staked = (start: number) => ({ utxoType: 'STAKE', staked: true, utxoStartTimestamp: start, utxoEndTimestamp: start + TWO_WEEKS_SECONDS });
	const transfer = { utxoType: 'TRANSFER', staked: false };
	switch (balanceType) {
		case 'unlockedUnstaked':
			return transfer;
		case 'unlockedStaked':
			return staked(at);
		case 'pendingStaked':
			return staked(at + DAY_SECONDS);
		case 'lockedStaked':
			return { ...staked(at), stakeableLocktime: at + YEAR_SECONDS };
		case 'lockedStakeable':
			return { ...transfer, stakeableLocktime: at + YEAR_SECONDS };
		case 'lockedPlatform':
			return { ...transfer, platformLocktime: at + YEAR_SECONDS };
		case 'atomicMemoryUnlocked':
			return { ...transfer, atomic: true };
		case 'atomicMemoryLocked':
			return { ...transfer, atomic: true, platformLocktime: at + YEAR_SECONDS };
		default:
			// `unlocked` and `locked` sum other types; the SDK's UTXO and balance models have no such kind
			return undefined;
	}
}

/** A balance change as a PChainUtxo: emitted (the balance grows) or consumed (it shrinks). */
function utxoOf(tx: PChainTx, change: BalanceChange, index: number) {
	const marks = balanceTypeMarks(change.balanceType, tx.blockTimestamp);
	if (!marks || change.change === 0n) return undefined;
	const { atomic, ...fields } = marks;
	const emitted = change.change > 0n;
	const amount = emitted ? change.change : -change.change;
	const asset = avax(tx.network, amount);
	return {
		emitted,
		utxo: {
			addresses: [bare(change.address)],
			asset,
			amount: asset.amount,
			assetId: asset.assetId,
			utxoId: cb58(createHash('sha256').update(`utxo:${tx.txHash}:${index}`).digest()),
			// an output in atomic memory was exported to the P-Chain from the C-Chain
			createdOnChainId: atomic ? C_CHAIN_IDS[tx.network] : P_CHAIN_ID,
			consumedOnChainId: P_CHAIN_ID,
			txHash: emitted ? tx.txHash : pChainTxId(`spent:${tx.txHash}:${index}`),
			outputIndex: index,
			blockNumber: String(tx.blockNumber),
			blockTimestamp: tx.blockTimestamp,
			threshold: 1,
			platformLocktime: 0,
			...fields,
			...(change.rewardType ? { rewardType: change.rewardType === 'delegator' ? 'DELEGATOR' : 'VALIDATOR' } : {}),
			...(emitted ? {} : { consumingTxHash: tx.txHash, consumingBlockNumber: String(tx.blockNumber), consumingBlockTimestamp: tx.blockTimestamp }),
		},
	};
}

/** A transaction of the history as the SDK's PChainTransaction. */
export function pChainTransaction(tx: PChainTx) {
	const moves = tx.changes.map((change, index) => utxoOf(tx, change, index)).filter((move) => move !== undefined);
	const emittedUtxos = moves.filter((move) => move.emitted).map((move) => move.utxo);
	const emitted = emittedUtxos.reduce((sum, utxo) => sum + BigInt(utxo.amount), 0n);
	const { validator, l1Validator: l1, reward } = tx;
	const validatorAmount = validator?.amount === undefined ? undefined : BigInt(validator.amount);
	const stake = validator?.startTimestamp !== undefined;
	const value = emitted > 0n ? emitted : !stake && validatorAmount !== undefined ? validatorAmount : 0n;
	return {
		txHash: tx.txHash,
		txType: tx.txType,
		blockTimestamp: tx.blockTimestamp,
		blockNumber: String(tx.blockNumber),
		blockHash: tx.blockHash,
		consumedUtxos: moves.filter((move) => !move.emitted).map((move) => move.utxo),
		emittedUtxos,
		value: value > 0n ? [avax(tx.network, value)] : [],
		amountBurned: [],
		amountStaked: stake && validatorAmount ? [avax(tx.network, validatorAmount)] : [],
		amountL1ValidatorBalanceBurned: l1?.balanceChange && l1.balanceChange > 0n ? [avax(tx.network, l1.balanceChange)] : [],
		...(validator ? { nodeId: validator.nodeId, subnetId: validator.subnetId } : {}),
		...(stake ? { startTimestamp: validator?.startTimestamp, endTimestamp: validator?.endTimestamp } : {}),
		...(reward ? { nodeId: reward.nodeId, rewardAddresses: [bare(reward.address)] } : {}),
		...(l1
			? {
					nodeId: l1.nodeId,
					subnetId: l1.subnetId,
					l1ValidatorDetails: [
						{
							validationId: l1.validationId,
							validationIdHex: `0x${cb58Decode(l1.validationId)?.toString('hex')}`,
							nodeId: l1.nodeId,
							subnetId: l1.subnetId,
							weight: l1.weight,
							remainingBalance: Number(l1.remainingBalance),
							...(l1.balanceChange !== undefined ? { balanceChange: Number(l1.balanceChange) } : {}),
						},
					],
				}
			: {}),
	};
}

/** The balance types of the SDK's PChainBalance; `unlocked` and `locked` are not among them. */
const P_CHAIN_BALANCE_TYPES = ['unlockedUnstaked', 'unlockedStaked', 'lockedPlatform', 'lockedStakeable', 'lockedStaked', 'pendingStaked'] as const;
const ATOMIC_BALANCE_TYPES = ['atomicMemoryUnlocked', 'atomicMemoryLocked'] as const;

/** The combined balances of addresses at a moment, as the SDK's PChainBalance: one AVAX entry per type that is not 0. */
export function pChainBalances(history: PChainHistory, network: PrimaryNetwork, addresses: string[], at: number) {
	const entry = (balanceType: string) => {
		const amount = history.balanceAt(network, addresses, balanceType, at);
		// the emulator keeps balances, not outputs: one output stands for each balance that is not 0
		return amount === 0n ? [] : [{ ...avax(network, amount), utxoCount: 1 }];
	};
	return {
		...Object.fromEntries(P_CHAIN_BALANCE_TYPES.map((balanceType) => [balanceType, entry(balanceType)])),
		...Object.fromEntries(
			ATOMIC_BALANCE_TYPES.map((balanceType) => [
				balanceType,
				entry(balanceType).map((amount) => ({ ...amount, sharedWithChainId: C_CHAIN_IDS[network], status: 'success' })),
			]),
		),
	};
}
