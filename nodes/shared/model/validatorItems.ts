import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod/v4';

import { VALIDATOR_THRESHOLD_ALIAS } from './primaryNetwork';
import { avaxAndNavax, deliveryType, isoOrNull, navaxAmount, seconds, text } from './primaryNetworkDeliveries';

/** The event of a validator_activity delivery: the fields the item reads; the rest are kept as they are. */
const validatorEvent = z.looseObject({
	/** The sub-event, e.g. validator_stake or l1_validator_balance_threshold. */
	eventType: z.string().min(1),
	network: text,
	nodeId: text,
	subnetId: text,
	validationId: text,
	txHash: text,
	blockTimestamp: seconds,
	amount: navaxAmount,
	feeBalance: navaxAmount,
	feeBalanceThreshold: navaxAmount,
	rewardType: text,
	startTime: seconds,
	endTime: seconds,
});

/**
 * One item per delivery: which validator, what happened, the amount (stake, reward or top-up) and
 * an L1 validator's fee balance and threshold, in AVAX and nAVAX; times as ISO dates, the seconds
 * as delivered beside them. The documentation's other name of the threshold sub-event reads as the SDK's.
 */
export const { schema: validatorDeliverySchema, toItem: toValidatorItem } = deliveryType(validatorEvent, (event): IDataObject => {
	const amount = avaxAndNavax(event.amount);
	const feeBalance = avaxAndNavax(event.feeBalance);
	const threshold = avaxAndNavax(event.feeBalanceThreshold);
	return {
		subEvent: event.eventType === VALIDATOR_THRESHOLD_ALIAS ? 'l1_validator_balance_threshold' : event.eventType,
		nodeId: event.nodeId ?? null,
		subnetId: event.subnetId ?? null,
		amountAvax: amount.avax,
		feeBalanceAvax: feeBalance.avax,
		feeBalanceThresholdAvax: threshold.avax,
		rewardType: event.rewardType ?? null,
		startTime: isoOrNull(event.startTime),
		endTime: isoOrNull(event.endTime),
		validationId: event.validationId ?? null,
		network: event.network ?? null,
		time: isoOrNull(event.blockTimestamp),
		txHash: event.txHash ?? null,
		blockTimestamp: event.blockTimestamp ?? null,
		startTimestamp: event.startTime ?? null,
		endTimestamp: event.endTime ?? null,
		amountNavax: amount.navax,
		feeBalanceNavax: feeBalance.navax,
		feeBalanceThresholdNavax: threshold.navax,
	};
});
