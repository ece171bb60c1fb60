// The Decoded Events output's parameters as the trigger reads them through n8n-core's HookContext:
// the events defined decide which events the webhook asks the service for (their topic0s), none
// when unmatched logs are kept or an anonymous event is defined; a bad or missing definition is an
// error naming the field, the line and what is wrong, before anything is sent.
import { id } from 'ethers';
import type { INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { forgetEventDefinitions } from '../../../nodes/AddressActivityTrigger/memory/parsedEventDefinitions';
import { definitionSignatures, readEventDecoding } from '../../../nodes/AddressActivityTrigger/parameters/eventDefinitions';
import { triggerHookContext } from '../../harness/contexts';
import { TRIGGER_NODE_NAME } from '../../harness/names';

const SWAP = 'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)';
const SYNC = 'event Sync(uint112 reserve0, uint112 reserve1)';
const SWAP_TOPIC = id('Swap(address,uint256,uint256,uint256,uint256,address)');
const SYNC_TOPIC = id('Sync(uint112,uint112)');

const decodingOf = (parameters: INodeParameters) => readEventDecoding(triggerHookContext({ parameters: { output: 'decodedEvents', ...parameters } }).context);

function errorOf(parameters: INodeParameters): unknown {
	try {
		decodingOf(parameters);
	} catch (error) {
		return error;
	}
	return undefined;
}

afterEach(() => forgetEventDefinitions());

describe('the event definitions', () => {
	it('ask the service for the defined events by their topic0, and leave unmatched logs out unless told to keep them', () => {
		const decoding = decodingOf({ eventDefinitions: `${SWAP}\n${SYNC}` });
		expect(decoding.unmatched).toBe('leaveOut');
		expect(decoding.decoder.definitions.map((definition) => definition.name)).toEqual(['Swap', 'Sync']);
		expect([...definitionSignatures(decoding)].sort()).toEqual([SWAP_TOPIC, SYNC_TOPIC].sort());
	});

	it('ask for every event when unmatched logs are kept (they would not be sent otherwise)', () => {
		const decoding = decodingOf({ eventDefinitions: SWAP, unmatchedLogs: 'keepRaw' });
		expect(decoding.unmatched).toBe('keepRaw');
		expect(definitionSignatures(decoding)).toEqual([]);
	});

	it('ask for every event when an anonymous event is defined (it has no topic0 to filter by)', () => {
		expect(definitionSignatures(decodingOf({ eventDefinitions: `${SWAP}\nevent Ping(address indexed from, uint64 nonce) anonymous` }))).toEqual([]);
	});

	it('with a bad definition are an error naming the field, the line and what is wrong', () => {
		const error = errorOf({ eventDefinitions: `${SWAP}\nevent Sync(uint112 reserve0, uint113 reserve1)` });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error).toMatchObject({
			message:
				'Invalid Event Definitions: line 2 of the event definitions ("event Sync(uint112 reserve0, uint113 reserve1)"): "uint113" is not a type: uintN takes a size in bits from 8 to 256, a multiple of 8',
			description: 'Correct the "Event Definitions" parameter of the trigger; nothing was sent to the service.',
			node: { name: TRIGGER_NODE_NAME },
		});
	});

	it('left empty are an error saying what to give', () => {
		expect(errorOf({ eventDefinitions: '  ' })).toMatchObject({
			message: 'Invalid Event Definitions: give at least one event definition, e.g. Transfer(address indexed from, address indexed to, uint256 value)',
		});
		expect(errorOf({})).toMatchObject({ message: expect.stringContaining('Invalid Event Definitions: give at least one event definition') });
	});
});
