/**
 * n8n-core's real contexts for the unit tests of one module that needs a context (a service call,
 * a parameter read): a LoadOptionsContext of the action node with credentials (what the editor's
 * searches run in; its helpers send requests as every context's do), and a PollContext of the poll
 * trigger with real node parameters (expressions resolved, resource locators extracted by n8n).
 */
import { HookContext, LoadOptionsContext, PollContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { buildAdditionalData } from './additionalData';
import { HarnessCredentialsHelper, type AddressActivityCredentialData } from './credentials';
import { CREDENTIAL_TYPE, POLL_TRIGGER_NODE_NAME, POLL_TRIGGER_NODE_TYPE, TRIGGER_NODE_NAME, TRIGGER_NODE_TYPE } from './names';
import { harnessNode, HarnessNodeTypes, singleNodeWorkflow } from './nodeTypes';

/** The credential data of a service nobody listens to, for contexts whose test sends nothing. */
const NO_SERVICE: AddressActivityCredentialData = { apiKey: 'unused', baseUrl: 'http://127.0.0.1:9' };

/** The action node's LoadOptionsContext with `credentials` and the node's current `parameters`. */
export function loadOptionsContext(credentials: AddressActivityCredentialData, parameters: INodeParameters = {}): LoadOptionsContext {
	const node = harnessNode({ parameters });
	const credentialsHelper = new HarnessCredentialsHelper({ [CREDENTIAL_TYPE]: credentials });
	return new LoadOptionsContext(singleNodeWorkflow(node), node, buildAdditionalData({ credentialsHelper }), '');
}

/** The poll trigger's PollContext (as a poll runs), with `parameters` at `typeVersion`. */
export function pollContext(options: { parameters: INodeParameters; typeVersion?: number; credentials?: AddressActivityCredentialData }): PollContext {
	const node = harnessNode({ name: POLL_TRIGGER_NODE_NAME, type: POLL_TRIGGER_NODE_TYPE, typeVersion: options.typeVersion ?? 1, parameters: options.parameters });
	const workflow = new Workflow({ id: 'wf-context', nodes: [node], connections: {}, active: true, nodeTypes: new HarnessNodeTypes() });
	const credentialsHelper = new HarnessCredentialsHelper({ [CREDENTIAL_TYPE]: options.credentials ?? NO_SERVICE });
	return new PollContext(workflow, node, buildAdditionalData({ credentialsHelper }), 'trigger', 'activate');
}

/** The options of the webhook trigger's contexts: its parameters and static data, at a publication or while listening for a test event. */
interface TriggerContextOptions {
	parameters?: INodeParameters;
	staticData?: IDataObject;
	test?: boolean;
	typeVersion?: number;
	credentials?: AddressActivityCredentialData;
	workflowName?: string;
}

/** The trigger's node, workflow and webhook as n8n builds them for a lifecycle call or a request. */
function triggerSetUp(options: TriggerContextOptions) {
	const nodeTypes = new HarnessNodeTypes();
	const description = nodeTypes.getByNameAndVersion(TRIGGER_NODE_TYPE).description.webhooks?.[0];
	if (!description) throw new Error('the trigger declares no webhook');
	const node = harnessNode({ name: TRIGGER_NODE_NAME, type: TRIGGER_NODE_TYPE, typeVersion: options.typeVersion ?? 3, webhookId: 'c0ffee00-0000-4000-8000-000000000002', parameters: options.parameters ?? {} });
	const workflow = new Workflow({ id: 'wf-context', name: options.workflowName, nodes: [node], connections: {}, active: options.test !== true, nodeTypes, staticData: options.staticData ?? {} });
	const credentialsHelper = new HarnessCredentialsHelper({ [CREDENTIAL_TYPE]: options.credentials ?? NO_SERVICE });
	const additionalData = buildAdditionalData({ credentialsHelper });
	const test = options.test === true;
	const webhookData = { httpMethod: 'POST' as const, node: node.name, path: `${node.webhookId}/webhook`, webhookDescription: description, workflowId: 'wf-context', workflowExecuteAdditionalData: additionalData, webhookId: node.webhookId, isTest: test };
	return { node, workflow, additionalData, webhookData, test };
}

/**
 * The webhook trigger's HookContext, as n8n runs its checkExists, create and delete: at a
 * publication (`test` false) on a workflow with `staticData`, or while listening for a test event.
 */
export function triggerHookContext(options: TriggerContextOptions): { context: HookContext; workflow: Workflow } {
	const { node, workflow, additionalData, webhookData, test } = triggerSetUp(options);
	return { context: new HookContext(workflow, node, additionalData, test ? 'manual' : 'trigger', test ? 'manual' : 'activate', webhookData), workflow };
}

/**
 * The webhook trigger's WebhookContext, as n8n hands it a request to its URL (no request here: for
 * the modules that read the parameters and mode of one, not its body).
 */
export function triggerWebhookContext(options: TriggerContextOptions): WebhookContext {
	const { node, workflow, additionalData, webhookData, test } = triggerSetUp(options);
	return new WebhookContext(workflow, node, additionalData, test ? 'manual' : 'webhook', webhookData, [], null);
}
