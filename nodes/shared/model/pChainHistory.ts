// zod 4's API, as in deliverySchema.ts: the primary network's history as the service lists it (vendor
// SDK @avalanche-sdk/chainkit 0.3.13: PChainTransaction, PChainUtxo, PChainBalance,
// L1ValidatorDetailsFull), read into what the deliveries of the two primary-network event types say.
// How a balance change is written as outputs is not published: the rule below is the one the
// emulator assumes (test/emulator/SERVICE.md, "Primary-network history").
import { z } from 'zod/v4';

import { P_CHAIN_ID } from './primaryNetwork';

const integer = z.union([z.string().regex(/^-?[0-9]+$/), z.number().int()]).transform((value) => BigInt(value));
const amountList = z.array(z.looseObject({ amount: integer })).nullish();

const output = z.looseObject({
	addresses: z.array(z.string()),
	amount: integer,
	outputIndex: z.number().int().nullish(),
	createdOnChainId: z.string().nullish(),
	staked: z.boolean().nullish(),
	platformLocktime: z.number().nullish(),
	stakeableLocktime: z.number().nullish(),
	utxoStartTimestamp: z.number().nullish(),
	rewardType: z.string().nullish(),
});
type Output = z.infer<typeof output>;

const l1ValidatorDetail = z.looseObject({
	validationId: z.string(),
	nodeId: z.string(),
	subnetId: z.string(),
	weight: z.number().nullish(),
	remainingBalance: integer,
	balanceChange: integer.nullish(),
});

export const pChainTransactionSchema = z.looseObject({
	txHash: z.string().min(1),
	txType: z.string(),
	blockTimestamp: z.number(),
	blockNumber: z.union([z.string(), z.number()]).transform((value) => String(value)),
	consumedUtxos: z.array(output).nullish(),
	emittedUtxos: z.array(output).nullish(),
	value: amountList,
	amountStaked: amountList,
	nodeId: z.string().nullish(),
	subnetId: z.string().nullish(),
	startTimestamp: z.number().nullish(),
	endTimestamp: z.number().nullish(),
	l1ValidatorDetails: z.array(l1ValidatorDetail).nullish(),
});
export type PChainTransaction = z.infer<typeof pChainTransactionSchema>;
export type L1ValidatorDetail = z.infer<typeof l1ValidatorDetail>;

/** A transaction of the history, or undefined when the service's entry is not one (it is then skipped, and counted). */
export function parsePChainTransaction(entry: unknown): PChainTransaction | undefined {
	const parsed = pChainTransactionSchema.safeParse(entry);
	return parsed.success ? parsed.data : undefined;
}

/** "fuji1..." as outputs name addresses -> "P-fuji1..." as the trigger and its deliveries do. */
export const pChainAddressOf = (address: string) => (/^p-/i.test(address) ? `P-${address.slice(2).toLowerCase()}` : `P-${address.toLowerCase()}`);

/**
 * The balance type an output counts in, read from its fields compared with its transaction's time
 * `at` (seconds): atomic memory (created on another chain), staked, or by its lock times.
 */
export function balanceTypeOf(utxo: Output, at: number): string {
	const after = (time: number | null | undefined) => typeof time === 'number' && time > at;
	if (utxo.createdOnChainId && utxo.createdOnChainId !== P_CHAIN_ID) return after(utxo.platformLocktime) ? 'atomicMemoryLocked' : 'atomicMemoryUnlocked';
	if (utxo.staked === true) return after(utxo.stakeableLocktime) ? 'lockedStaked' : after(utxo.utxoStartTimestamp) ? 'pendingStaked' : 'unlockedStaked';
	return after(utxo.stakeableLocktime) ? 'lockedStakeable' : after(utxo.platformLocktime) ? 'lockedPlatform' : 'unlockedUnstaked';
}

/** One balance change of a transaction: an address's balance of one type, signed nAVAX. */
export interface BalanceMove {
	address: string;
	balanceType: string;
	change: bigint;
}

/** What a transaction did to some addresses: their balance changes and the rewards paid to them. */
export interface AddressEffects {
	/** The addresses of the transaction among those asked for, in the order its outputs name them. */
	addresses: string[];
	moves: BalanceMove[];
	rewards: Array<{ address: string; amount: bigint; rewardType: string }>;
}

/** The effects of `tx` on the addresses `of` holds ("P-..." lower case): emitted outputs add, consumed ones take away. */
export function addressEffects(tx: PChainTransaction, of: ReadonlySet<string>): AddressEffects {
	const outputs = [
		...(tx.emittedUtxos ?? []).map((utxo) => ({ utxo, sign: BigInt(1) })),
		...(tx.consumedUtxos ?? []).map((utxo) => ({ utxo, sign: BigInt(-1) })),
	].sort((a, b) => (a.utxo.outputIndex ?? 0) - (b.utxo.outputIndex ?? 0));
	const effects: AddressEffects = { addresses: [], moves: [], rewards: [] };
	for (const { utxo, sign } of outputs) {
		// An output of several owners is counted for the first watched one (it moves one balance).
		const address = utxo.addresses.map(pChainAddressOf).find((owner) => of.has(owner));
		if (address === undefined) continue;
		if (!effects.addresses.includes(address)) effects.addresses.push(address);
		effects.moves.push({ address, balanceType: balanceTypeOf(utxo, tx.blockTimestamp), change: sign * utxo.amount });
		if (sign > BigInt(0) && utxo.rewardType) effects.rewards.push({ address, amount: utxo.amount, rewardType: utxo.rewardType.toLowerCase() });
	}
	return effects;
}

/** The sum of an amount list (AVAX only on the P-Chain), or undefined when it is empty. */
export function totalOf(amounts: Array<{ amount: bigint }> | null | undefined): bigint | undefined {
	if (!amounts || amounts.length === 0) return undefined;
	return amounts.reduce((sum, entry) => sum + entry.amount, BigInt(0));
}

const balanceEntries = z.array(z.looseObject({ amount: integer })).nullish();

/** The balances answer's `balances`: per balance type, the combined amount of the addresses asked for. */
export function readBalances(balances: unknown): Record<string, bigint> {
	const parsed = z.record(z.string(), balanceEntries).safeParse(balances);
	if (!parsed.success) return {};
	return Object.fromEntries(Object.entries(parsed.data).map(([balanceType, entries]) => [balanceType, totalOf(entries) ?? BigInt(0)]));
}

export const l1ValidatorSchema = z.looseObject({
	validationId: z.string().min(1),
	nodeId: z.string(),
	subnetId: z.string(),
	weight: z.number().nullish(),
	remainingBalance: integer,
});
export type L1Validator = z.infer<typeof l1ValidatorSchema>;
