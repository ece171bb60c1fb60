import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { CONNECTION_REASONS, type RequestSubject, connectionErrorCode, connectionHint, errorBodyOf, foreignAnswerError, isServiceErrorBody, NOT_SENT_CODES, serviceApiError, TLS_CODES, type FullResponse } from './serviceErrors';

import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IPollFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';

export const CREDENTIAL_TYPE = 'addressActivityApi';

export type ServiceContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions | IPollFunctions;

export interface RetryPolicy {
	/** How often a 429 answer is waited out and the request sent again (default 5). */
	maxRateLimitRetries?: number;
	/** The longest single wait for a 429, in seconds; a longer retry-after fails at once (default 60). */
	maxRateLimitWaitSeconds?: number;
	/** How often a 5xx answer or a connection failure is retried (default 4). */
	maxServerErrorRetries?: number;
	/** First back-off after a 5xx or connection failure, doubled each time (default 500 ms). */
	initialBackoffMs?: number;
	/** Upper bound of one back-off (default 8000 ms). */
	maxBackoffMs?: number;
}

export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** Route path including the version, e.g. '/v1/webhooks'. */
	path: string;
	/** What the route is about, for its errors (chain routes: chainRoutes.ts). */
	subject?: RequestSubject;
	qs?: IDataObject;
	body?: IDataObject;
	/** The input item the request is made for; errors carry it so Continue On Fail can pair them. */
	itemIndex?: number;
	retry?: RetryPolicy;
	/** Time allowed for one attempt (default 60 s); a delivery's answer cannot wait that long. */
	timeoutMs?: number;
	/** When the call must have ended (ms since epoch): no attempt, wait or retry runs past it. */
	deadline?: number;
	/** The credential as read for an earlier request of the same series (read now when absent). */
	credential?: ServiceCredential;
}

/**
 * How one call is made: for which item, with which retries, within which time. Every function that
 * calls the service takes one and hands it on to serviceRequest, which honours its deadline.
 */
export type ServiceCall = Pick<ServiceRequest, 'itemIndex' | 'retry' | 'timeoutMs' | 'deadline'>;

/**
 * The call's deadline came before the service answered: an attempt got no answer in the time left
 * and none fits after it. A reader with progress to keep (a poll, a chain scan) stops there and
 * goes on next time; for everyone else it is the NodeApiError it extends.
 */
export class OutOfTimeError extends NodeApiError {}

/** The call's answer, or undefined when its deadline came first (OutOfTimeError); other errors pass. */
export async function answeredInTime<T>(call: Promise<T>): Promise<T | undefined> {
	return await call.catch(async (error: unknown) => (error instanceof OutOfTimeError ? undefined : await Promise.reject(error)));
}

/** While a delivery waits for its answer (the service allows 10 s): one attempt, no waiting out limits. */
export const ONE_ATTEMPT: RetryPolicy = { maxRateLimitRetries: 0, maxServerErrorRetries: 0 };

const DEFAULT_RETRY: Required<RetryPolicy> = {
	maxRateLimitRetries: 5,
	maxRateLimitWaitSeconds: 60,
	maxServerErrorRetries: 4,
	initialBackoffMs: 500,
	maxBackoffMs: 8000,
};

const REQUEST_TIMEOUT_MS = 60000;
/** The shortest attempt worth starting before a deadline, for every caller. */
export const MIN_ATTEMPT_MS = 250;

/** The time left before `deadline` (ms since epoch) for an attempt, or undefined when too little is left. */
export function timeLeft(deadline: number): number | undefined {
	const left = deadline - Date.now();
	return left >= MIN_ATTEMPT_MS ? left : undefined;
}

function headerSeconds(headers: Record<string, unknown>, name: string): number | undefined {
	const value = Number(headers[name]);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The credential, read once for a series of requests (the pages of a list): n8n decrypts it at every
 * getCredentials and request unless handed the data (`npm run bench:returnall -- --n8n`: 5.1 ms a
 * page, 9 to 12 ms before).
 */
interface ServiceCredential {
	baseUrl: string;
	decrypted: ICredentialsDecrypted;
}

/**
 * The credential's Base URL without a trailing slash or `/v1` (users copy it from the API reference,
 * which shows it with the version), or undefined when it is not an http(s) address.
 */
export function normaliseBaseUrl(value: unknown): string | undefined {
	const baseUrl = String(value ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/v1$/i, '')
		.replace(/\/+$/, '');
	return /^https?:\/\/[^/]/i.test(baseUrl) ? baseUrl : undefined;
}

/** Said when the Base URL is not an http(s) address (the credential test says the same). */
export const BASE_URL_FORMAT =
	'Enter the API address shown in the service\'s dashboard beside the API key (an address starting with https://).';

export async function readServiceCredential(context: ServiceContext, itemIndex?: number): Promise<ServiceCredential> {
	const getCredentials = context.getCredentials as (type: string, itemIndex?: number) => Promise<ICredentialDataDecryptedObject>;
	const data = await getCredentials.call(context, CREDENTIAL_TYPE, itemIndex);
	const baseUrl = normaliseBaseUrl(data.baseUrl);
	if (baseUrl === undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`The Base URL in the Address Activity API credential is not an http(s) address: "${String(data.baseUrl ?? '').trim()}"`,
			{ itemIndex, description: BASE_URL_FORMAT },
		);
	}
	return { baseUrl, decrypted: { id: '', name: '', type: CREDENTIAL_TYPE, data } };
}

/** Waits, then stops if the user cancelled the execution meanwhile (a 429 wait can be long). */
async function pause(context: ServiceContext, ms: number, itemIndex?: number): Promise<void> {
	await sleep(ms);
	const signal = 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
	if (signal?.aborted) {
		throw new NodeOperationError(context.getNode(), 'The execution was cancelled while waiting to retry', {
			itemIndex,
		});
	}
}

/** Where the attempts of one request stand: retries used, and whether the step's deadline cut them short. */
interface Attempts {
	policy: Required<RetryPolicy>;
	deadline: number | undefined;
	rateLimitRetries: number;
	serverErrorRetries: number;
	timeRanOut: boolean;
}

/** Whether a wait of `ms` before the next attempt still leaves time for it (noted when not). */
function inTime(attempts: Attempts, ms: number): boolean {
	attempts.timeRanOut = attempts.deadline !== undefined && Date.now() + ms + MIN_ATTEMPT_MS > attempts.deadline;
	return !attempts.timeRanOut;
}

function outOfTime(attempts: Attempts): string {
	return attempts.timeRanOut ? '; no time left to retry before n8n gives up on this step' : '';
}

/** After a request that got no answer: how long to wait before sending it again, or the error. */
function afterConnectionFailure(context: ServiceContext, request: ServiceRequest, baseURL: string, failure: unknown, attempts: Attempts, backoffMs: number): number {
	// n8n's own errors before sending (e.g. no credential selected) are not connection problems.
	if (failure instanceof NodeOperationError) throw failure;
	const code = connectionErrorCode(failure);
	const resendable = code !== undefined && !TLS_CODES.includes(code) && (request.method !== 'POST' || NOT_SENT_CODES.includes(code));
	if (resendable && attempts.serverErrorRetries < attempts.policy.maxServerErrorRetries && inTime(attempts, backoffMs)) {
		attempts.serverErrorRetries++;
		return backoffMs;
	}
	const reason = code ? CONNECTION_REASONS[code] : failure instanceof Error ? failure.message : 'unknown error';
	const tries = attempts.serverErrorRetries ? ` after ${attempts.serverErrorRetries + 1} attempts` : '';
	throw new (attempts.timeRanOut ? OutOfTimeError : NodeApiError)(context.getNode(), { message: [reason], error: 'Connection failed' } as unknown as JsonObject, {
		message: `Could not reach the service at ${baseURL} (${reason})${tries}${outOfTime(attempts)}`,
		description: connectionHint(code),
		itemIndex: request.itemIndex,
	});
}

/** After an error status: how long to wait before sending the request again, or the error. */
function afterErrorStatus(context: ServiceContext, request: ServiceRequest, baseURL: string, response: FullResponse, attempts: Attempts, backoffMs: number): number {
	const { policy } = attempts;
	const status = response.statusCode;
	const foreign = !isServiceErrorBody(response.body);
	const notTheService = () => foreignAnswerError(context, { method: request.method, url: baseURL + request.path, response, itemIndex: request.itemIndex });
	if (status === 429 && attempts.rateLimitRetries < policy.maxRateLimitRetries) {
		const waitSeconds = headerSeconds(response.headers, 'retry-after') ?? headerSeconds(response.headers, 'ratelimit-reset');
		// Without a header, fall back to back-off; a 0 s header still yields a short pause.
		const waitMs = waitSeconds === undefined ? backoffMs : Math.max(waitSeconds * 1000, 100);
		if ((waitSeconds === undefined || waitSeconds <= policy.maxRateLimitWaitSeconds) && inTime(attempts, waitMs)) {
			attempts.rateLimitRetries++;
			return waitMs;
		}
		if (foreign) throw notTheService();
		throw serviceApiError(context, {
			status,
			body: errorBodyOf(response),
			message:
				waitSeconds !== undefined && waitSeconds > policy.maxRateLimitWaitSeconds
					? `The service's rate limit was reached and asks to wait ${waitSeconds} s, longer than the node's Max Rate-Limit Wait of ${policy.maxRateLimitWaitSeconds} s`
					: `The service's rate limit was reached${outOfTime(attempts)}`,
			itemIndex: request.itemIndex,
		});
	}
	// A POST that failed with a 5xx may still have been carried out (a 502 or 504 after the
	// service created the webhook): sending it again could create a second one.
	if (status >= 500 && request.method !== 'POST' && attempts.serverErrorRetries < policy.maxServerErrorRetries && inTime(attempts, backoffMs)) {
		attempts.serverErrorRetries++;
		return backoffMs;
	}
	if (foreign) throw notTheService();
	const body = errorBodyOf(response);
	const said = body.message.length ? `: ${body.message.join('; ')}` : '';
	let message: string | undefined;
	if (status === 429) {
		message = `The service's rate limit was reached and ${attempts.rateLimitRetries} retries did not get through${said}`;
	} else if (status >= 500 && (attempts.serverErrorRetries > 0 || outOfTime(attempts))) {
		const tries = `${attempts.serverErrorRetries + 1} attempt${attempts.serverErrorRetries ? 's' : ''}`;
		message = `The service failed with ${status}${body.error ? ` ${body.error}` : ''} on ${tries}${said}${outOfTime(attempts)}`;
	}
	throw serviceApiError(context, { status, body, message, itemIndex: request.itemIndex, subject: request.subject });
}

/** A successful answer's body: every route of the service answers a JSON object. */
function answerBody<T>(context: ServiceContext, request: ServiceRequest, baseURL: string, response: FullResponse): T {
	const { body } = response;
	if (response.statusCode === 204 || (typeof body === 'object' && body !== null && !Array.isArray(body))) return body as T;
	throw foreignAnswerError(context, { method: request.method, url: baseURL + request.path, response, itemIndex: request.itemIndex });
}

/**
 * One request to the service with the credential; returns the parsed body. Waits out 429s and
 * retries 5xx and dropped connections (bounded); anything else becomes a NodeApiError with a hint.
 */
export async function serviceRequest<T extends IDataObject = IDataObject>(
	this: ServiceContext,
	request: ServiceRequest,
): Promise<T> {
	const policy: Required<RetryPolicy> = { ...DEFAULT_RETRY };
	for (const [name, value] of Object.entries(request.retry ?? {})) {
		if (typeof value === 'number' && Number.isFinite(value) && value >= 0) policy[name as keyof RetryPolicy] = value;
	}
	const credential = request.credential ?? (await readServiceCredential(this, request.itemIndex));
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL: credential.baseUrl,
		url: request.path,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		// Statuses are handled here, so that retries and error messages follow the service's rules.
		ignoreHttpStatusErrors: true,
		timeout: request.timeoutMs ?? REQUEST_TIMEOUT_MS,
	};
	const attempts: Attempts = { policy, deadline: request.deadline, rateLimitRetries: 0, serverErrorRetries: 0, timeRanOut: false };
	for (;;) {
		const { deadline } = attempts;
		if (deadline !== undefined) options.timeout = Math.max(Math.min(request.timeoutMs ?? REQUEST_TIMEOUT_MS, deadline - Date.now()), MIN_ATTEMPT_MS);
		let response: FullResponse | undefined;
		let failure: unknown;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, { ...options }, {
				credentialsDecrypted: credential.decrypted,
			})) as FullResponse;
		} catch (error) {
			failure = error;
		}
		if (response !== undefined && response.statusCode < 400) return answerBody<T>(this, request, credential.baseUrl, response);
		const backoffMs = Math.min(policy.initialBackoffMs * 2 ** attempts.serverErrorRetries, policy.maxBackoffMs);
		const waitMs =
			response === undefined
				? afterConnectionFailure(this, request, credential.baseUrl, failure, attempts, backoffMs)
				: afterErrorStatus(this, request, credential.baseUrl, response, attempts, backoffMs);
		await pause(this, waitMs, request.itemIndex);
	}
}
