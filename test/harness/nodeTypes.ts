import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, Workflow } from 'n8n-workflow';

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { AddressActivityPollTrigger } from '../../nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node';
import { AddressActivityTrigger } from '../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';
import { CREDENTIAL_REFERENCE } from './credentials';
import { ACTION_NODE_NAME, ACTION_NODE_TYPE, CREDENTIAL_TYPE, POLL_TRIGGER_NODE_TYPE, TRIGGER_NODE_TYPE } from './names';

// n8n's node loader adds these parameters to every node with `polling: true` (not exported from
// n8n-core's entry point).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { commonPollingParameters } = require('n8n-core/dist/nodes-loader/constants') as {
	commonPollingParameters: INodeType['description']['properties'];
};

/** The poll trigger as n8n loads it: with the Poll Times parameter in front. */
function loadedPollTrigger(): INodeType {
	const trigger = new AddressActivityPollTrigger();
	// A new array: the description's own is the module's, shared by every instance.
	trigger.description.properties = [...commonPollingParameters, ...trigger.description.properties];
	return trigger;
}

/**
 * The first node of every harness workflow: emits the items given as JSON in its parameter, so
 * the node under test receives real input items (and expressions can read them with $json).
 */
// A test fixture, never offered to an AI agent.
// eslint-disable-next-line @n8n/community-nodes/node-usable-as-tool
export class HarnessItems implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Harness Items',
		name: 'harnessItems',
		group: ['input'],
		version: 1,
		description: 'Emits the given items',
		defaults: { name: 'Items' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string;
		const items = JSON.parse(raw) as object[];
		return [items.map((json, index) => ({ json: json as INodeExecutionData['json'], pairedItem: { item: index } }))];
	}
}

/**
 * Node types by name, as n8n's node-types registry provides them to a workflow: the package's
 * three nodes (each as n8n loads it), the harness's item source and any `types` given.
 */
export class HarnessNodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();

	constructor(types: Record<string, INodeType | IVersionedNodeType> = {}) {
		this.register('harness.items', new HarnessItems());
		this.register(ACTION_NODE_TYPE, new AddressActivity());
		this.register(TRIGGER_NODE_TYPE, new AddressActivityTrigger());
		this.register(POLL_TRIGGER_NODE_TYPE, loadedPollTrigger());
		for (const [name, type] of Object.entries(types)) this.register(name, type);
	}

	register(name: string, type: INodeType | IVersionedNodeType): void {
		this.types.set(name, type);
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types.get(nodeType);
		if (!type) throw new Error(`Unknown node type ${nodeType}`);
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return Object.fromEntries([...this.types].map(([name, type]) => [name, { className: type.constructor.name, sourcePath: '' }]));
	}
}

/** A node of a harness workflow: the action node with the harness's credential, unless `node` says otherwise. */
export function harnessNode(node: Partial<INode> = {}): INode {
	return {
		id: 'node-under-test',
		name: ACTION_NODE_NAME,
		type: ACTION_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [CREDENTIAL_TYPE]: CREDENTIAL_REFERENCE },
		...node,
	};
}

/** An inactive workflow of one node, as the editor holds one while it is edited. */
export function singleNodeWorkflow(node: INode, nodeTypes: INodeTypes = new HarnessNodeTypes()): Workflow {
	return new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
}
