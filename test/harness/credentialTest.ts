import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunction,
	ICredentialTestFunctions,
	ICredentialType,
	INodeCredentialTestResult,
	INodeType,
} from 'n8n-workflow';

import { AddressActivityApi } from '../../credentials/AddressActivityApi.credentials';
import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { buildAdditionalData } from './additionalData';
import { CREDENTIAL_REFERENCE, HarnessCredentialsHelper } from './credentials';

export type CredentialTestResult = INodeCredentialTestResult;

/**
 * Tests credential data the way n8n's credential tester (CredentialsTester.testCredentials) does
 * for a credential without a `test` request: it finds the function a node names in its
 * credentials' `testedBy` and calls it with n8n-core's CredentialTestContext and the data.
 */
export async function testCredential(
	data: ICredentialDataDecryptedObject,
	nodeType: INodeType = new AddressActivity(),
): Promise<CredentialTestResult> {
	const credentialType: ICredentialType = new AddressActivityApi();
	if (credentialType.test) throw new Error('the credential has a test request: n8n would run that, not the nodes\' testedBy');
	const testedBy = nodeType.description.credentials?.find((entry) => entry.name === credentialType.name)?.testedBy;
	if (typeof testedBy !== 'string') throw new Error(`${nodeType.description.name} names no test function for ${credentialType.name}`);
	const test = nodeType.methods?.credentialTest?.[testedBy] as ICredentialTestFunction | undefined;
	if (!test) throw new Error(`${nodeType.description.name} has no credentialTest.${testedBy}`);
	const context = new CredentialTestContext(
		buildAdditionalData({ credentialsHelper: new HarnessCredentialsHelper({ [credentialType.name]: data }, [credentialType]) }),
	) as unknown as ICredentialTestFunctions;
	return await test.call(context, {
		id: CREDENTIAL_REFERENCE.id as string,
		name: CREDENTIAL_REFERENCE.name,
		type: credentialType.name,
		data,
	});
}
