// Which of the shared primary-network parameters the editor shows, decided by n8n's own display
// rules (NodeHelpers.displayParameter) over a small node description made of them.
import { NodeHelpers, type INodeParameters, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import {
	addressSubEventParameters,
	eventTypeChoice,
	evmOnly,
	EVM_ONLY_IN_COLLECTION,
	networkParameter,
	pChainAddressesParameter,
	validatorFiltersParameter,
	validatorKeyTypeParameter,
	validatorSubEventParameters,
} from '../../../nodes/shared/parameters/primaryNetworkParameters';

const includeLogs = evmOnly({
	displayName: 'Include Logs',
	name: 'includeLogs',
	type: 'boolean',
	default: false,
	// Its own rule: hidden for one output, whatever the event type.
	displayOptions: { hide: { output: ['decodedEvents'] } },
});
const addresses = evmOnly({ displayName: 'Addresses', name: 'addresses', type: 'string', default: '' });
const inCollection: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	default: {},
	options: [{ displayName: 'Include Internal Transactions', name: 'includeInternalTxs', type: 'boolean', default: false, displayOptions: EVM_ONLY_IN_COLLECTION }],
};
const properties: INodeProperties[] = [
	eventTypeChoice('Event', 'What to watch'),
	{ displayName: 'Output', name: 'output', type: 'options', default: 'transfers', options: [{ name: 'Transfers', value: 'transfers' }, { name: 'Decoded Events', value: 'decodedEvents' }] },
	addresses,
	includeLogs,
	inCollection,
	networkParameter,
	pChainAddressesParameter('P-Chain Addresses', 'The addresses'),
	...addressSubEventParameters('What to watch for'),
	validatorKeyTypeParameter('Watch By'),
	...validatorSubEventParameters('What to watch for', 'In AVAX'),
	validatorFiltersParameter,
];
const description = { properties } as unknown as INodeTypeDescription;
const NODE = { typeVersion: 1 };

/** The top-level parameters the editor shows for `parameters` (defaults filled in, as n8n does). */
function shown(parameters: INodeParameters): string[] {
	const values = NodeHelpers.getNodeParameters(properties, parameters, true, false, NODE, description) ?? {};
	return properties.filter((property) => NodeHelpers.displayParameter(values, property, NODE, description)).map((property) => property.name);
}

describe('the primary-network parameters as the editor shows them', () => {
	it('EVM address activity (also a node saved before it had an Event): the EVM parameters only', () => {
		expect(shown({})).toEqual(['eventType', 'output', 'addresses', 'includeLogs', 'options']);
		expect(shown({ eventType: 'address_activity' })).toEqual(['eventType', 'output', 'addresses', 'includeLogs', 'options']);
	});

	it('evmOnly keeps a parameter\'s own hide rule beside the event type\'s', () => {
		expect(shown({ output: 'decodedEvents' })).toEqual(['eventType', 'output', 'addresses', 'options']);
		expect(includeLogs.displayOptions).toEqual({ hide: { output: ['decodedEvents'], eventType: ['primary_network_address_activity', 'validator_activity'] } });
	});

	it('P-Chain address activity: network, addresses and sub-events; balance type and threshold with the threshold sub-event', () => {
		const pChain = { eventType: 'primary_network_address_activity' };
		expect(shown(pChain)).toEqual(['eventType', 'output', 'options', 'network', 'pChainAddresses', 'addressSubEvents']);
		expect(shown({ ...pChain, addressSubEvents: ['balance_threshold'] })).toEqual(['eventType', 'output', 'options', 'network', 'pChainAddresses', 'addressSubEvents', 'balanceType', 'balanceThreshold']);
	});

	it('validator activity: network, key, sub-events and filters; the fee threshold with its sub-event', () => {
		const validator = { eventType: 'validator_activity' };
		const base = ['eventType', 'output', 'options', 'network', 'validatorKeyType', 'validatorSubEvents', 'validatorFilters'];
		expect(shown(validator)).toEqual(base);
		expect(shown({ ...validator, validatorSubEvents: ['l1_validator_balance_threshold'] })).toEqual([...base.slice(0, 6), 'feeBalanceThreshold', 'validatorFilters']);
	});

	it('hides a collection entry marked EVM-only once the node\'s event type is another', () => {
		const [entry] = inCollection.options as INodeProperties[];
		const visible = (eventType: string) => NodeHelpers.displayParameterPath({ eventType, options: {} }, entry, 'options', NODE, description);
		expect(visible('address_activity')).toBe(true);
		expect(visible('validator_activity')).toBe(false);
	});

	it('offers the three event types, EVM address activity by default, each with its action for the nodes panel', () => {
		const choice = eventTypeChoice('Event');
		expect(choice.default).toBe('address_activity');
		expect(choice.description).toBeUndefined();
		expect(choice.options?.map((option) => ('value' in option ? [option.value, option.action] : []))).toEqual([
			['address_activity', 'On EVM address activity'],
			['primary_network_address_activity', 'On P-Chain address activity'],
			['validator_activity', 'On validator activity'],
		]);
	});

	it('names the balance types in sentence case, in the SDK\'s order', () => {
		const balanceType = addressSubEventParameters('').find((property) => property.name === 'balanceType');
		expect(balanceType?.options?.slice(0, 3)).toEqual([
			{ name: 'Unlocked Unstaked', value: 'unlockedUnstaked' },
			{ name: 'Unlocked Staked', value: 'unlockedStaked' },
			{ name: 'Locked Platform', value: 'lockedPlatform' },
		]);
	});
});
