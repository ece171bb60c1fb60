import { WorkflowExecute } from 'n8n-core';
import type {
	ExecutionError,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { buildAdditionalData } from './additionalData';
import { HarnessCredentialsHelper } from './credentials';
import type { AddressActivityCredentialData } from './credentials';
import { ACTION_NODE_NAME, ACTION_NODE_TYPE, CREDENTIAL_TYPE } from './names';
import { harnessNode, HarnessNodeTypes } from './nodeTypes';

export interface RunNodeOptions {
	/** The node's parameters as the editor stores them (expressions start with '='). */
	parameters: INodeParameters;
	credentials: AddressActivityCredentialData;
	/** Input items; one empty item by default, as after a manual trigger. */
	items?: IDataObject[];
	/** The node setting "On Error: Continue" (n8n's Continue On Fail). */
	continueOnFail?: boolean;
	nodeType?: string;
	/** The node's version (typeVersion); the harness's default otherwise. */
	typeVersion?: number;
}

export interface RunNodeResult {
	/** The node's output items (first output). */
	items: INodeExecutionData[];
	/** The error that stopped the node, when it failed. */
	error?: ExecutionError;
	run: IRun;
}

/**
 * Runs one node through n8n-core's WorkflowExecute, fed by a node that emits `items`, with
 * credentials applied by the harness's CredentialsHelper. Parameters, expressions, paired items
 * and Continue On Fail go through the same engine code as in n8n.
 */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const source: INode = {
		id: 'items',
		name: 'Items',
		type: 'harness.items',
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: JSON.stringify(options.items ?? [{}]) },
	};
	const node = harnessNode({
		type: options.nodeType ?? ACTION_NODE_TYPE,
		position: [200, 0],
		parameters: options.parameters,
		...(options.typeVersion !== undefined ? { typeVersion: options.typeVersion } : {}),
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	});
	const workflow = new Workflow({
		id: 'harness-workflow',
		name: 'Harness workflow',
		nodes: [source, node],
		connections: { Items: { main: [[{ node: ACTION_NODE_NAME, type: 'main', index: 0 }]] } },
		active: false,
		nodeTypes: new HarnessNodeTypes(),
	});
	const credentialsHelper = new HarnessCredentialsHelper({ [CREDENTIAL_TYPE]: options.credentials });
	const additionalData = buildAdditionalData({ credentialsHelper });
	const run = await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode: source });

	const taskData = run.data.resultData.runData[ACTION_NODE_NAME]?.[0];
	return {
		items: taskData?.data?.main?.[0] ?? [],
		error: taskData?.error ?? run.data.resultData.error,
		run,
	};
}
