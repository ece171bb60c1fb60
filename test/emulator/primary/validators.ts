import { createHash, randomUUID } from 'node:crypto';

import { EVENT_TYPES, type PrimaryNetwork } from './vocabulary';
import type { Emulator } from '../emulator';
import { badRequest } from '../http/errors';
import type { WebhookRecord } from '../store';
import { PRIMARY_NETWORK_SUBNET_ID, type ValidatorActivityInput } from './activitySchemas';
import { cb58, pChainTxId } from './ids';

const ZERO = BigInt(0);
const TWO_WEEKS_SECONDS = 14 * 24 * 60 * 60;

/** What happened to a validator, before it is matched against webhooks. */
interface ValidatorEvent {
	subEvent: string;
	txHash?: string;
	fields: Record<string, unknown>;
	/** for l1_validator_balance_threshold: the fee balance before and after; each webhook compares its own threshold */
	feeBalanceMove?: { from: bigint; to: bigint };
}

/** L1 validators' fee balances per network, subnet and node. */
export class ValidatorLedger {
	private readonly feeBalances = new Map<string, bigint>();

	feeBalance(network: PrimaryNetwork, subnetId: string, nodeId: string): bigint {
		return this.feeBalances.get(`${network}|${subnetId}|${nodeId}`) ?? ZERO;
	}

	setFeeBalance(network: PrimaryNetwork, subnetId: string, nodeId: string, balance: bigint | undefined): void {
		const key = `${network}|${subnetId}|${nodeId}`;
		if (balance === undefined) this.feeBalances.delete(key);
		else this.feeBalances.set(key, balance);
	}
}

/** The L1 validation's ID, stable per network, subnet and node. */
export const validationIdOf = (network: string, subnetId: string, nodeId: string) =>
	cb58(createHash('sha256').update(`validation:${network}|${subnetId}|${nodeId}`).digest());

/** Turns the injected activity into the events it causes, updating L1 fee balances. */
function validatorEvents(emulator: Emulator, input: ValidatorActivityInput): ValidatorEvent[] {
	const { network, nodeId, subnetId } = input;
	const ledger = emulator.validators;
	const feeBalance = ledger.feeBalance(network, subnetId, nodeId);
	const txHash = pChainTxId(randomUUID());
	switch (input.activity) {
		case 'validator_stake':
		case 'delegator_stake': {
			const startTime = input.startTime ?? Math.floor(emulator.clock.now() / 1000);
			const endTime = input.endTime ?? startTime + TWO_WEEKS_SECONDS;
			return [{ subEvent: input.activity, txHash, fields: { amount: input.amount, startTime, endTime } }];
		}
		case 'reward_distribution':
			return [{ subEvent: 'reward_distribution', txHash, fields: { amount: input.amount, rewardType: input.rewardType } }];
		case 'l1_validator_disabled':
			return [{ subEvent: 'l1_validator_disabled', fields: { feeBalance: feeBalance.toString() } }];
		case 'l1_validator_removed':
			ledger.setFeeBalance(network, subnetId, nodeId, undefined);
			return [{ subEvent: 'l1_validator_removed', txHash, fields: { feeBalance: feeBalance.toString() } }];
		case 'l1_validator_fee_balance':
			return feeBalanceEvents(emulator, input, feeBalance, txHash);
	}
}

/** An increase is a transaction; a decrease is the fee being paid, so its events carry no txHash. */
function feeBalanceEvents(emulator: Emulator, input: ValidatorActivityInput, from: bigint, txHash: string): ValidatorEvent[] {
	const change = BigInt(input.change ?? '0');
	const to = from + change;
	if (to < ZERO) throw badRequest(`change would make the fee balance of ${input.nodeId} on ${input.subnetId} negative (it is ${from} nAVAX)`);
	emulator.validators.setFeeBalance(input.network, input.subnetId, input.nodeId, to);
	const feeBalance = to.toString();
	if (change > ZERO) {
		return [{ subEvent: 'l1_validator_balance_increased', txHash, fields: { amount: change.toString(), feeBalance } }];
	}
	const events: ValidatorEvent[] = [{ subEvent: 'l1_validator_balance_threshold', fields: { feeBalance }, feeBalanceMove: { from, to } }];
	// an L1 validator whose fee balance runs out is disabled
	if (to === ZERO) events.push({ subEvent: 'l1_validator_disabled', fields: { feeBalance } });
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
