import { LoadOptionsContext } from 'n8n-core';
import type { INode, INodeListSearchResult, INodeParameters } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { buildAdditionalData } from './additionalData';
import { CREDENTIAL_REFERENCE, HarnessCredentialsHelper } from './credentials';
import type { AddressActivityCredentialData } from './credentials';
import { ACTION_NODE_NAME, ACTION_NODE_TYPE, CREDENTIAL_TYPE } from './names';
import { HarnessNodeTypes } from './nodeTypes';

/**
 * Calls one of the action node's resource-locator searches as the editor does, through
 * n8n-core's LoadOptionsContext with the node's current parameters and credentials.
 */
export async function runListSearch(options: {
	method: 'searchWebhooks' | 'searchChains' | 'searchWebhookChains';
	credentials: AddressActivityCredentialData;
	parameters?: INodeParameters;
	filter?: string;
	paginationToken?: string;
}): Promise<INodeListSearchResult> {
	const node: INode = {
		id: 'node-under-test',
		name: ACTION_NODE_NAME,
		type: ACTION_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters ?? {},
		credentials: { [CREDENTIAL_TYPE]: CREDENTIAL_REFERENCE },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: new HarnessNodeTypes() });
	const credentialsHelper = new HarnessCredentialsHelper({ [CREDENTIAL_TYPE]: options.credentials });
	const context = new LoadOptionsContext(workflow, node, buildAdditionalData({ credentialsHelper }), '');
	const search = new AddressActivity().methods.listSearch[options.method];
	return await search.call(context, options.filter, options.paginationToken);
}
