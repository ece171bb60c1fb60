import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { toNodeError } from './errors';
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
/** The largest page the service serves on its list routes: Return All uses it to send the fewest requests. */
export const MAX_PAGE_SIZE = 100;

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

// Connection failures where the request certainly never reached the service: safe to resend
// even for a POST, which would otherwise risk creating a second webhook.
const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];
const TLS_MISMATCH = 'TLS handshake failed: the Base URL starts with https, but the server does not answer https on that port (check http:// versus https:// and the port)';
const UNTRUSTED_CERTIFICATE = "the server's TLS certificate is not trusted (self-signed or from an unknown authority)";
// Said in words: NodeApiError swaps any message that contains an error code for its own
// generic text, which would drop the Base URL from the message.
const CONNECTION_REASONS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host name lookup failed',
	EHOSTUNREACH: 'host unreachable',
	ENETUNREACH: 'network unreachable',
	ECONNRESET: 'connection closed by the service',
	EPIPE: 'connection closed by the service',
	ETIMEDOUT: 'timed out',
	ECONNABORTED: 'timed out',
	ERR_SOCKET_CONNECTION_TIMEOUT: 'timed out',
	EPROTO: TLS_MISMATCH,
	ERR_SSL_WRONG_VERSION_NUMBER: TLS_MISMATCH,
	ERR_SSL_PACKET_LENGTH_TOO_LONG: TLS_MISMATCH,
	DEPTH_ZERO_SELF_SIGNED_CERT: UNTRUSTED_CERTIFICATE,
	SELF_SIGNED_CERT_IN_CHAIN: UNTRUSTED_CERTIFICATE,
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED_CERTIFICATE,
	UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED_CERTIFICATE,
	CERT_HAS_EXPIRED: 'the server\'s TLS certificate has expired',
	ERR_TLS_CERT_ALTNAME_INVALID: 'the server\'s TLS certificate is for another host name',
};
/** TLS failures: the request never reached the service either, but sending it again cannot help. */
const TLS_CODES = Object.keys(CONNECTION_REASONS).filter(
	(reasonCode) => CONNECTION_REASONS[reasonCode] === TLS_MISMATCH || /CERT|SIGNED|VERIFY|ISSUER/.test(reasonCode),
);
const CONNECTION_CODES = [...NOT_SENT_CODES, 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'ERR_SOCKET_CONNECTION_TIMEOUT', ...TLS_CODES];

/** What the user should do next, by status: shown as the error's description. */
const HINTS: Record<string, string> = {
	'400': 'Check the parameters named in the message above and correct them.',
	'401': 'Check the API key in the Address Activity API credential, and that its Base URL is the deployment (production or development) the key was created for.',
	'403': 'This action needs an API key with the webhook privilege (creating, changing or deleting webhooks and their addresses, and the shared secret). Create such a key in the dashboard and use it in the credential.',
	'404': 'Check the ID. The webhook may have been deleted, or it belongs to another account or deployment than the credential.',
	'404 block': 'Check the block number or hash, and that the block is on the chain given: the chain may not have reached it yet.',
	'404 transaction': 'Check the transaction hash and the chain: the transaction may be on another chain or not yet in a block.',
	'404 chain': 'Check the chain ID: pick the chain from the list to see the chains the service knows.',
	'404 utxo': 'Check the network (mainnet or fuji) and the blockchain (p-chain, x-chain, c-chain or its ID).',
	'429': 'The account\'s rate limit is reached. Wait and run again, raise "Max Rate-Limit Retries" or "Max Rate-Limit Wait" in the node options, or send fewer requests (larger batches, a Limit instead of Return All).',
	'5xx': 'The service had a temporary problem and retries did not help. Try again later, or turn on Retry On Fail in the node settings.',
	connection: 'The service could not be reached. Check the Base URL in the credential and your network, then try again.',
};

const LEADS: Record<string, string> = {
	'400': 'The service rejected the request',
	'401': 'The API key was not recognised by the service',
	'403': 'The API key lacks the privilege for this action',
	'404': 'Not found',
	'429': 'The service\'s rate limit was reached',
};

interface FullResponse {
	body: unknown;
	headers: Record<string, unknown>;
	statusCode: number;
	statusMessage?: string;
}

export interface ServiceErrorBody {
	message: string[];
	error: string;
	statusCode: number;
}

/** The service's error body (`{message: string[], error, statusCode}`), tolerating other shapes. */
function errorBodyOf(response: FullResponse): ServiceErrorBody {
	const body = (typeof response.body === 'object' && response.body !== null ? response.body : {}) as IDataObject;
	const raw = body.message;
	const message = Array.isArray(raw)
		? raw.map((entry) => String(entry))
		: typeof raw === 'string' && raw !== ''
			? [raw]
			: typeof response.body === 'string' && response.body !== ''
				? [response.body.slice(0, 500)]
				: [];
	return {
		message,
		error: typeof body.error === 'string' ? body.error : (response.statusMessage ?? ''),
		statusCode: response.statusCode,
	};
}

/** What a route's 404 is about: webhook routes, then blocks, transactions, UTXOs, else the chain. */
function notFoundSubject(path: string | undefined): string {
	if (path === undefined || path.startsWith('/v1/webhooks')) return '';
	if (/\/blocks\/[^/]+$/.test(path)) return ' block';
	if (/\/transactions\/[^/]+$/.test(path)) return ' transaction';
	if (path.includes('/utxos')) return ' utxo';
	return ' chain';
}

function hintFor(status: number, path?: string): string {
	if (status === 404) return HINTS[`404${notFoundSubject(path)}`];
	return HINTS[String(status)] ?? (status >= 500 ? HINTS['5xx'] : HINTS['400']);
}

/**
 * A NodeApiError built only from the service's answer. Built from a plain object (never the
 * HTTP client's error) so that no request options, and with them the API key header, end up in
 * the error n8n stores and shows.
 */
export function serviceApiError(
	context: ServiceContext,
	details: { status: number; body: ServiceErrorBody; message?: string; description?: string; itemIndex?: number; path?: string },
): NodeApiError {
	const { status, body } = details;
	const serviceText = body.message.join('; ');
	const lead = LEADS[String(status)] ?? `The service answered ${status}${body.error ? ` ${body.error}` : ''}`;
	const message = details.message ?? (serviceText ? `${lead}: ${serviceText}` : lead);
	return new NodeApiError(context.getNode(), body as unknown as JsonObject, {
		message,
		description: details.description ?? hintFor(status, details.path),
		httpCode: String(status),
		itemIndex: details.itemIndex,
	});
}

/** True for the error the transport throws when the service answered 404. */
export function isNotFoundError(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404';
}

function headerSeconds(headers: Record<string, unknown>, name: string): number | undefined {
	const value = Number(headers[name]);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function connectionErrorCode(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	let current = error as { code?: unknown; cause?: unknown } | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (typeof current.code === 'string' && CONNECTION_CODES.includes(current.code)) return current.code;
		current = current.cause as typeof current;
	}
	const text = error instanceof Error ? error.message : '';
	if (/socket hang up/i.test(text)) return 'ECONNRESET';
	return undefined;
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

export interface PageRequest {
	path: string;
	/** Field of the response that holds the list: webhooks, addresses, blocks, transactions, utxos. */
	listField: string;
	qs?: IDataObject;
	/** How many entries to read at most (default: all); each page asks for no more than is still missing. */
	limit?: number;
	/** Entries per page (default and maximum MAX_PAGE_SIZE). */
	pageSize?: number;
	/** Start from this page token instead of the first page. */
	pageToken?: string;
	itemIndex?: number;
	retry?: RetryPolicy;
	timeoutMs?: number;
}

export interface Page<T> {
	entries: T[];
	nextPageToken?: string;
}

/**
 * The one paginator: yields a list's pages in order, following nextPageToken, and stops at the
 * last page or once `limit` entries were yielded (never requesting a page it does not need).
 * A 400 after the first page is about the token (page one was accepted with the same
 * parameters): tokens are valid for 24 hours.
 */
export async function* servicePages<T extends IDataObject | string = IDataObject>(
	this: ServiceContext,
	request: PageRequest,
): AsyncGenerator<Page<T>> {
	const limit = request.limit ?? Infinity;
	let read = 0;
	let pageToken = request.pageToken;
	const credential = await readServiceCredential(this, request.itemIndex);
	while (read < limit) {
		const qs: IDataObject = { ...request.qs, pageSize: Math.min(limit - read, request.pageSize ?? MAX_PAGE_SIZE) };
		if (pageToken !== undefined) qs.pageToken = pageToken;
		let page: IDataObject;
		try {
			page = await serviceRequest.call(this, {
				method: 'GET',
				path: request.path,
				qs,
				itemIndex: request.itemIndex,
				retry: request.retry,
				timeoutMs: request.timeoutMs,
				credential,
			});
		} catch (error) {
			if (read > 0 && error instanceof NodeApiError && error.httpCode === '400') {
				const expired = /expired/i.test(error.message);
				throw new NodeApiError(this.getNode(), (error.errorResponse ?? {}) as JsonObject, {
					message: expired
						? `The page token expired after ${read} entries of ${request.path} were read: page tokens are valid for 24 hours`
						: `The service rejected the page token after ${read} entries of ${request.path} were read: ${error.message}`,
					description: 'Run the node again: paging restarts from the first page.',
					httpCode: '400',
					itemIndex: request.itemIndex,
				});
			}
			throw toNodeError(this, error, request.itemIndex);
		}
		const list = page[request.listField];
		const entries = ((Array.isArray(list) ? list : []) as T[]).slice(0, limit - read);
		read += entries.length;
		pageToken = typeof page.nextPageToken === 'string' && page.nextPageToken !== '' ? page.nextPageToken : undefined;
		yield { entries, nextPageToken: pageToken };
		if (pageToken === undefined || entries.length === 0) return;
	}
}

export interface ListRequest extends Omit<PageRequest, 'limit' | 'pageToken'> {
	returnAll: boolean;
	/** With returnAll off: how many entries to return at most. */
	limit?: number;
}

/** A paginated list: Return All reads every page at the largest page size; a Limit reads no more than it needs. */
export async function serviceList<T extends IDataObject | string = IDataObject>(
	this: ServiceContext,
	request: ListRequest,
): Promise<T[]> {
	const { returnAll, limit, ...pages } = request;
	const entries: T[] = [];
	const max = returnAll ? undefined : Math.max(0, Math.floor(limit ?? 50));
	if (max === 0) return entries;
	for await (const page of servicePages.call(this, { ...pages, limit: max }) as AsyncGenerator<Page<T>>) {
		for (const entry of page.entries) entries.push(entry);
	}
	return entries;
}

/** One page of a list, for resource-locator searches that page on demand. */
export async function servicePage<T extends IDataObject | string = IDataObject>(
	this: ServiceContext,
	request: { path: string; listField: string; qs?: IDataObject; pageSize?: number; pageToken?: string },
): Promise<Page<T>> {
	const pages = servicePages.call(this, { ...request, limit: request.pageSize ?? MAX_PAGE_SIZE }) as AsyncGenerator<Page<T>>;
	const first = await pages.next();
	await pages.return(undefined);
	return first.done ? { entries: [] } : first.value;
}
