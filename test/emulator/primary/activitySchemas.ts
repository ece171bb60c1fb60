import { z } from 'zod';

import { parseNodeId, parseSubnetId } from './ids';
import { P_CHAIN_ID, P_CHAIN_TX_TYPES } from './vocabulary';
import { balanceTypeSchema, check, checkPChainAddress, navaxSchema, networkSchema } from './schemas';

// Bodies of the control routes that put primary-network activity on the emulated P-Chain.

/** The primary network's own subnet ID (the same text as the P-Chain's blockchain ID). */
export const PRIMARY_NETWORK_SUBNET_ID = P_CHAIN_ID;

const signedNavax = z
	.string({ invalid_type_error: 'must be a string' })
	.regex(/^-?\d{1,30}$/, 'must be a string of digits with an optional minus sign: a change in nAVAX');

const rewardTypeSchema = z.enum(['validator', 'delegator']);

/** POST /_emulator/p-chain/transactions: one P-Chain transaction changing balances and/or paying a reward. */
export const pChainActivitySchema = z
	.object({
		network: networkSchema,
		txType: z.enum(P_CHAIN_TX_TYPES).optional(),
		balanceChanges: z
			.array(z.object({ address: z.string(), balanceType: balanceTypeSchema, change: signedNavax }).strict())
			.default([]),
		reward: z
			.object({ address: z.string(), amount: navaxSchema, rewardType: rewardTypeSchema.default('validator'), nodeId: z.string() })
			.strict()
			.optional(),
	})
	.strict()
	.superRefine((body, context) => {
		body.balanceChanges.forEach((change, index) =>
			checkPChainAddress(context, ['balanceChanges', index, 'address'], change.address, body.network),
		);
		if (body.reward) {
			checkPChainAddress(context, ['reward', 'address'], body.reward.address, body.network);
			check(context, ['reward', 'nodeId'], () => parseNodeId(body.reward?.nodeId));
		}
		if (body.balanceChanges.length === 0 && !body.reward) {
			context.addIssue({ code: z.ZodIssueCode.custom, path: [], message: 'give balanceChanges, reward or both' });
		}
	});

export const VALIDATOR_ACTIVITIES = [
	'validator_stake',
	'delegator_stake',
	'reward_distribution',
	'l1_validator_fee_balance',
	'l1_validator_disabled',
	'l1_validator_removed',
] as const;

/** POST /_emulator/validators/activity: one thing that happens to a validator. */
export const validatorActivityInputSchema = z
	.object({
		network: networkSchema,
		activity: z.enum(VALIDATOR_ACTIVITIES),
		nodeId: z.string(),
		subnetId: z.string().default(PRIMARY_NETWORK_SUBNET_ID),
		amount: navaxSchema.optional(),
		change: signedNavax.optional(),
		startTime: z.number().int().nonnegative().optional(),
		endTime: z.number().int().nonnegative().optional(),
		rewardType: rewardTypeSchema.default('validator'),
	})
	.strict()
	.superRefine((body, context) => {
		check(context, ['nodeId'], () => parseNodeId(body.nodeId));
		check(context, ['subnetId'], () => parseSubnetId(body.subnetId));
		const issue = (path: string, message: string) => context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
		const needsAmount = ['validator_stake', 'delegator_stake', 'reward_distribution'].includes(body.activity);
		if (needsAmount && body.amount === undefined) issue('amount', `is required for ${body.activity}`);
		if (body.activity === 'l1_validator_fee_balance' && !(body.change && BigInt(body.change) !== BigInt(0))) {
			issue('change', 'is required for l1_validator_fee_balance: a signed amount of nAVAX other than 0');
		}
		if (body.activity.startsWith('l1_') && body.subnetId === PRIMARY_NETWORK_SUBNET_ID) {
			issue('subnetId', `is required for ${body.activity}: the L1's subnet ID (L1 validators are not primary-network validators)`);
		}
	});

export type PChainActivity = z.infer<typeof pChainActivitySchema>;
export type ValidatorActivityInput = z.infer<typeof validatorActivityInputSchema>;
