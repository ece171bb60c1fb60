import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';

// The service's errors in words (the transport sends, retries and throws them).

// Connection failures where the request certainly never reached the service: safe to resend
// even for a POST, which would otherwise risk creating a second webhook.
export const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];
const TLS_MISMATCH = 'TLS handshake failed: the server does not answer https on that port';
const UNTRUSTED_CERTIFICATE = "the server's TLS certificate is not trusted (self-signed or from an unknown authority)";
// Said in words: NodeApiError swaps any message that contains an error code for its own
// generic text, which would drop the Base URL from the message.
export const CONNECTION_REASONS: Record<string, string> = {
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
export const TLS_CODES = Object.keys(CONNECTION_REASONS).filter(
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
	'404 list': 'The service has no such list at this Base URL. Check the Base URL in the credential: it is the API address shown in the service\'s dashboard beside the API key.',
	'429': 'The account\'s rate limit is reached. Wait and run again, raise "Max Rate-Limit Retries" or "Max Rate-Limit Wait" in the node options, or send fewer requests (larger batches, a Limit instead of Return All).',
	'5xx': 'The service had a temporary problem and retries did not help. Try again later, or turn on Retry On Fail in the node settings.',
	connection: 'The service could not be reached. Check the Base URL in the credential and your network, then try again.',
	refused: 'Nothing accepts connections at that host and port. Check the port in the Base URL, and that the service runs at that address.',
	dns: 'The host name in the Base URL does not resolve. Check its spelling, and the DNS of the machine n8n runs on.',
	tls: 'The Base URL starts with https: check whether the server speaks http:// instead, and the port. A certificate this machine does not trust needs its CA given to n8n (NODE_EXTRA_CA_CERTS).',
	foreign: 'The answer is not the service\'s JSON, so the Base URL leads to another web server (a web page, n8n itself, a proxy or login page). Set the credential\'s Base URL to the API address shown in the service\'s dashboard beside the API key.',
};

/** The hint for a connection failure: which kind it was and what to check. */
export function connectionHint(code: string | undefined): string {
	if (code === 'ECONNREFUSED') return HINTS.refused;
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return HINTS.dns;
	if (code !== undefined && TLS_CODES.includes(code)) return HINTS.tls;
	return HINTS.connection;
}

const LEADS: Record<string, string> = {
	'400': 'The service rejected the request',
	'401': 'The API key was not recognised by the service',
	'403': 'The API key lacks the privilege for this action',
	'404': 'Not found',
	'429': 'The service\'s rate limit was reached',
};

/** Service text that only restates the lead (e.g. "webhook ... not found" after "Not found"). */
const RESTATES: Record<string, RegExp> = { '401': /api key/i, '403': /privilege|forbidden/i, '404': /not found/i };

export interface FullResponse {
	body: unknown;
	headers: Record<string, unknown>;
	statusCode: number;
	statusMessage?: string;
}

interface ServiceErrorBody {
	message: string[];
	error: string;
	statusCode: number;
}

/** True for the service's error body: `{message: string[] (or a string), error, statusCode}`. */
export function isServiceErrorBody(body: unknown): boolean {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
	const { message, statusCode } = body as IDataObject;
	return typeof statusCode === 'number' && (Array.isArray(message) || typeof message === 'string');
}

/** What an answer that is not the service's holds, in words (never its content). */
function answerKind(response: FullResponse): string {
	const type = String(response.headers?.['content-type'] ?? '').toLowerCase();
	const { body } = response;
	if (body === undefined || body === null || body === '') return 'an empty answer';
	if (type.includes('html') || (typeof body === 'string' && /^\s*</.test(body))) return 'an HTML page';
	if (typeof body === 'string') return type.includes('json') ? 'a JSON text that is not the service\'s' : 'text';
	return 'JSON that is not the service\'s';
}

/**
 * The error for an answer from something other than the service (a web page, a proxy): status
 * and URL path, never the body, which may be a whole page.
 */
export function foreignAnswerError(
	context: { getNode(): INode },
	details: { method: string; url: string; response: FullResponse; itemIndex?: number },
): NodeApiError {
	const { response } = details;
	const status = `${response.statusCode}${response.statusMessage ? ` ${response.statusMessage}` : ''}`;
	const message = `The Base URL does not lead to the Address Activity service: ${details.method} ${details.url} answered ${status} with ${answerKind(response)}, not the service's JSON`;
	const error = new NodeApiError(context.getNode(), { message: [message], error: 'Not the service' } as unknown as JsonObject, {
		message,
		description: HINTS.foreign,
		httpCode: String(response.statusCode),
		itemIndex: details.itemIndex,
	});
	foreignAnswers.add(error);
	return error;
}

/** Errors for answers that are not the service's: their 404 says nothing about a webhook or block. */
const foreignAnswers = new WeakSet<object>();

/** The service's error body (`{message: string[], error, statusCode}`), tolerating other shapes. */
export function errorBodyOf(response: FullResponse): ServiceErrorBody {
	const body = (typeof response.body === 'object' && response.body !== null ? response.body : {}) as IDataObject;
	const raw = body.message;
	const message = Array.isArray(raw) ? raw.map((entry) => String(entry)) : typeof raw === 'string' && raw !== '' ? [raw] : [];
	return {
		message,
		error: typeof body.error === 'string' ? body.error : (response.statusMessage ?? ''),
		statusCode: response.statusCode,
	};
}

/**
 * What a request is about (chainRoutes.ts gives every chain route one): `kind` picks the hint
 * for a 404, `words` name it where the service says nothing. Webhook routes need none.
 */
export interface RequestSubject {
	kind: 'chain' | 'block' | 'transaction' | 'utxo';
	words: string;
}

function hintFor(status: number, subject?: RequestSubject): string {
	if (status === 404) return HINTS[subject === undefined ? '404' : `404 ${subject.kind}`];
	return HINTS[String(status)] ?? (status >= 500 ? HINTS['5xx'] : HINTS['400']);
}

/** The lead and the service's words (or the subject's for a bare 404), without saying the same thing twice. */
function leadWith(status: number, body: ServiceErrorBody, subject?: RequestSubject): string {
	const serviceText = body.message.join('; ') || (status === 404 ? subject?.words : undefined);
	const lead = LEADS[String(status)] ?? `The service answered ${status}${body.error ? ` ${body.error}` : ''}`;
	if (!serviceText) return lead;
	if (!RESTATES[String(status)]?.test(serviceText)) return `${lead}: ${serviceText}`;
	// "Not found" + "webhook x not found": the service's own sentence says it, and names the subject.
	return status === 404 ? serviceText.charAt(0).toUpperCase() + serviceText.slice(1) : lead;
}

/**
 * A NodeApiError built only from the service's answer. Built from a plain object (never the
 * HTTP client's error) so that no request options, and with them the API key header, end up in
 * the error n8n stores and shows.
 */
export function serviceApiError(
	context: { getNode(): INode },
	details: { status: number; body: ServiceErrorBody; message?: string; description?: string; itemIndex?: number; subject?: RequestSubject },
): NodeApiError {
	const { status, body } = details;
	const message = details.message ?? leadWith(status, body, details.subject);
	return new NodeApiError(context.getNode(), body as unknown as JsonObject, {
		message,
		description: details.description ?? hintFor(status, details.subject),
		httpCode: String(status),
		itemIndex: details.itemIndex,
	});
}

/** True for the error the transport throws when the service answered 404. */
export function isNotFoundError(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404' && !foreignAnswers.has(error);
}

/** A list search's error in list words: its 404 means no such list here, not a deleted item. */
export function asListError(error: unknown): unknown {
	if (isNotFoundError(error)) (error as NodeApiError).description = HINTS['404 list'];
	return error;
}

export function connectionErrorCode(error: unknown): string | undefined {
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
