import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { harnessNode, singleNodeWorkflow } from '../harness/nodeTypes';

const nodeType = new AddressActivity();

/** The subtitle as the editor shows it under the node: its expression evaluated over the node's parameters. */
function subtitle(parameters: Record<string, string>): unknown {
	const node = harnessNode({ id: 'subtitle', parameters });
	const workflow = singleNodeWorkflow(node);
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
