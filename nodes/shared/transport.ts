import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import {
	CONNECTION_REASONS,
	connectionErrorCode,
	errorBodyOf,
	HINTS,
	NOT_SENT_CODES,
	serviceApiError,
	TLS_CODES,
	type FullResponse,
} from './errors';

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
	qs?: IDataObject;
	body?: IDataObject;
	/** The input item the request is made for; errors carry it so Continue On Fail can pair them. */
	itemIndex?: number;
	retry?: RetryPolicy;
	/** Time allowed for one attempt (default 60 s); a delivery's answer cannot wait that long. */
	timeoutMs?: number;
	/** The credential as read for an earlier request of the same series (read now when absent). */
	credential?: ServiceCredential;
}

const DEFAULT_RETRY: Required<RetryPolicy> = {
	maxRateLimitRetries: 5,
	maxRateLimitWaitSeconds: 60,
	maxServerErrorRetries: 4,
	initialBackoffMs: 500,
	maxBackoffMs: 8000,
};

const REQUEST_TIMEOUT_MS = 60000;
/** The shortest attempt worth starting before a deadline. */
const MIN_ATTEMPT_MS = 1000;

/** Contexts whose service calls must end by a moment (ms since epoch): no retry or wait runs past it. */
const deadlines = new WeakMap<object, number>();

/** Makes every service call with `context` end by `deadline` (ms since epoch): no retry or wait runs past it. */
export function setServiceDeadline(context: object, deadline: number): void {
	deadlines.set(context, deadline);
}

/** Leaves the calls with `context` at least `ms` from now (e.g. to clean up after a failure). */
export function extendServiceDeadline(context: object, ms: number): void {
	const deadline = deadlines.get(context);
	if (deadline !== undefined) deadlines.set(context, Math.max(deadline, Date.now() + ms));
}

function headerSeconds(headers: Record<string, unknown>, name: string): number | undefined {
	const value = Number(headers[name]);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The credential, read once for a series of requests (the pages of a list). n8n reads it from its
 * database, decrypts it and resolves its expressions at every getCredentials, and
 * httpRequestWithAuthentication does that again unless it is handed the data.
 */
export interface ServiceCredential {
	baseUrl: string;
	decrypted: ICredentialsDecrypted;
}

export async function readServiceCredential(context: ServiceContext, itemIndex?: number): Promise<ServiceCredential> {
	const getCredentials = context.getCredentials as (type: string, itemIndex?: number) => Promise<ICredentialDataDecryptedObject>;
	const data = await getCredentials.call(context, CREDENTIAL_TYPE, itemIndex);
	// Users copy the base URL from the API reference, which often shows it with the version.
	const baseUrl = String(data.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/v1$/, '');
	if (!/^https?:\/\/[^/]/.test(baseUrl)) {
		throw new NodeOperationError(
			context.getNode(),
			`The Base URL in the Address Activity API credential is not an http(s) address: "${baseUrl}"`,
			{ itemIndex, description: 'Enter the address of the service deployment, e.g. https://api.example.com' },
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

/**
 * Sends one request to the service with the credential and returns the parsed body. Waits out
 * 429s (retry-after) and retries 5xx and connection failures with exponential back-off, both
 * bounded; any other failure becomes a NodeApiError with the service's messages and a hint.
 * (T is constrained to objects so that `serviceRequest.call(this, ...)`, which cannot take type
 * arguments, yields IDataObject rather than unknown.)
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
	const baseURL = credential.baseUrl;
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL,
		url: request.path,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		// Statuses are handled here, so that retries and error messages follow the service's rules.
		ignoreHttpStatusErrors: true,
		timeout: request.timeoutMs ?? REQUEST_TIMEOUT_MS,
	};

	const deadline = deadlines.get(this);
	let timeRanOut = false;
	/** Whether a wait of `ms` before the next attempt still leaves time for it (noted when not). */
	const inTime = (ms: number) => {
		timeRanOut = deadline !== undefined && Date.now() + ms + MIN_ATTEMPT_MS > deadline;
		return !timeRanOut;
	};
	const outOfTime = () => (timeRanOut ? '; no time left to retry before n8n gives up on this step' : '');

	let rateLimitRetries = 0;
	let serverErrorRetries = 0;
	for (;;) {
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
		const backoffMs = Math.min(policy.initialBackoffMs * 2 ** serverErrorRetries, policy.maxBackoffMs);

		// n8n's own errors before sending (e.g. no credential selected) are not connection problems.
		if (response === undefined && failure instanceof NodeOperationError) throw failure;
		if (response === undefined) {
			const code = connectionErrorCode(failure);
			const resendable =
				code !== undefined && !TLS_CODES.includes(code) && (request.method !== 'POST' || NOT_SENT_CODES.includes(code));
			if (resendable && serverErrorRetries < policy.maxServerErrorRetries && inTime(backoffMs)) {
				serverErrorRetries++;
				await pause(this, backoffMs, request.itemIndex);
				continue;
			}
			const reason = code ? CONNECTION_REASONS[code] : failure instanceof Error ? failure.message : 'unknown error';
			throw new NodeApiError(
				this.getNode(),
				{ message: [reason], error: 'Connection failed' } as unknown as JsonObject,
				{
					message: `Could not reach the service at ${baseURL} (${reason})${serverErrorRetries ? ` after ${serverErrorRetries + 1} attempts` : ''}${outOfTime()}`,
					description: HINTS.connection,
					itemIndex: request.itemIndex,
				},
			);
		}

		const status = response.statusCode;
		if (status < 400) return response.body as T;

		if (status === 429 && rateLimitRetries < policy.maxRateLimitRetries) {
			const waitSeconds =
				headerSeconds(response.headers, 'retry-after') ?? headerSeconds(response.headers, 'ratelimit-reset');
			const waitMs = waitSeconds === undefined ? backoffMs : Math.max(waitSeconds * 1000, 100);
			if ((waitSeconds === undefined || waitSeconds <= policy.maxRateLimitWaitSeconds) && inTime(waitMs)) {
				rateLimitRetries++;
				// Without a header, fall back to back-off; a 0 s header still yields a short pause.
				await pause(this, waitMs, request.itemIndex);
				continue;
			}
			throw serviceApiError(this, {
				status,
				body: errorBodyOf(response),
				message:
					waitSeconds !== undefined && waitSeconds > policy.maxRateLimitWaitSeconds
						? `The service's rate limit was reached and asks to wait ${waitSeconds} s, longer than the node's Max Rate-Limit Wait of ${policy.maxRateLimitWaitSeconds} s`
						: `The service's rate limit was reached${outOfTime()}`,
				itemIndex: request.itemIndex,
			});
		}
		// A POST that failed with a 5xx may still have been carried out (a 502 or 504 after the
		// service created the webhook): sending it again could create a second one.
		if (status >= 500 && request.method !== 'POST' && serverErrorRetries < policy.maxServerErrorRetries && inTime(backoffMs)) {
			serverErrorRetries++;
			await pause(this, backoffMs, request.itemIndex);
			continue;
		}

		const body = errorBodyOf(response);
		let message: string | undefined;
		if (status === 429) {
			message = `The service's rate limit was reached and ${rateLimitRetries} retries did not get through${body.message.length ? `: ${body.message.join('; ')}` : ''}`;
		} else if (status >= 500 && (serverErrorRetries > 0 || outOfTime())) {
			message = `The service failed with ${status}${body.error ? ` ${body.error}` : ''} on ${serverErrorRetries + 1} attempt${serverErrorRetries ? 's' : ''}${body.message.length ? `: ${body.message.join('; ')}` : ''}${outOfTime()}`;
		}
		throw serviceApiError(this, { status, body, message, itemIndex: request.itemIndex, path: request.path });
	}
}
