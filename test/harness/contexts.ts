/**
 * n8n-core's real contexts for the unit tests of one module that needs a context (a service call,
 * a parameter read): a LoadOptionsContext of the action node with credentials (what the editor's
 * searches run in; its helpers send requests as every context's do), and a PollContext of the poll
 * trigger with real node parameters (expressions resolved, resource locators extracted by n8n).
 */
import { LoadOptionsContext, PollContext } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { buildAdditionalData } from './additionalData';
import { HarnessCredentialsHelper, type AddressActivityCredentialData } from './credentials';
import { CREDENTIAL_TYPE, POLL_TRIGGER_NODE_NAME, POLL_TRIGGER_NODE_TYPE } from './names';
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
