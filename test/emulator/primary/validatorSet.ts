import { createHash } from 'node:crypto';

import { cb58 } from './ids';
import type { PrimaryNetwork } from './vocabulary';

/** One validation period of a node, from a validator_stake activity; delegations and rewards added to it. */
export interface Validation {
	network: PrimaryNetwork;
	txHash: string;
	nodeId: string;
	subnetId: string;
	amountStaked: bigint;
	/** seconds */
	startTimestamp: number;
	endTimestamp: number;
	delegatorCount: number;
	amountDelegated: bigint;
	validationReward: bigint;
	delegationReward: bigint;
	rewardTxHash?: string;
}

/** An L1 validator, from the l1_validator_* activities of its network, subnet and node. */
export interface L1Validator {
	network: PrimaryNetwork;
	validationId: string;
	nodeId: string;
	subnetId: string;
	/** seconds: the first activity seen for it */
	creationTimestamp: number;
	feeBalance: bigint;
	/** disabled by l1_validator_disabled or an empty fee balance; a fee increase enables it again */
	disabled: boolean;
	/** removed by l1_validator_removed (weight 0); later activity registers it again */
	removed: boolean;
}

/** The weight every L1 validator of the emulator has while it is not removed. */
export const L1_WEIGHT = 100;

/** The L1 validation's ID, stable per network, subnet and node. */
export const validationIdOf = (network: string, subnetId: string, nodeId: string) =>
	cb58(createHash('sha256').update(`validation:${network}|${subnetId}|${nodeId}`).digest());

/** Validators of both networks: validation periods (primary network and subnets) and L1 validators with their fee balances. */
export class ValidatorSet {
	/** in the order their stake transactions were made */
	readonly validations: Validation[] = [];

	private readonly l1 = new Map<string, L1Validator>();

	/** The node's newest validation on the subnet, if any. */
	latestValidation(network: PrimaryNetwork, nodeId: string, subnetId: string): Validation | undefined {
		for (let i = this.validations.length - 1; i >= 0; i--) {
			const validation = this.validations[i];
			if (validation.network === network && validation.nodeId === nodeId && validation.subnetId === subnetId) return validation;
		}
		return undefined;
	}

	/** The L1 validator of the network, subnet and node, made on first use with a fee balance of 0. */
	l1Validator(network: PrimaryNetwork, subnetId: string, nodeId: string, nowSeconds: number): L1Validator {
		const key = `${network}|${subnetId}|${nodeId}`;
		let validator = this.l1.get(key);
		if (!validator) {
			validator = {
				network,
				validationId: validationIdOf(network, subnetId, nodeId),
				nodeId,
				subnetId,
				creationTimestamp: nowSeconds,
				feeBalance: 0n,
				disabled: false,
				removed: false,
			};
			this.l1.set(key, validator);
		}
		return validator;
	}

	/** The fee balance of an L1 validator, 0 when none is known. */
	feeBalance(network: PrimaryNetwork, subnetId: string, nodeId: string): bigint {
		return this.l1.get(`${network}|${subnetId}|${nodeId}`)?.feeBalance ?? 0n;
	}

	l1Validators(network: PrimaryNetwork): L1Validator[] {
		return [...this.l1.values()].filter((validator) => validator.network === network);
	}
}
