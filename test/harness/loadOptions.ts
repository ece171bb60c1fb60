import { LoadOptionsContext } from 'n8n-core';
import type { INodeListSearchResult, INodeParameters } from 'n8n-workflow';

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { buildAdditionalData } from './additionalData';
import { HarnessCredentialsHelper } from './credentials';
import type { AddressActivityCredentialData } from './credentials';
import { CREDENTIAL_TYPE } from './names';
import { harnessNode, singleNodeWorkflow } from './nodeTypes';

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
	const node = harnessNode({ parameters: options.parameters ?? {} });
	const workflow = singleNodeWorkflow(node);
	const credentialsHelper = new HarnessCredentialsHelper({ [CREDENTIAL_TYPE]: options.credentials });
	const context = new LoadOptionsContext(workflow, node, buildAdditionalData({ credentialsHelper }), '');
	const search = new AddressActivity().methods.listSearch[options.method];
	return await search.call(context, options.filter, options.paginationToken);
}
