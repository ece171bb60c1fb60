import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers } from 'n8n-workflow';

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { ACTION_NODE_TYPE } from './names';

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

/** Node types by name, as n8n's node-types registry provides them to a workflow. */
export class HarnessNodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();

	constructor(types: Record<string, INodeType | IVersionedNodeType> = {}) {
		this.register('harness.items', new HarnessItems());
		this.register(ACTION_NODE_TYPE, new AddressActivity());
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

	getKnownTypes() {
		return {};
	}
}
