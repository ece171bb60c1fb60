// The two workflows the n8n readers run: the action node's Return All, and n8n's own way to read
// the same pages without this package (the HTTP Request node's pagination, then Split Out).
import { AddressActivity } from '../../../nodes/AddressActivity/AddressActivity.node';
import packageJson from '../../../package.json';
import type { WorkflowInput } from '../../support/n8nClient';
import { byId } from '../../harness/fixtures';
import { CHAIN_ID, PAGE_SIZE, PATH } from './round';

export const NODE_PARAMETERS = { resource: 'transaction', operation: 'getMany', chainId: byId(CHAIN_ID), returnAll: true };

/** The newest HTTP Request node version n8n 2.41.1 installs (its defaultVersion). */
export const HTTP_REQUEST_VERSION = 4.5;
export const HTTP_REQUEST_NAME = 'HTTP Request';
export const SPLIT_OUT_NAME = 'Split Out';
const TRIGGER = { name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };

type CredentialReference = { id: string; name: string };

export function actionNodeName(): string {
	const node = new AddressActivity().description;
	return node.defaults.name ?? node.displayName;
}

export function nodeWorkflow(credentialType: string, credential: CredentialReference): WorkflowInput {
	const node = new AddressActivity().description;
	const name = actionNodeName();
	return {
		name: 'Return All benchmark: the node',
		nodes: [
			TRIGGER,
			{
				name,
				type: `${packageJson.name}.${node.name}`,
				typeVersion: 1,
				position: [200, 0],
				parameters: NODE_PARAMETERS,
				credentials: { [credentialType]: credential },
			},
		],
		connections: { [TRIGGER.name]: { main: [[{ node: name, type: 'main', index: 0 }]] } },
	};
}

/**
 * HTTP Request with a Header Auth credential (x-service-api-key), `pageSize` 100 and pagination
 * updating `pageToken` from the last answer until it has no next token: one item per page, which
 * Split Out turns into one item per transaction, as the node puts them out.
 */
export function httpRequestWorkflow(baseUrl: string, headerAuth: CredentialReference): WorkflowInput {
	return {
		name: 'Return All benchmark: HTTP Request',
		nodes: [
			TRIGGER,
			{
				name: HTTP_REQUEST_NAME,
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: HTTP_REQUEST_VERSION,
				position: [200, 0],
				parameters: {
					url: `${baseUrl}${PATH}`,
					authentication: 'genericCredentialType',
					genericAuthType: 'httpHeaderAuth',
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'pageSize', value: String(PAGE_SIZE) }] },
					options: {
						pagination: {
							pagination: {
								paginationMode: 'updateAParameterInEachRequest',
								parameters: { parameters: [{ type: 'qs', name: 'pageToken', value: '={{ $response.body.nextPageToken }}' }] },
								paginationCompleteWhen: 'other',
								completeExpression: '={{ !$response.body.nextPageToken }}',
							},
						},
					},
				},
				credentials: { httpHeaderAuth: headerAuth },
			},
			{
				name: SPLIT_OUT_NAME,
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [400, 0],
				parameters: { fieldToSplitOut: 'transactions', include: 'noOtherFields' },
			},
		],
		connections: {
			[TRIGGER.name]: { main: [[{ node: HTTP_REQUEST_NAME, type: 'main', index: 0 }]] },
			[HTTP_REQUEST_NAME]: { main: [[{ node: SPLIT_OUT_NAME, type: 'main', index: 0 }]] },
		},
	};
}
