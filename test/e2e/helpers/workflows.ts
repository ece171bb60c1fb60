// Workflows the e2e tests import into n8n, built the way the editor saves them.
import { randomUUID } from 'crypto';

import type { WorkflowInput, WorkflowNode } from '../../support/n8nClient';
import { ACTION_NODE_TYPE, CREDENTIAL_TYPE, TRIGGER_NODE_NAME, TRIGGER_NODE_TYPE } from '../../harness/names';

export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A chain of nodes, each run once, fed by a manual trigger named "Start". */
export function linearWorkflow(name: string, steps: Array<Omit<WorkflowNode, 'position' | 'typeVersion' | 'type'> & { type?: string }>, credential: { id: string; name: string }): WorkflowInput {
	const nodes: WorkflowNode[] = [
		{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
	];
	const connections: Record<string, unknown> = {};
	let previous = 'Start';
	steps.forEach((step, index) => {
		nodes.push({
			id: randomUUID(),
			type: ACTION_NODE_TYPE,
			typeVersion: 1,
			position: [220 * (index + 1), 0],
			credentials: { [CREDENTIAL_TYPE]: credential },
			// One run per node whatever the previous node put out (lists put out many items).
			...({ executeOnce: true } as object),
			...step,
		} as WorkflowNode);
		connections[previous] = { main: [[{ node: step.name, type: 'main', index: 0 }]] };
		previous = step.name;
	});
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

export interface TriggerWorkflowOptions {
	name: string;
	chainId: string;
	/** Chains (typeVersion 3 on, where it replaces the single Chain): `[chainId]` unless given. */
	chainIds?: string[];
	addresses: string[];
	credential: { id: string; name: string };
	output?: 'transfers' | 'raw' | 'decodedEvents';
	/** Further parameters of the trigger (e.g. Event Definitions). */
	parameters?: Record<string, unknown>;
	options?: Record<string, unknown>;
	/** The node's typeVersion (default 1, as saved by earlier versions; the editor now creates 2). */
	typeVersion?: number;
}

/** The trigger followed by a No Operation node, as a user would start. */
export function triggerWorkflow(options: TriggerWorkflowOptions): WorkflowInput {
	return {
		name: options.name,
		nodes: [
			{
				id: randomUUID(),
				name: TRIGGER_NODE_NAME,
				type: TRIGGER_NODE_TYPE,
				typeVersion: options.typeVersion ?? 1,
				position: [0, 0],
				webhookId: randomUUID(),
				credentials: { [CREDENTIAL_TYPE]: options.credential },
				parameters: {
					...((options.typeVersion ?? 1) >= 3 ? { chainIds: options.chainIds ?? [options.chainId] } : { chainId: byId(options.chainId) }),
					addresses: options.addresses.join('\n'),
					output: options.output ?? 'transfers',
					...options.parameters,
					options: options.options ?? {},
				},
			},
			{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
		],
		connections: { [TRIGGER_NODE_NAME]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** `count` distinct, valid, deterministic addresses (`prefix`: a few hex digits). */
export function addresses(count: number, prefix = 'a'): string[] {
	return Array.from({ length: count }, (_, index) => `0x${prefix}${index.toString(16).padStart(40 - prefix.length, '0')}`);
}
