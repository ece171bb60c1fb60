/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A web server on 127.0.0.1 that is not the service: every path answers `status` with `body`. */
export interface ForeignServer {
	url: string;
	/** Paths it was asked for, in order. */
	paths: string[];
	close(): Promise<void>;
}

// The module object itself (an `import * as` namespace is a copy whose lookup cannot be replaced).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dns = require('node:dns') as typeof import('node:dns');

export const WEB_PAGE = '<!DOCTYPE html><html><head><title>Welcome</title></head><body>SECRET-PAGE-CONTENT</body></html>';

export async function startForeignServer(status = 200, body = WEB_PAGE, contentType = 'text/html; charset=utf-8'): Promise<ForeignServer> {
	const paths: string[] = [];
	const server = http.createServer((req, res) => {
		paths.push(req.url ?? '');
		res.writeHead(status, { 'content-type': contentType });
		res.end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		paths,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** A request a RecordingServer received: its method, path, headers and body text. */
export interface RecordedRequest {
	method: string;
	path: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

/** A web server on 127.0.0.1 that records every request whole and answers `status` with the JSON `answer`. */
export interface RecordingServer {
	url: string;
	requests: RecordedRequest[];
	close(): Promise<void>;
}

export async function startRecordingServer(status: number, answer: unknown): Promise<RecordingServer> {
	const requests: RecordedRequest[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(answer));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** An address where nothing listens: a port that was free a moment ago. */
export async function refusingUrl(): Promise<string> {
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}`;
}

/**
 * Makes names under `.invalid` (RFC 6761: never resolvable) fail in this process without asking
 * any DNS server, as getaddrinfo does for an unknown host. Returns the names looked up and the undo.
 */
export function failInvalidNames(): { names: string[]; restore(): void } {
	const original = dns.lookup;
	const names: string[] = [];
	const patched = ((hostname: string, options: unknown, callback?: unknown) => {
		const done = (typeof options === 'function' ? options : callback) as (error: NodeJS.ErrnoException) => void;
		if (!hostname.endsWith('.invalid')) return (original as (...args: unknown[]) => void)(hostname, options, callback);
		names.push(hostname);
		const error: NodeJS.ErrnoException = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
			code: 'ENOTFOUND',
			syscall: 'getaddrinfo',
			hostname,
		});
		process.nextTick(() => done(error));
	}) as typeof dns.lookup;
	(dns as { lookup: typeof dns.lookup }).lookup = patched;
	return { names, restore: () => ((dns as { lookup: typeof dns.lookup }).lookup = original) };
}
