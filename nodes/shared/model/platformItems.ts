import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod/v4';

import { avaxAndNavax, deliveryType, isoOrNull, navaxAmount, seconds, text } from './primaryNetworkDeliveries';

/** The event of a platform_address_activity delivery: the fields the item reads; the rest are kept as they are. */
const platformEvent = z.looseObject({
	/** The sub-event: balance_change, balance_threshold or reward_distribution. */
	eventType: z.string().min(1),
	network: text,
	chainId: text,
	addresses: z.array(z.string()).nullish(),
	txHash: text,
	txType: text,
	blockNumber: z.union([z.string(), z.number()]).transform((value) => String(value)).nullish(),
	blockTimestamp: seconds,
	balanceType: text,
	balance: navaxAmount,
	balanceChange: navaxAmount,
	balanceThreshold: navaxAmount,
	crossed: text,
	rewardAmount: navaxAmount,
	rewardType: text,
	nodeId: text,
});

/**
 * One item per delivery: the watched addresses of the transaction, what happened (the change or
 * the reward as amount), their combined balance after it, in AVAX and nAVAX. Field order is the
 * Table view's column order: what a person reads first, then the long IDs and hashes.
 */
export const { schema: platformDeliverySchema, toItem: toPlatformItem } = deliveryType(platformEvent, (event): IDataObject => {
	const amount = avaxAndNavax(event.rewardAmount ?? event.balanceChange);
	const balance = avaxAndNavax(event.balance);
	const threshold = avaxAndNavax(event.balanceThreshold);
	return {
		subEvent: event.eventType,
		amountAvax: amount.avax,
		balanceAvax: balance.avax,
		balanceType: event.balanceType ?? null,
		crossed: event.crossed ?? null,
		thresholdAvax: threshold.avax,
		rewardType: event.rewardType ?? null,
		nodeId: event.nodeId ?? null,
		addresses: event.addresses ?? [],
		network: event.network ?? null,
		time: isoOrNull(event.blockTimestamp),
		txHash: event.txHash ?? null,
		txType: event.txType ?? null,
		blockNumber: event.blockNumber ?? null,
		blockTimestamp: event.blockTimestamp ?? null,
		amountNavax: amount.navax,
		balanceNavax: balance.navax,
		thresholdNavax: threshold.navax,
		chainId: event.chainId ?? null,
	};
});
