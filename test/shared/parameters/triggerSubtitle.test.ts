import type { INodeParameters, INodeType } from 'n8n-workflow';

import { AddressActivityPollTrigger } from '../../../nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node';
import { AddressActivityTrigger } from '../../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';
import { POLL_TRIGGER_NODE_TYPE, TRIGGER_NODE_TYPE } from '../../harness/names';
import { harnessNode, singleNodeWorkflow } from '../../harness/nodeTypes';

const triggers: Array<[string, INodeType, string]> = [
	['Address Activity Trigger', new AddressActivityTrigger(), TRIGGER_NODE_TYPE],
	['Address Activity Poll Trigger', new AddressActivityPollTrigger(), POLL_TRIGGER_NODE_TYPE],
];

function address(n: number): string {
	return `0x${n.toString(16).padStart(40, '0')}`;
}

describe.each(triggers)('the %s subtitle on the canvas', (_, nodeType, type) => {
	/** The subtitle as the editor shows it: the description's expression over the node's parameters. */
	function subtitle(parameters: INodeParameters, typeVersion = 1): unknown {
		const node = harnessNode({ id: 'subtitle', type, typeVersion, parameters });
		return singleNodeWorkflow(node).expression.getSimpleParameterValue(node, nodeType.description.subtitle as string, 'internal', {});
	}

	const picked = { __rl: true, mode: 'list', value: '43114', cachedResultName: 'Avalanche (C-Chain) - 43114' };

	it('names the C-Chain picked from the list and counts the distinct addresses', () => {
		const addresses = `${address(1)}, ${address(2)}\n${address(3)} ${address(3).toUpperCase().replace('0X', '0x')}`;
		expect(subtitle({ chainId: picked, addresses })).toBe('C-Chain · 3 addresses');
	});

	it("names the C-Chain's test network entered by ID, and one address in the singular", () => {
		expect(subtitle({ chainId: { __rl: true, mode: 'id', value: '43113' }, addresses: address(7) })).toBe('C-Chain Fuji · 1 address');
	});

	it('gives another chain ID by its number', () => {
		expect(subtitle({ chainId: { __rl: true, mode: 'id', value: '99999' }, addresses: `${address(1)},${address(2)}` })).toBe('Chain 99999 · 2 addresses');
	});

	it('says when nothing is set yet', () => {
		expect(subtitle({ chainId: { __rl: true, mode: 'list', value: '' }, addresses: '' })).toBe('No chain · 0 addresses');
	});

	it('counts 20,000 addresses', () => {
		const addresses = Array.from({ length: 20_000 }, (_unused, n) => address(n + 1)).join('\n');
		expect(subtitle({ chainId: picked, addresses })).toBe('C-Chain · 20000 addresses');
	});

	it('says the addresses and the chain come from expressions rather than guessing a number', () => {
		expect(subtitle({ chainId: { __rl: true, mode: 'id', value: '={{ $json.chain }}' }, addresses: '={{ $json.wallets }}' })).toBe(
			'Chain from an expression · addresses from an expression',
		);
	});

	const chainsVersion = type === TRIGGER_NODE_TYPE ? 3 : 2;

	it('names every chain of the Chains list (later versions)', () => {
		expect(subtitle({ chainIds: ['43114', '43113', '99999'], addresses: address(1) }, chainsVersion)).toBe('C-Chain + C-Chain Fuji + Chain 99999 · 1 address');
	});

	it('says when no chain is picked in the Chains list, or they come from an expression', () => {
		expect(subtitle({ chainIds: [], addresses: '' }, chainsVersion)).toBe('No chain · 0 addresses');
		expect(subtitle({ chainIds: '={{ $json.chains }}', addresses: address(1) }, chainsVersion)).toBe('Chains from an expression · 1 address');
	});
});
