import { parseWith } from '../../../nodes/shared/model/primaryNetworkDeliveries';
import { toValidatorItem, validatorDeliverySchema } from '../../../nodes/shared/model/validatorItems';

const NODE_ID = 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz';
const SUBNET_ID = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

function itemOf(event: Record<string, unknown>) {
	const result = parseWith(validatorDeliverySchema, { webhookId: 'w-1', eventType: 'validator_activity', messageId: 'm-1', event }, toValidatorItem);
	if (!result.ok) throw new Error(result.problem);
	return result.value;
}

describe('a validator delivery as an item', () => {
	it('a stake: which validator, the amount in AVAX and nAVAX, its start and end as ISO dates beside the seconds', () => {
		expect(
			itemOf({ eventType: 'validator_stake', network: 'fuji', nodeId: NODE_ID, txHash: '2x', blockTimestamp: 1_700_000_000, amount: '2000000000000', startTime: 1_700_000_000, endTime: 1_700_086_400 }),
		).toEqual({
			subEvent: 'validator_stake',
			nodeId: NODE_ID,
			subnetId: null,
			amountAvax: '2000',
			feeBalanceAvax: null,
			feeBalanceThresholdAvax: null,
			rewardType: null,
			startTime: '2023-11-14T22:13:20.000Z',
			endTime: '2023-11-15T22:13:20.000Z',
			validationId: null,
			network: 'fuji',
			time: '2023-11-14T22:13:20.000Z',
			txHash: '2x',
			blockTimestamp: 1_700_000_000,
			startTimestamp: 1_700_000_000,
			endTimestamp: 1_700_086_400,
			amountNavax: '2000000000000',
			feeBalanceNavax: null,
			feeBalanceThresholdNavax: null,
			eventType: 'validator_activity',
			webhookId: 'w-1',
			messageId: 'm-1',
		});
	});

	it('an L1 validator\'s fee balance low, under either name the documentation gives the sub-event', () => {
		const event = { subnetId: SUBNET_ID, validationId: 'v-1', feeBalance: '4000000000', feeBalanceThreshold: '5000000000' };
		for (const eventType of ['l1_validator_balance_threshold', 'l1_validator_threshold_reached']) {
			expect(itemOf({ ...event, eventType })).toMatchObject({
				subEvent: 'l1_validator_balance_threshold',
				subnetId: SUBNET_ID,
				validationId: 'v-1',
				feeBalanceAvax: '4',
				feeBalanceThresholdAvax: '5',
				feeBalanceNavax: '4000000000',
			});
		}
	});

	it('keeps the event\'s other fields as they came', () => {
		expect(itemOf({ eventType: 'l1_validator_disabled', weight: 20 })).toMatchObject({ subEvent: 'l1_validator_disabled', weight: 20, amountAvax: null });
	});

	it('refuses an event without its sub-event', () => {
		expect(parseWith(validatorDeliverySchema, { webhookId: 'w', eventType: 'validator_activity', messageId: 'm', event: { nodeId: NODE_ID } }, toValidatorItem)).toEqual({
			ok: false,
			problem: 'event.eventType: Invalid input: expected string, received undefined',
		});
	});
});
