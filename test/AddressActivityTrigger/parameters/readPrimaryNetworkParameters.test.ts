// A P-Chain or validator trigger's parameters as its lifecycle methods and webhook() read them
// through n8n-core's HookContext: what its webhook watches, what a delivery needs, the options;
// bad input is an error naming the trigger's field and the value, before any request.
import type { INodeParameters } from 'n8n-workflow';

import { readPrimaryNetworkDeliveryParameters, readPrimaryNetworkParameters } from '../../../nodes/AddressActivityTrigger/parameters/readPrimaryNetworkParameters';
import { triggerHookContext } from '../../harness/contexts';
import { COLD_WALLET, L1, TREASURY, VALIDATOR, pChainParameters, validatorParameters } from '../eventTypesSupport';

const contextWith = (parameters: INodeParameters) => triggerHookContext({ parameters }).context;
const P_CHAIN = 'primary_network_address_activity';
const VALIDATORS = 'validator_activity';

describe('a P-Chain trigger\'s parameters', () => {
	it('as the editor stores them: the addresses, sub-events and balance threshold in nAVAX watched; events output, signature checked, webhook deleted at deactivation', () => {
		expect(readPrimaryNetworkParameters(contextWith(pChainParameters()), P_CHAIN)).toEqual({
			eventType: P_CHAIN,
			output: 'events',
			includeHeaders: false,
			verifySignature: true,
			onDeactivation: 'delete',
			webhookName: '',
			watch: {
				eventType: P_CHAIN,
				network: 'fuji',
				addresses: [TREASURY, COLD_WALLET],
				subEvents: ['balance_change', 'balance_threshold', 'reward_distribution'],
				balanceThreshold: { balanceType: 'unlockedStaked', navax: '2500500000000' },
			},
		});
	});

	it('read the options: headers only with the Raw Message output, the signature check off, the webhook kept, its name trimmed', () => {
		const options = { includeHeaders: true, verifySignature: false, onDeactivation: 'keep', webhookName: '  Treasury alerts  ' };
		expect(readPrimaryNetworkParameters(contextWith(pChainParameters({ output: 'raw', options })), P_CHAIN)).toMatchObject({
			output: 'raw',
			includeHeaders: true,
			verifySignature: false,
			onDeactivation: 'keep',
			webhookName: 'Treasury alerts',
		});
		expect(readPrimaryNetworkDeliveryParameters(contextWith(pChainParameters({ options })), P_CHAIN)).toEqual({
			eventType: P_CHAIN,
			output: 'events',
			includeHeaders: false,
			verifySignature: false,
			onDeactivation: 'keep',
		});
	});

	it('a delivery reads no more than it needs: an address list that would not parse does not stop it', () => {
		const broken = contextWith(pChainParameters({ pChainAddresses: 'not-an-address' }));
		expect(readPrimaryNetworkDeliveryParameters(broken, P_CHAIN)).toMatchObject({ eventType: P_CHAIN, output: 'events' });
		expect(() => readPrimaryNetworkParameters(broken, P_CHAIN)).toThrow(/P-Chain Addresses.*not-an-address/);
	});
});

describe('a validator trigger\'s parameters', () => {
	it('watch its one key, the node filter and the fee balance threshold in nAVAX', () => {
		expect(readPrimaryNetworkParameters(contextWith(validatorParameters()), VALIDATORS).watch).toEqual({
			eventType: VALIDATORS,
			network: 'fuji',
			keyType: 'subnetId',
			key: L1,
			subEvents: ['l1_validator_balance_increased', 'l1_validator_balance_threshold', 'l1_validator_disabled'],
			nodeIds: [VALIDATOR],
			subnetIds: [],
			feeBalanceThresholdNavax: '1250000000',
		});
	});

	it('name the key field by its type in an error', () => {
		expect(() => readPrimaryNetworkParameters(contextWith(validatorParameters({ validatorKey: 'nope' })), VALIDATORS)).toThrow(/Subnet ID.*nope/);
		expect(() => readPrimaryNetworkParameters(contextWith(validatorParameters({ validatorKeyType: 'nodeId', validatorKey: 'nope' })), VALIDATORS)).toThrow(/Node ID.*nope/);
	});
});
