/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import { handleControl } from './control';
import { routeDashboard } from './dashboard/routes';
import type { Emulator } from './emulator';
import { authenticate, authorize } from './http/auth';
import { parseJson, readText } from './http/body';
import { ApiError } from './http/errors';
import type { LoggedRequest } from './http/requestLog';
import { sendError, sendJson } from './http/respond';
import type { RequestContext } from './http/router';
import { pageScope, readPageSize } from './pagination';

function isLoopback(address: string | undefined): boolean {
	return address !== undefined && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));
}

function decodePath(pathname: string): string {
	try {
		return decodeURIComponent(pathname);
	} catch {
		return pathname;
	}
}

/** The emulator's HTTP server: control API and dashboard for loopback clients, the service's /v1 routes for everyone. */
export function createEmulatorServer(emulator: Emulator): Server {
	return createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const path = decodePath(url.pathname);
		const internal = path === '/' || path.startsWith('/_emulator');
		if (internal && !isLoopback(req.socket.remoteAddress)) {
			sendError(res, 403, ['the control API and dashboard answer only loopback clients']);
			return;
		}
		const work =
			(internal ? routeDashboard(emulator, req, res, path, url.searchParams) : undefined) ??
			(path.startsWith('/_emulator/') ? handleControl(emulator, req, res, path, url.searchParams) : handleApi(emulator, req, res, path, url.searchParams));
		work.catch((error: unknown) => {
			if (res.headersSent) {
				res.destroy();
				return;
			}
			if (error instanceof ApiError) sendError(res, error.statusCode, error.messages, error.headers);
			else sendError(res, 500, ['internal emulator error']);
		});
	});
}

async function handleApi(
	emulator: Emulator,
	req: IncomingMessage,
	res: ServerResponse,
	path: string,
	query: URLSearchParams,
): Promise<void> {
	const method = (req.method ?? 'GET').toUpperCase();
	const entry = emulator.requestLog.start(method, path, query, emulator.clock.now());
	const fault = emulator.faults.take(method, path);
	if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs).unref());
	if (fault?.afterHandling) {
		// The service acts, but its answer is lost or replaced on the way back.
		await serveApi(emulator, req, method, path, query, entry, () => undefined).catch(() => undefined);
	}
	if (fault?.drop) {
		req.socket.destroy();
		return;
	}
	if (fault?.status) {
		const headers: Record<string, string> =
			fault.status === 429 ? { 'ratelimit-reset': '1', 'retry-after': '1' } : {};
		entry.statusCode = fault.status;
		sendError(res, fault.status, [`injected fault: ${method} ${path} answered ${fault.status}`], headers);
		return;
	}
	let rateHeaders: Record<string, string> = {};
	try {
		const result = await serveApi(emulator, req, method, path, query, entry, (headers) => (rateHeaders = headers));
		entry.statusCode = result.status;
		entry.responseBytes = sendJson(res, result.status, result.body, rateHeaders);
	} catch (error) {
		const apiError = error instanceof ApiError ? error : new ApiError(500, ['internal server error']);
		entry.statusCode = apiError.statusCode;
		sendError(res, apiError.statusCode, apiError.messages, { ...rateHeaders, ...apiError.headers });
	}
}

async function serveApi(
	emulator: Emulator,
	req: IncomingMessage,
	method: string,
	path: string,
	query: URLSearchParams,
	entry: LoggedRequest,
	setRateHeaders: (headers: Record<string, string>) => void,
): Promise<{ status: number; body: unknown }> {
	const text = await readText(req);
	const key = authenticate(emulator.store, req);
	const decision = emulator.rateLimiter.consume(key.key, emulator.clock.now());
	setRateHeaders(decision.headers);
	if (decision.limited) {
		throw new ApiError(429, ['rate limit reached: wait for the number of seconds in retry-after before sending more requests']);
	}
	const match = emulator.router.match(method, path);
	if (!match) throw new ApiError(404, [`Cannot ${method} ${path}`]);
	authorize(key, match.route.privilege);
	const body = method === 'GET' ? undefined : parseJson(text);
	if (body !== undefined) entry.body = body;
	const account = emulator.store.account(key.accountId);
	const context: RequestContext = {
		emulator,
		method,
		path,
		params: match.params,
		query,
		body,
		key,
		account,
		page(fetch) {
			const pageSize = readPageSize(query);
			const scope = pageScope(account.id, method, path, query);
			const token = query.get('pageToken');
			const cursor = token ? emulator.pageTokens.resolve(token, scope) : undefined;
			const page = fetch(cursor, pageSize);
			return {
				items: page.items,
				...(page.next !== undefined ? { nextPageToken: emulator.pageTokens.issue(scope, page.next) } : {}),
			};
		},
	};
	const result = await match.route.handle(context);
	return { status: result.status ?? 200, body: result.body };
}
