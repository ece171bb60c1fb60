import { createHash } from 'node:crypto';

import { bech32Encode, cb58Decode } from './ids';
import type { L1Validator, Validation } from './validatorSet';

// Validators in the vendor SDK's models (@avalanche-sdk/chainkit 0.3.13: ActiveValidatorDetails,
// PendingValidatorDetails, CompletedValidatorDetails, L1ValidatorDetailsFull). What the emulator
// does not model (uptime, health, location, version, fees) has fixed, plausible values.

export type ValidationStatus = 'pending' | 'active' | 'completed';

/** Where a validation period stands at `now` (seconds). */
export function validationStatus(validation: Validation, now: number): ValidationStatus {
	return now < validation.startTimestamp ? 'pending' : now < validation.endTimestamp ? 'active' : 'completed';
}

/** The most a validator may have delegated to it: four times its own stake. */
export function delegationCapacity(validation: Validation): bigint {
	const capacity = validation.amountStaked * 4n - validation.amountDelegated;
	return capacity > 0n ? capacity : 0n;
}

/** The delegation fee every emulated validator asks, in percent. */
export const DELEGATION_FEE_PERCENT = 2;

/** A validation as the SDK's validator details of its status; `totalActiveStake` is the network's, for stakePercentage. */
export function validatorDetails(validation: Validation, now: number, totalActiveStake: bigint) {
	const status = validationStatus(validation, now);
	const common = {
		txHash: validation.txHash,
		nodeId: validation.nodeId,
		subnetId: validation.subnetId,
		amountStaked: validation.amountStaked.toString(),
		delegationFee: DELEGATION_FEE_PERCENT.toFixed(4),
		startTimestamp: validation.startTimestamp,
		endTimestamp: validation.endTimestamp,
	};
	const rewards = {
		validationRewardAmount: validation.validationReward.toString(),
		delegationRewardAmount: validation.delegationReward.toString(),
	};
	if (status === 'pending') return { ...common, validationStatus: status };
	if (status === 'completed') {
		return {
			...common,
			delegatorCount: validation.delegatorCount,
			amountDelegated: validation.amountDelegated.toString(),
			rewards: { ...rewards, ...(validation.rewardTxHash ? { rewardTxHash: validation.rewardTxHash } : {}) },
			validationStatus: status,
		};
	}
	const stake = validation.amountStaked + validation.amountDelegated;
	return {
		...common,
		stakePercentage: totalActiveStake > 0n ? Number((stake * 1_000_000n) / totalActiveStake) / 10_000 : 0,
		delegatorCount: validation.delegatorCount,
		amountDelegated: validation.amountDelegated.toString(),
		uptimePerformance: 100,
		avalancheGoVersion: 'avalanchego/1.13.0',
		delegationCapacity: delegationCapacity(validation).toString(),
		potentialRewards: rewards,
		validationStatus: status,
		validatorHealth: { reachabilityPercent: 100, benchedPChainRequestsPercent: 0, benchedXChainRequestsPercent: 0, benchedCChainRequestsPercent: 0 },
		geolocation: null,
	};
}

const seededHex = (label: string, length: number) => createHash('sha256').update(label).digest('hex').repeat(4).slice(0, length * 2);

/** An L1 validator as the SDK's L1ValidatorDetailsFull; its owners are an address derived from the validation ID. */
export function l1ValidatorDetails(validator: L1Validator, weight: number) {
	const owner = {
		addresses: [bech32Encode(validator.network === 'mainnet' ? 'avax' : 'fuji', createHash('sha256').update(`owner:${validator.validationId}`).digest().subarray(0, 20))],
		threshold: 1,
	};
	return {
		validationId: validator.validationId,
		validationIdHex: `0x${cb58Decode(validator.validationId)?.toString('hex')}`,
		nodeId: validator.nodeId,
		subnetId: validator.subnetId,
		weight,
		remainingBalance: Number(validator.feeBalance),
		creationTimestamp: validator.creationTimestamp,
		blsCredentials: { publicKey: `0x${seededHex(`bls:${validator.validationId}`, 48)}`, proofOfPossession: `0x${seededHex(`pop:${validator.validationId}`, 96)}` },
		remainingBalanceOwner: owner,
		deactivationOwner: owner,
	};
}

/** Whether an L1 validator is active: not removed, not disabled, with fee balance left. */
export const l1ValidatorActive = (validator: L1Validator) => !validator.removed && !validator.disabled && validator.feeBalance > 0n;
