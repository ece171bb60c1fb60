import { withAvaxThresholds } from '../../../../nodes/AddressActivity/resources/webhook/readableThresholds';

describe('withAvaxThresholds', () => {
	it('puts the AVAX amount right after each nAVAX threshold, keeping the nAVAX', () => {
		const webhook = withAvaxThresholds({
			id: 'w',
			metadata: {
				keyType: 'subnetId',
				l1ValidatorFeeBalanceThreshold: '1500000000',
				keys: ['x'],
				balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '25000500000000' },
			},
		});
		expect(webhook).toEqual({
			id: 'w',
			metadata: {
				keyType: 'subnetId',
				l1ValidatorFeeBalanceThreshold: '1500000000',
				l1ValidatorFeeBalanceThresholdAvax: '1.5',
				keys: ['x'],
				balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '25000500000000', balanceThresholdAvax: '25000.5' },
			},
		});
		expect(Object.keys(webhook.metadata as object)).toEqual(['keyType', 'l1ValidatorFeeBalanceThreshold', 'l1ValidatorFeeBalanceThresholdAvax', 'keys', 'balanceThresholdFilter']);
	});

	it('keeps a companion the answer already has, and leaves values that are no whole nAVAX alone', () => {
		const metadata = { l1ValidatorFeeBalanceThreshold: '7', l1ValidatorFeeBalanceThresholdAvax: 'given', balanceThresholdFilter: { balanceThreshold: 25 } };
		expect(withAvaxThresholds({ metadata })).toEqual({ metadata });
		expect(withAvaxThresholds({ metadata: { l1ValidatorFeeBalanceThreshold: '1.5' } })).toEqual({ metadata: { l1ValidatorFeeBalanceThreshold: '1.5' } });
	});

	it('gives an EVM webhook, or one without metadata, as it came', () => {
		const evm = { id: 'e', metadata: { addresses: ['0xabc'] } };
		expect(withAvaxThresholds(evm)).toEqual(evm);
		expect(withAvaxThresholds({ id: 'n' })).toEqual({ id: 'n' });
		expect(withAvaxThresholds({ id: 'n', metadata: null })).toEqual({ id: 'n', metadata: null });
	});
});
