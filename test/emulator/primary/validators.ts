import { randomUUID } from 'node:crypto';

import type { Emulator } from '../emulator';
import { badRequest } from '../http/errors';
import type { WebhookRecord } from '../store';
import { PRIMARY_NETWORK_SUBNET_ID, type ValidatorActivityInput } from './activitySchemas';
import { pChainTxId } from './ids';
import type { PChainTx } from './history';
import { L1_WEIGHT, validationIdOf, type L1Validator } from './validatorSet';
import { EVENT_TYPES } from './vocabulary';

const ZERO = BigInt(0);
type ValidatorDetails = NonNullable<PChainTx['validator']>;
const TWO_WEEKS_SECONDS = 14 * 24 * 60 * 60;

/** What happened to a validator, before it is matched against webhooks. */
interface ValidatorEvent {
	subEvent: string;
	txHash?: string;
	fields: Record<string, unknown>;
	/** for l1_validator_balance_threshold: the fee balance before and after; each webhook compares its own threshold */
	feeBalanceMove?: { from: bigint; to: bigint };
}

const l1State = (l1: L1Validator) => ({
	validationId: l1.validationId,
	nodeId: l1.nodeId,
	subnetId: l1.subnetId,
	weight: l1.removed ? 0 : L1_WEIGHT,
	remainingBalance: l1.feeBalance,
});

/**
 * Turns the injected activity into the events it causes, updating the validator set; what a
 * transaction causes (a stake, a reward, a fee increase, a removal) also goes into the P-Chain history.
 */
function validatorEvents(emulator: Emulator, input: ValidatorActivityInput): ValidatorEvent[] {
	const { network, nodeId, subnetId } = input;
	const set = emulator.validators;
	const now = Math.floor(emulator.clock.now() / 1000);
	const txHash = pChainTxId(randomUUID());
	const record = (txType: string, details: ValidatorDetails, l1?: L1Validator, balanceChange?: bigint) =>
		emulator.pChain.history.append(network, {
			txHash,
			txType,
			blockTimestamp: now,
			changes: [],
			validator: details,
			...(l1 ? { l1Validator: { ...l1State(l1), balanceChange } } : {}),
		});
	switch (input.activity) {
		case 'validator_stake':
		case 'delegator_stake': {
			const startTime = input.startTime ?? now;
			const endTime = input.endTime ?? startTime + TWO_WEEKS_SECONDS;
			const amount = BigInt(input.amount ?? '0');
			if (input.activity === 'validator_stake') {
				set.validations.push({
					network,
					txHash,
					nodeId,
					subnetId,
					amountStaked: amount,
					startTimestamp: startTime,
					endTimestamp: endTime,
					delegatorCount: 0,
					amountDelegated: ZERO,
					validationReward: ZERO,
					delegationReward: ZERO,
				});
			} else {
				const validation = set.latestValidation(network, nodeId, subnetId);
				if (validation) {
					validation.delegatorCount++;
					validation.amountDelegated += amount;
				}
			}
			const txType = input.activity === 'validator_stake' ? 'AddPermissionlessValidatorTx' : 'AddPermissionlessDelegatorTx';
			record(txType, { nodeId, subnetId, amount: input.amount, startTimestamp: startTime, endTimestamp: endTime });
			return [{ subEvent: input.activity, txHash, fields: { amount: input.amount, startTime, endTime } }];
		}
		case 'reward_distribution': {
			const validation = set.latestValidation(network, nodeId, subnetId);
			if (validation) {
				if (input.rewardType === 'delegator') validation.delegationReward += BigInt(input.amount ?? '0');
				else validation.validationReward += BigInt(input.amount ?? '0');
				validation.rewardTxHash = txHash;
			}
			record('RewardValidatorTx', { nodeId, subnetId, amount: input.amount, rewardType: input.rewardType });
			return [{ subEvent: 'reward_distribution', txHash, fields: { amount: input.amount, rewardType: input.rewardType } }];
		}
		case 'l1_validator_disabled': {
			const l1 = set.l1Validator(network, subnetId, nodeId, now);
			l1.disabled = true;
			return [{ subEvent: 'l1_validator_disabled', fields: { feeBalance: l1.feeBalance.toString() } }];
		}
		case 'l1_validator_removed': {
			const l1 = set.l1Validator(network, subnetId, nodeId, now);
			const remaining = l1.feeBalance;
			// the fee balance goes back to its owner: the validator's is 0 afterwards
			l1.feeBalance = ZERO;
			l1.removed = true;
			record('SetL1ValidatorWeightTx', { nodeId, subnetId }, l1, -remaining);
			return [{ subEvent: 'l1_validator_removed', txHash, fields: { feeBalance: remaining.toString() } }];
		}
		case 'l1_validator_fee_balance':
			return feeBalanceEvents(set.l1Validator(network, subnetId, nodeId, now), input, txHash, record);
	}
}

/** An increase is a transaction; a decrease is the fee being paid, so its events carry no txHash and leave no transaction. */
function feeBalanceEvents(
	l1: L1Validator,
	input: ValidatorActivityInput,
	txHash: string,
	record: (txType: string, details: ValidatorDetails, l1: L1Validator, balanceChange: bigint) => unknown,
): ValidatorEvent[] {
	const change = BigInt(input.change ?? '0');
	const from = l1.feeBalance;
	const to = from + change;
	if (to < ZERO) throw badRequest(`change would make the fee balance of ${input.nodeId} on ${input.subnetId} negative (it is ${from} nAVAX)`);
	l1.feeBalance = to;
	const feeBalance = to.toString();
	if (change > ZERO) {
		// paying in enables a disabled validator again, and registers a removed one again
		l1.disabled = false;
		l1.removed = false;
		record('IncreaseL1ValidatorBalanceTx', { nodeId: input.nodeId, subnetId: input.subnetId }, l1, change);
		return [{ subEvent: 'l1_validator_balance_increased', txHash, fields: { amount: change.toString(), feeBalance } }];
	}
	const events: ValidatorEvent[] = [{ subEvent: 'l1_validator_balance_threshold', fields: { feeBalance }, feeBalanceMove: { from, to } }];
	// an L1 validator whose fee balance runs out is disabled
	if (to === ZERO) {
		l1.disabled = true;
		events.push({ subEvent: 'l1_validator_disabled', fields: { feeBalance } });
	}
	return events;
}

/** Whether a validator_activity webhook watches this node on this subnet for this sub-event. */
function watches(webhook: WebhookRecord, input: ValidatorActivityInput, subEvent: string): boolean {
	const settings = webhook.primary;
	if (webhook.eventType !== EVENT_TYPES.validatorActivity || webhook.status !== 'active' || !settings) return false;
	if (settings.network !== input.network || !settings.subEvents.includes(subEvent)) return false;
	const key = settings.keyType === 'nodeId' ? input.nodeId : input.subnetId;
	if (webhook.addresses[0] !== key) return false;
	if (settings.nodeIds?.length && !settings.nodeIds.includes(input.nodeId)) return false;
	return !(settings.subnetIds?.length && !settings.subnetIds.includes(input.subnetId));
}

/** Applies validator activity and delivers its events to the webhooks that watch the node or subnet. */
export function injectValidatorActivity(emulator: Emulator, input: ValidatorActivityInput) {
	const events = validatorEvents(emulator, input);
	const blockTimestamp = Math.floor(emulator.clock.now() / 1000);
	const l1 = input.subnetId !== PRIMARY_NETWORK_SUBNET_ID;
	const validationId = l1 ? validationIdOf(input.network, input.subnetId, input.nodeId) : undefined;
	let deliveries = 0;
	for (const webhook of emulator.store.allWebhooks()) {
		for (const { subEvent, txHash, fields, feeBalanceMove } of events) {
			if (!watches(webhook, input, subEvent)) continue;
			let extra: Record<string, unknown> = {};
			if (feeBalanceMove) {
				// sent once each time the balance falls to or below the webhook's threshold
				const threshold = BigInt(webhook.primary?.l1ValidatorFeeBalanceThreshold ?? '-1');
				if (!(feeBalanceMove.from > threshold && feeBalanceMove.to <= threshold)) continue;
				extra = { feeBalanceThreshold: threshold.toString() };
			}
			const event = {
				eventType: subEvent,
				network: input.network,
				nodeId: input.nodeId,
				subnetId: input.subnetId,
				...(validationId ? { validationId } : {}),
				...(txHash ? { txHash } : {}),
				blockTimestamp,
				...fields,
				...extra,
			};
			emulator.deliveries.send(webhook, { webhookId: webhook.id, eventType: EVENT_TYPES.validatorActivity, messageId: randomUUID(), event });
			deliveries++;
		}
	}
	const txHash = events.find((event) => event.txHash)?.txHash;
	return {
		...(txHash ? { txHash } : {}),
		blockTimestamp,
		...(validationId ? { validationId, feeBalance: emulator.validators.feeBalance(input.network, input.subnetId, input.nodeId).toString() } : {}),
		deliveries,
	};
}
