// How a P-Chain or validator event is told apart: the same key from a delivery and from the
// history, a different key for every other event of the same transaction.
import { primaryEventKey, subEventOf, validationOf } from '../../../nodes/AddressActivityTrigger/receive/primaryEventKeys';

const TX = '2hKcYkdLzPqgYq1ZqYJ2n5wWcQZr3xQ1V3mXkJ9zUo5DHFkRwA';

describe('the sub-event of an event', () => {
	it('reads the documentation\'s other name of the fee balance alert as the SDK\'s', () => {
		expect(subEventOf({ eventType: 'l1_validator_threshold_reached' })).toBe('l1_validator_balance_threshold');
	});

	it('keeps every other name as it is, and an event without one as empty', () => {
		expect(subEventOf({ eventType: 'balance_change' })).toBe('balance_change');
		expect(subEventOf({ eventType: 'l1_validator_disabled' })).toBe('l1_validator_disabled');
		expect(subEventOf({})).toBe('');
	});
});

describe('the key of an event', () => {
	it('tells the balance changes of one P-Chain transaction apart by balance type', () => {
		const unlocked = primaryEventKey('pChain', { txHash: TX, eventType: 'balance_change', balanceType: 'unlockedUnstaked' });
		const staked = primaryEventKey('pChain', { txHash: TX, eventType: 'balance_change', balanceType: 'lockedStaked' });
		expect(unlocked).toBe(`p|${TX}|balance_change|unlockedUnstaked`);
		expect(staked).not.toBe(unlocked);
	});

	it('tells the sub-events of one transaction apart, and leaves the balance type out of all but a balance change', () => {
		const keys = ['balance_change', 'balance_threshold', 'reward_distribution'].map((eventType) => primaryEventKey('pChain', { txHash: TX, eventType, balanceType: 'unlockedUnstaked' }));
		expect(keys).toEqual([`p|${TX}|balance_change|unlockedUnstaked`, `p|${TX}|balance_threshold|`, `p|${TX}|reward_distribution|`]);
	});

	it('is the same for the fee balance alert under either of its names, and differs between P-Chain and validator triggers', () => {
		const alias = primaryEventKey('validator', { txHash: TX, eventType: 'l1_validator_threshold_reached' });
		expect(alias).toBe(primaryEventKey('validator', { txHash: TX, eventType: 'l1_validator_balance_threshold' }));
		expect(alias).toBe(`v|${TX}|l1_validator_balance_threshold`);
		expect(primaryEventKey('pChain', { txHash: TX, eventType: 'l1_validator_balance_threshold' })).not.toBe(alias);
	});

	it('is undefined for an event without a transaction (a fee balance alert, a disabling): those are covered by time', () => {
		expect(primaryEventKey('validator', { eventType: 'l1_validator_disabled' })).toBeUndefined();
		expect(primaryEventKey('validator', { txHash: '', eventType: 'l1_validator_disabled' })).toBeUndefined();
		expect(primaryEventKey('pChain', { txHash: 42, eventType: 'balance_change' })).toBeUndefined();
	});
});

describe('the validation an event is about', () => {
	it('is its validationId', () => {
		expect(validationOf({ validationId: 'v-1', nodeId: 'NodeID-a', subnetId: 's' })).toBe('v-1');
	});

	it('is its node on its subnet without a validationId', () => {
		expect(validationOf({ validationId: '', nodeId: 'NodeID-a', subnetId: 's' })).toBe('s/NodeID-a');
		expect(validationOf({ nodeId: 'NodeID-a', subnetId: 's' })).toBe('s/NodeID-a');
	});

	it('is undefined without either', () => {
		expect(validationOf({ nodeId: 'NodeID-a' })).toBeUndefined();
		expect(validationOf({})).toBeUndefined();
	});
});
