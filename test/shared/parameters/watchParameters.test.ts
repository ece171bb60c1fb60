// The parameters both triggers share, read through n8n-core's PollContext with real node parameters.
import { NodeOperationError } from 'n8n-workflow';
import type { INodeParameters } from 'n8n-workflow';

import { AddressSet } from '../../../nodes/shared/model/addresses';
import { parsedTriggerParameter, readWatchParameters } from '../../../nodes/shared/parameters/watchParameters';
import { pollContext } from '../../harness/contexts';

const A = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const B = '0x9a8E2C3f4D5b6A7c8D9e0F1a2B3c4D5e6F7a8B9c';
const USDC = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
/** The poll trigger's first version with Chains (a list). */
const CHAINS_FROM = 2;

function read(parameters: INodeParameters, typeVersion = CHAINS_FROM) {
	return readWatchParameters(pollContext({ parameters, typeVersion }), CHAINS_FROM);
}

function failure(parameters: INodeParameters, typeVersion = CHAINS_FROM): NodeOperationError {
	try {
		read(parameters, typeVersion);
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('the parameters were accepted');
}

describe('readWatchParameters', () => {
	it('reads Chains, Addresses, Output and the Transfers filters', () => {
		const watch = read({
			chainIds: ['43114', '43113'],
			addresses: `${A}, ${B}`,
			output: 'transfers',
			filters: { directions: ['in'], assetTypes: ['erc20'], minimumAmount: 1.5, contracts: USDC },
		});
		expect(watch.chainIds).toEqual(['43114', '43113']);
		expect(watch.addresses.list).toEqual([A, B]);
		expect(watch.output).toBe('transfers');
		expect(watch.filters).toMatchObject({ directions: ['in'], assetTypes: ['erc20'], minimumAmount: { digits: BigInt(15), scale: 1 } });
		expect(watch.filters.tokenContracts?.list).toEqual([USDC]);
	});

	it('gives Transfers with no filters when none are set, and no filters for another output', () => {
		expect(read({ chainIds: ['43114'], addresses: A }).filters).toMatchObject({ directions: [], assetTypes: [] });
		expect(read({ chainIds: ['43114'], addresses: A, output: 'raw', filters: { minimumAmount: 'nonsense' } }).filters).toEqual({});
	});

	it('reads the single Chain of a version before Chains, from its resource locator', () => {
		expect(read({ chainId: { __rl: true, mode: 'list', value: '43113' }, addresses: A }, 1).chainIds).toEqual(['43113']);
	});

	it('evaluates expressions in the parameters, as n8n does', () => {
		expect(read({ chainIds: '={{ ["43114", 43113] }}', addresses: `={{ ["${A}", "${B}"] }}` }).addresses.size).toBe(2);
	});

	it('parses Addresses with the function given (the webhook trigger\'s remembers long lists)', () => {
		const given = AddressSet.parse(B);
		expect(readWatchParameters(pollContext({ parameters: { chainIds: ['43114'], addresses: A }, typeVersion: 2 }), CHAINS_FROM, () => given).addresses).toBe(given);
	});

	it.each([
		['no chain', { chainIds: [], addresses: A }, 2, 'Invalid Chains: no chain is selected (pick at least one)', 'Correct the "Chains" parameter of the trigger; nothing was sent to the service.'],
		['a chain that is no ID', { chainId: { __rl: true, mode: 'id', value: 'C-Chain' }, addresses: A }, 1, 'Invalid Chain: "C-Chain" is not a chain ID (expected a decimal number such as 43114)', 'Correct the "Chain" parameter of the trigger; nothing was sent to the service.'],
		['a bad address', { chainIds: ['43114'], addresses: `${A} 0x12` }, 2, 'Invalid Addresses: 1 of 2 is not a valid address (expected 0x followed by 40 hexadecimal characters): #2 "0x12"', 'Correct the "Addresses" parameter of the trigger; nothing was sent to the service.'],
		['no address', { chainIds: ['43114'], addresses: ' ' }, 2, 'No addresses to monitor', 'Enter at least one address (0x followed by 40 hexadecimal characters) in "Addresses".'],
		['a minimum that is no amount', { chainIds: ['43114'], addresses: A, filters: { minimumAmount: '-1' } }, 2, 'Invalid Minimum Amount: "-1" is not a non-negative decimal number', 'Correct the "Minimum Amount" parameter of the trigger; nothing was sent to the service.'],
		['a bad token contract', { chainIds: ['43114'], addresses: A, filters: { contracts: 'usdc' } }, 2, 'Invalid Token Contracts: "usdc" is not a valid address (expected 0x followed by 40 hexadecimal characters)', 'Correct the "Token Contracts" parameter of the trigger; nothing was sent to the service.'],
	])('refuses %s, naming the field, with what to do', (_what, parameters, typeVersion, message, description) => {
		const error = failure(parameters as INodeParameters, typeVersion);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
		expect(error.description).toBe(description);
	});

	it('refuses a minimum with more digits than a number keeps exactly', () => {
		expect(failure({ chainIds: ['43114'], addresses: A, filters: { minimumAmount: 0.1 + 0.2 } }).message).toMatch(/^Invalid Minimum Amount: "0\.30000000000000004" has more than 15 significant digits/);
	});
});

describe('parsedTriggerParameter', () => {
	it('gives the parsed value, or a node error naming the field', () => {
		const context = pollContext({ parameters: {} });
		expect(parsedTriggerParameter(context, 'Chains', () => 5)).toBe(5);
		expect(() =>
			parsedTriggerParameter(context, 'Chains', () => {
				throw new Error('bad');
			}),
		).toThrow('Invalid Chains: bad');
	});
});
