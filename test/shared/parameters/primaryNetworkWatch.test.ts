import { toInputError } from '../../../nodes/shared/parameters/parameterErrors';
import { readPrimaryNetworkWatch, type ReadParameter, type WatchFieldNames } from '../../../nodes/shared/parameters/primaryNetworkWatch';
import { harnessNode } from '../../harness/nodeTypes';

const MAINNET = 'P-avax1crd8dgf44zajru3975vwe3xzqy70n0afu3kk9m';
const FUJI = 'P-fuji18jma8ppw3nhx5r4ap8clazz0dps7rv5u6wmu4t';
const NODE_ID = 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz';
const SUBNET_ID = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

const names: WatchFieldNames = {
	pChainAddresses: 'P-Chain Addresses',
	validatorKeyType: 'Watch By',
	validatorKey: (keyType) => (keyType === 'nodeId' ? 'Node ID' : 'Subnet ID'),
};

/** Reads parameters as the action node does an item's, from `values` (dotted names into collections), failing with toInputError. */
function reader(values: Record<string, unknown>): ReadParameter {
	return (name, field, parse, fallback) => {
		const [top, inner] = name.split('.');
		const value = inner === undefined ? values[top] : (values[top] as Record<string, unknown> | undefined)?.[inner];
		try {
			return parse(value ?? fallback);
		} catch (error) {
			throw toInputError(harnessNode(), error, field, 0);
		}
	};
}

describe('readPrimaryNetworkWatch', () => {
	it('a P-Chain watch: network, addresses and sub-events; the threshold only with its sub-event', () => {
		expect(readPrimaryNetworkWatch(reader({ network: 'fuji', pChainAddresses: FUJI, addressSubEvents: ['balance_change'] }), 'primary_network_address_activity', names)).toEqual({
			eventType: 'primary_network_address_activity',
			network: 'fuji',
			addresses: [FUJI],
			subEvents: ['balance_change'],
		});
		const withThreshold = reader({ pChainAddresses: MAINNET, addressSubEvents: ['balance_threshold'], balanceThreshold: '25000' });
		expect(readPrimaryNetworkWatch(withThreshold, 'primary_network_address_activity', names)).toEqual({
			eventType: 'primary_network_address_activity',
			network: 'mainnet',
			addresses: [MAINNET],
			subEvents: ['balance_threshold'],
			balanceThreshold: { balanceType: 'unlockedUnstaked', navax: '25000000000000' },
		});
	});

	it('a validator watch: one key of its type, the filters, the fee threshold only with its sub-event', () => {
		const values = {
			network: 'mainnet',
			validatorKeyType: 'subnetId',
			validatorKey: SUBNET_ID,
			validatorSubEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'],
			validatorFilters: { nodeIds: NODE_ID },
			feeBalanceThreshold: '1.5',
		};
		expect(readPrimaryNetworkWatch(reader(values), 'validator_activity', names)).toEqual({
			eventType: 'validator_activity',
			network: 'mainnet',
			keyType: 'subnetId',
			key: SUBNET_ID,
			subEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'],
			nodeIds: [NODE_ID],
			subnetIds: [],
			feeBalanceThresholdNavax: '1500000000',
		});
	});

	it.each([
		['an address of the other network, in the node\'s own name for the field', 'primary_network_address_activity', { network: 'fuji', pChainAddresses: MAINNET, addressSubEvents: ['balance_change'] }, `Invalid P-Chain Addresses in item 1: "${MAINNET}" is not a fuji address (fuji P-Chain addresses start with P-fuji1)`],
		['no sub-event', 'primary_network_address_activity', { pChainAddresses: MAINNET }, 'Invalid Sub-Events in item 1: no sub-event chosen (choose at least one)'],
		['a threshold sub-event without its amount', 'primary_network_address_activity', { pChainAddresses: MAINNET, addressSubEvents: ['balance_threshold'] }, 'Invalid Balance Threshold (AVAX) in item 1: no threshold given: the Balance Threshold sub-event needs the amount to watch for'],
		['an unknown network', 'validator_activity', { network: 'local' }, 'Invalid Network in item 1: "local" is not one of "mainnet", "fuji"'],
		['a node ID where a subnet is watched, named as the key type says', 'validator_activity', { validatorKeyType: 'subnetId', validatorKey: NODE_ID, validatorSubEvents: ['validator_stake'] }, `Invalid Subnet ID in item 1: "${NODE_ID}" is not a subnet ID (49 or 50 letters and digits, cb58)`],
		['a fee threshold sub-event without its amount', 'validator_activity', { validatorKey: NODE_ID, validatorSubEvents: ['l1_validator_balance_threshold'] }, 'Invalid L1 Fee Balance Threshold (AVAX) in item 1: no threshold given: the L1 Validator Balance Threshold sub-event needs the fee balance to watch for'],
		['a bad filter', 'validator_activity', { validatorKey: NODE_ID, validatorSubEvents: ['validator_stake'], validatorFilters: { subnetIds: 'my-l1' } }, 'Invalid Subnet IDs in item 1: "my-l1" is not a subnet ID (49 or 50 letters and digits, cb58)'],
	])('refuses %s', (_what, eventType, values, message) => {
		expect(() => readPrimaryNetworkWatch(reader(values), eventType as 'validator_activity', names)).toThrow(message);
	});

	it('reads the network first: a bad network is named before anything else', () => {
		expect(() => readPrimaryNetworkWatch(reader({ network: 'x', pChainAddresses: 'bad' }), 'primary_network_address_activity', names)).toThrow('Invalid Network in item 1');
	});
});
