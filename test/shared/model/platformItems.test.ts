import { platformDeliverySchema, toPlatformItem } from '../../../nodes/shared/model/platformItems';
import { parseWith } from '../../../nodes/shared/model/primaryNetworkDeliveries';

const ADDRESS = 'P-avax1crd8dgf44zajru3975vwe3xzqy70n0afu3kk9m';

function itemOf(event: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	const result = parseWith(platformDeliverySchema, { webhookId: 'w-1', eventType: 'platform_address_activity', messageId: 'm-1', event, ...extra }, toPlatformItem);
	if (!result.ok) throw new Error(result.problem);
	return result.value;
}

describe('a P-Chain delivery as an item', () => {
	it('a balance threshold crossed: the balance and the threshold in AVAX and nAVAX, times as ISO dates', () => {
		const item = itemOf({
			eventType: 'balance_threshold',
			network: 'mainnet',
			chainId: '11111111111111111111111111111111LpoYY',
			addresses: [ADDRESS],
			txHash: '2abc',
			txType: 'BaseTx',
			blockNumber: 1234,
			blockTimestamp: 1_700_000_000,
			balanceType: 'unlockedUnstaked',
			balance: '20000000000000',
			balanceChange: '-10000000000000',
			balanceThreshold: '25000000000000',
			crossed: 'below',
		});
		expect(item).toEqual({
			subEvent: 'balance_threshold',
			amountAvax: '-10000',
			balanceAvax: '20000',
			balanceType: 'unlockedUnstaked',
			crossed: 'below',
			thresholdAvax: '25000',
			rewardType: null,
			nodeId: null,
			addresses: [ADDRESS],
			network: 'mainnet',
			time: '2023-11-14T22:13:20.000Z',
			txHash: '2abc',
			txType: 'BaseTx',
			blockNumber: '1234',
			blockTimestamp: 1_700_000_000,
			amountNavax: '-10000000000000',
			balanceNavax: '20000000000000',
			thresholdNavax: '25000000000000',
			chainId: '11111111111111111111111111111111LpoYY',
			eventType: 'platform_address_activity',
			webhookId: 'w-1',
			messageId: 'm-1',
		});
	});

	it('a reward: its amount is the item\'s amount, ahead of a balance change', () => {
		const item = itemOf({ eventType: 'reward_distribution', rewardAmount: '1500000000', balanceChange: '7', rewardType: 'validator', nodeId: 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz' });
		expect(item).toMatchObject({ subEvent: 'reward_distribution', amountAvax: '1.5', amountNavax: '1500000000', rewardType: 'validator', nodeId: 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz' });
	});

	it('an event with only its sub-event: every other field null, no addresses, and fields beyond the published ones kept', () => {
		const item = itemOf({ eventType: 'balance_change', memo: 'hi' }, { deliveredAt: 5 });
		expect(item).toMatchObject({ subEvent: 'balance_change', amountAvax: null, balanceAvax: null, addresses: [], time: null, blockNumber: null, memo: 'hi', deliveredAt: 5 });
	});

	it('refuses an amount that is no whole number of nAVAX, naming its path', () => {
		const result = parseWith(platformDeliverySchema, { webhookId: 'w', eventType: 'platform_address_activity', messageId: 'm', event: { eventType: 'balance_change', balance: '1.5' } }, toPlatformItem);
		expect(result).toEqual({ ok: false, problem: 'event.balance: Invalid input' });
	});
});
