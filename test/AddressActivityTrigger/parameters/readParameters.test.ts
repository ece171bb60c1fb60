// The webhook trigger's parameters as its lifecycle methods and webhook() read them through n8n-core's
// HookContext: what a webhook is registered with (chains, addresses, events, options), what a
// delivery needs (without hashing event signatures), and Catch Up At Most; bad input is an error
// naming the field.
import { id } from 'ethers';
import type { INodeParameters } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { catchUpLimitMs, readDeliveryParameters, readEventType, readTriggerParameters } from '../../../nodes/AddressActivityTrigger/parameters/readParameters';
import { triggerHookContext } from '../../harness/contexts';
import { ALICE, BOB, triggerParameters } from '../support';

const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
const SWAP = 'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)';
const SWAP_TOPIC = id('Swap(address,uint256,uint256,uint256,uint256,address)');

/** A publication's context of a version 2 trigger (one Chain) with the editor's parameters and `overrides`. */
const contextWith = (overrides: INodeParameters = {}) => triggerHookContext({ typeVersion: 2, parameters: triggerParameters(overrides) }).context;

afterEach(() => forgetProcessMemory());

describe('the trigger parameters', () => {
	it('as the editor stores them by default: one chain, the addresses in lower case, transfers, no events filtered, webhook deleted at deactivation', () => {
		const parameters = readTriggerParameters.call(contextWith());
		expect(parameters).toMatchObject({
			chainIds: ['43113'],
			output: 'transfers',
			eventSignatures: [],
			includeInternalTxs: false,
			includeLogs: false,
			onDeactivation: 'delete',
			includeHeaders: false,
			verifySignature: true,
			webhookName: '',
		});
		expect(parameters.addresses.lowerCase).toEqual([ALICE, BOB]);
		expect(readDeliveryParameters.call(contextWith()).events).toBeUndefined();
	});

	it('read the options: headers only for the raw output, the signature check, the webhook kept at deactivation, the webhook name trimmed', () => {
		const options = { includeHeaders: true, verifySignature: false, onDeactivation: 'keep', webhookName: '  Treasury  ' };
		expect(readTriggerParameters.call(contextWith({ output: 'raw', options }))).toMatchObject({ includeHeaders: true, verifySignature: false, onDeactivation: 'keep', webhookName: 'Treasury' });
		expect(readTriggerParameters.call(contextWith({ output: 'transfers', options })).includeHeaders).toBe(false);
	});

	it('filter by the Event Signatures given, hashed to their topic0', () => {
		expect(readTriggerParameters.call(contextWith({ eventSignatures: 'Transfer(address,address,uint256)' })).eventSignatures).toEqual([TRANSFER_TOPIC]);
	});

	it('for Decoded Events: the definitions\' events, with the logs, unless Event Signatures are given', () => {
		const decoded = readTriggerParameters.call(contextWith({ output: 'decodedEvents', eventDefinitions: SWAP }));
		expect(decoded).toMatchObject({ eventSignatures: [SWAP_TOPIC], includeLogs: true });
		expect(readDeliveryParameters.call(contextWith({ output: 'decodedEvents', eventDefinitions: SWAP })).events?.decoder.definitions.map((definition) => definition.name)).toEqual(['Swap']);
		expect(readTriggerParameters.call(contextWith({ output: 'decodedEvents', eventDefinitions: SWAP, eventSignatures: 'Transfer(address,address,uint256)' })).eventSignatures).toEqual([TRANSFER_TOPIC]);
	});

	it('with a bad event signature are an error naming the field; a delivery, which does not read them, is not stopped by it', () => {
		const context = contextWith({ eventSignatures: 'Transfer(address,address,uint257)' });
		expect(() => readTriggerParameters.call(context)).toThrow(/^Invalid Event Signatures: /);
		const delivery = readDeliveryParameters.call(context);
		expect(delivery).toMatchObject({ chainIds: ['43113'], output: 'transfers', verifySignature: true });
		expect(delivery).not.toHaveProperty('eventSignatures');
	});

	it('with a bad address are an error naming the field and the address', () => {
		expect(() => readTriggerParameters.call(contextWith({ addresses: `${ALICE}, 0x123` }))).toThrow(/Addresses.*0x123/);
	});

	it('watch EVM address activity when saved before the Event parameter existed', () => {
		expect(readEventType(contextWith())).toBe('address_activity');
	});
});

describe('Catch Up At Most', () => {
	it('is 24 hours by default, the hours given, and off at 0', () => {
		expect(catchUpLimitMs(contextWith())).toBe(24 * 3_600_000);
		expect(catchUpLimitMs(contextWith({ options: { catchUpHours: 2 } }))).toBe(2 * 3_600_000);
		expect(catchUpLimitMs(contextWith({ options: { catchUpHours: 0 } }))).toBe(0);
	});
});
