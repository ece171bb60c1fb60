/**
 * The Validator Activity of a gap. Stakes, delegations, rewards, fee balance top-ups and removals are
 * P-Chain transactions: read from the history (the network's transactions of those types since the
 * gap began, of the watched node or subnet). A fee balance falling to the threshold and a validator
 * disabled are no transactions: validatorTimeline.ts tells them from what the trigger knew when the
 * gap began, the top-ups and removals read, and the validators now.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { totalOf, type PChainTransaction } from '../../shared/model/pChainHistory';
import { P_CHAIN_ID } from '../../shared/model/primaryNetwork';
import type { ValidatorWatch } from '../../shared/service/primaryNetworkWebhooks';
import { answeredInTime, timeLeft } from '../../shared/service/transport';
import type { PrimaryEventWindow } from '../memory/primaryEvents';
import { primaryEventKey } from '../receive/primaryEventKeys';
import type { PrimaryGap } from './primaryRequest';
import { byEventOrder, byHistoryOrder, readTransactions, type GapEvent, type PrimaryGapRead } from './primaryGapRead';
import { readValidatorsNow, watchedValidator, watchesFeeBalances } from './validatorKnown';
import { feeBalanceEvents, type FeeBalanceStep } from './validatorTimeline';

const STAKE_TYPES = ['AddValidatorTx', 'AddSubnetValidatorTx', 'AddPermissionlessValidatorTx'];
const DELEGATION_TYPES = ['AddDelegatorTx', 'AddPermissionlessDelegatorTx'];
const REWARD_TYPES = ['RewardValidatorTx'];
const TOP_UP_TYPES = ['IncreaseL1ValidatorBalanceTx'];
const WEIGHT_TYPES = ['SetL1ValidatorWeightTx'];

/** The transaction types a watch needs read: its sub-events', and the fee balance moves when those are derived. */
function txTypesOf(watch: ValidatorWatch): string[] {
	const types = new Set<string>();
	const watches = (subEvent: string) => (watch.subEvents as string[]).includes(subEvent);
	if (watches('validator_stake')) STAKE_TYPES.forEach((type) => types.add(type));
	if (watches('delegator_stake')) DELEGATION_TYPES.forEach((type) => types.add(type));
	if (watches('reward_distribution')) REWARD_TYPES.forEach((type) => types.add(type));
	if (watches('l1_validator_balance_increased') || watchesFeeBalances(watch)) TOP_UP_TYPES.forEach((type) => types.add(type));
	if (watches('l1_validator_removed') || watchesFeeBalances(watch)) WEIGHT_TYPES.forEach((type) => types.add(type));
	return [...types];
}

/** The validator a transaction is about: its L1 validator details, else its own node and subnet. */
function subjectOf(tx: PChainTransaction) {
	const [details] = tx.l1ValidatorDetails ?? [];
	return { nodeId: details?.nodeId ?? tx.nodeId, subnetId: details?.subnetId ?? tx.subnetId, details };
}

/** The delivery a transaction would have made, if it is one the watch lists; and its fee balance step for the timeline. */
function eventOf(tx: PChainTransaction, watch: ValidatorWatch): { event?: IDataObject; notKnown?: string[]; step?: FeeBalanceStep } {
	const { nodeId, subnetId, details } = subjectOf(tx);
	const base: IDataObject = { network: watch.network, nodeId, subnetId, ...(details ? { validationId: details.validationId } : {}), txHash: tx.txHash, blockTimestamp: tx.blockTimestamp };
	const watches = (subEvent: string) => (watch.subEvents as string[]).includes(subEvent);
	// Deliveries about an L1 name its validation; a stake or reward transaction does not.
	const unnamedValidation = details === undefined && subnetId !== P_CHAIN_ID ? ['validationId'] : [];
	if (STAKE_TYPES.includes(tx.txType) || DELEGATION_TYPES.includes(tx.txType)) {
		const subEvent = STAKE_TYPES.includes(tx.txType) ? 'validator_stake' : 'delegator_stake';
		if (!watches(subEvent)) return {};
		const amount = totalOf(tx.amountStaked);
		const event = { eventType: subEvent, ...base, amount: amount?.toString() ?? null, startTime: tx.startTimestamp ?? null, endTime: tx.endTimestamp ?? null };
		return unnamedValidation.length > 0 ? { event, notKnown: unnamedValidation } : { event };
	}
	if (REWARD_TYPES.includes(tx.txType)) {
		if (!watches('reward_distribution')) return {};
		const rewardType = tx.emittedUtxos?.find((utxo) => utxo.rewardType)?.rewardType?.toLowerCase();
		const amount = totalOf(tx.value) ?? totalOf(tx.emittedUtxos);
		const event = { eventType: 'reward_distribution', ...base, amount: amount?.toString() ?? null, rewardType: rewardType ?? null };
		const notKnown = [...(rewardType === undefined ? ['rewardType'] : []), ...unnamedValidation];
		return notKnown.length > 0 ? { event, notKnown } : { event };
	}
	if (details === undefined) return {};
	const change = details.balanceChange ?? BigInt(0);
	if (TOP_UP_TYPES.includes(tx.txType)) {
		const step: FeeBalanceStep = { at: tx.blockTimestamp, height: Number(tx.blockNumber), validationId: details.validationId, nodeId: details.nodeId, subnetId: details.subnetId, before: details.remainingBalance - change, after: details.remainingBalance };
		if (!watches('l1_validator_balance_increased')) return { step };
		return { step, event: { eventType: 'l1_validator_balance_increased', ...base, amount: change.toString(), feeBalance: details.remainingBalance.toString() } };
	}
	if (WEIGHT_TYPES.includes(tx.txType) && details.weight === 0) {
		// A removal returns what is left of the fee balance: the change is minus what it was.
		const left = change < BigInt(0) ? -change : details.remainingBalance;
		const step: FeeBalanceStep = { at: tx.blockTimestamp, height: Number(tx.blockNumber), validationId: details.validationId, nodeId: details.nodeId, subnetId: details.subnetId, before: left, after: BigInt(0), removed: true };
		if (!watches('l1_validator_removed')) return { step };
		return { step, event: { eventType: 'l1_validator_removed', ...base, feeBalance: left.toString() } };
	}
	return {};
}

export async function readValidatorGap(context: IWebhookFunctions, watch: ValidatorWatch, gap: PrimaryGap, from: number, deadline: number, window: PrimaryEventWindow): Promise<PrimaryGapRead> {
	const notRecoverable: string[] = [];
	const txTypes = txTypesOf(watch);
	const read = txTypes.length === 0 ? { transactions: [], unreadable: 0 } : await readTransactions(context, { network: watch.network, txTypes, startTimestamp: from }, deadline);
	const events: GapEvent[] = [];
	const steps: FeeBalanceStep[] = [];
	for (const tx of [...read.transactions].sort(byHistoryOrder)) {
		const { nodeId, subnetId } = subjectOf(tx);
		if (!watchedValidator(watch, nodeId, subnetId)) continue;
		const { event, notKnown, step } = eventOf(tx, watch);
		if (step !== undefined) steps.push(step);
		// At or below the gap's height: delivered, or before the trigger watched.
		if (event === undefined || (gap.afterHeight !== undefined && Number(tx.blockNumber) <= gap.afterHeight)) continue;
		const message = notKnown === undefined ? undefined : `The history does not say the ${notKnown.join(', ')} of this event`;
		events.push({ key: primaryEventKey('validator', event), at: tx.blockTimestamp, event, ...(notKnown ? { notKnown, message } : {}) });
	}
	const unreadFrom = 'completeBefore' in read ? read.completeBefore : undefined;
	let readAt = Math.floor(Date.now() / 1000);
	if (watchesFeeBalances(watch) && unreadFrom === undefined) {
		const now = timeLeft(deadline) === undefined ? undefined : await answeredInTime(readValidatorsNow(context, watch, { deadline }));
		readAt = Math.floor(Date.now() / 1000);
		if (now === undefined) notRecoverable.push('l1_validator_balance_threshold and l1_validator_disabled: the L1 validators could not be read in time');
		else events.push(...feeBalanceEvents(watch, { known: gap.validators ?? {}, knownAt: gap.gapStartedAt ?? from * 1000, steps, now, readAt, window }));
	} else if (watchesFeeBalances(watch)) {
		notRecoverable.push('l1_validator_balance_threshold and l1_validator_disabled: the history was not read to its end in time');
	}
	return { events: events.sort(byEventOrder), unreadFrom, notRecoverable, readAt, unreadable: read.unreadable };
}
