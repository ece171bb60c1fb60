import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialType,
	INodeType,
} from 'n8n-workflow';
import { createRunExecutionData } from 'n8n-workflow';

import { AddressActivityApi } from '../../credentials/AddressActivityApi.credentials';
import { buildAdditionalData } from './additionalData';
import { CREDENTIAL_REFERENCE, HarnessCredentialsHelper } from './credentials';
import { harnessNode, HarnessNodeTypes, singleNodeWorkflow } from './nodeTypes';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * Tests credential data the way n8n's credential tester does for a credential with a `test`
 * request: a temporary declarative node whose only property routes that request runs through
 * n8n-core's RoutingNode with the decrypted data, so the request goes through
 * httpRequestWithAuthentication and the credential's `authenticate` block. A failed request is
 * matched against the test's `rules` (responseCode) to pick the message the editor shows.
 */
export async function testCredential(
	data: ICredentialDataDecryptedObject,
	credentialType: ICredentialType = new AddressActivityApi(),
): Promise<CredentialTestResult> {
	const testRequest = credentialType.test;
	if (!testRequest) throw new Error(`${credentialType.name} has no test request`);

	const nodeType: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'harnessCredentialTest',
			group: ['transform'],
			version: 1,
			description: 'Sends the credential test request',
			defaults: { name: 'Credential Test' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: testRequest.request },
					default: '',
				},
			],
		},
	};
	const node = harnessNode({
		id: 'credential-test',
		name: 'Credential Test',
		type: 'harnessCredentialTest',
		credentials: { [credentialType.name]: CREDENTIAL_REFERENCE },
	});
	const workflow = singleNodeWorkflow(node, new HarnessNodeTypes({ harnessCredentialTest: nodeType }));
	const credentialsHelper = new HarnessCredentialsHelper({ [credentialType.name]: data }, [credentialType]);
	const additionalData = buildAdditionalData({ credentialsHelper });
	const inputData = { main: [[{ json: {} }]] };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		createRunExecutionData(),
		0,
		[],
		inputData,
		{ node, data: inputData, source: null },
		[],
	);
	const credentialsDecrypted: ICredentialsDecrypted = {
		id: CREDENTIAL_REFERENCE.id as string,
		name: CREDENTIAL_REFERENCE.name,
		type: credentialType.name,
		data,
	};

	try {
		await new RoutingNode(context, nodeType, credentialsDecrypted).runNode();
	} catch (error) {
		const status = statusOf(error);
		for (const rule of testRequest.rules ?? []) {
			if (rule.type === 'responseCode' && rule.properties.value === status) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
		return { status: 'Error', message: (error as Error).message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

function statusOf(error: unknown): number | undefined {
	const seen = new Set<unknown>();
	let current = error as { httpCode?: unknown; response?: { status?: unknown }; cause?: unknown } | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (typeof current.response?.status === 'number') return current.response.status;
		if (typeof current.httpCode === 'string' && /^\d{3}$/.test(current.httpCode)) return Number(current.httpCode);
		current = current.cause as typeof current;
	}
	return undefined;
}
