import type { INode } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { ACTION_NODE_NAME, ACTION_NODE_TYPE } from '../harness/names';
import { HarnessNodeTypes } from '../harness/nodeTypes';

const nodeType = new AddressActivity();

/** The subtitle as the editor shows it under the node: its expression evaluated over the node's parameters. */
function subtitle(parameters: Record<string, string>): unknown {
	const node: INode = {
		id: 'subtitle',
		name: ACTION_NODE_NAME,
		type: ACTION_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: new HarnessNodeTypes() });
	return workflow.expression.getSimpleParameterValue(node, nodeType.description.subtitle as string, 'internal', {});
}

describe('the subtitle under the action node', () => {
	it.each([
		['webhook', 'getMany', 'Get Many: Webhook'],
		['webhook', 'create', 'Create: Webhook'],
		['address', 'add', 'Add: Address'],
		['sharedSecret', 'rotate', 'Rotate: Shared Secret'],
		['transaction', 'getManyForAddress', 'Get Many for Address: Transaction'],
		['utxo', 'getMany', 'Get Many: UTXO'],
	])('names resource %s, operation %s by their labels', (resource, operation, expected) => {
		expect(subtitle({ resource, operation })).toBe(expected);
	});

	it('shows a value it has no label for as it is', () => {
		expect(subtitle({ resource: 'block', operation: 'archive' })).toBe('archive: Block');
	});
});
