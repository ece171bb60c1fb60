/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The load balancer in front of an n8n queue-mode deployment, as operators set it up: production
// webhooks (/webhook/*) round-robin over the `n8n webhook` processes, everything else (the
// editor, the REST API, test webhooks /webhook-test/*) to the main process. A plain HTTP proxy
// on 127.0.0.1; tests can pin production webhooks to one webhook process. It records every
// /webhook/* exchange (which process, the answer's status and first bytes), so that a test can
// say who acknowledged a message that never ran.
import * as http from 'http';
import type { AddressInfo } from 'net';

/** One /webhook/* request as the load balancer passed it on and answered it. */
export interface Exchange {
	/** The webhook process it went to (index). */
	process: number;
	path: string;
	/** The request body's messageId, when it is JSON with one. */
	messageId?: string;
	/** ms since the epoch (this machine's clock) */
	startedAt: number;
	endedAt?: number;
	/** The status passed back (502 when the process did not answer). */
	status?: number;
	/** The first 200 characters of the answer's body. */
	answer?: string;
	/** Why the process did not answer (connection refused, reset, ...). */
	error?: string;
}

export interface LoadBalancer {
	url: string;
	port: number;
	/** Sends every /webhook/* request to this webhook process (index), or round-robin again (undefined). */
	pin(index: number | undefined): void;
	/** How many /webhook/* requests each webhook process got. */
	served(): number[];
	/** Every /webhook/* exchange so far, oldest first (the last 20,000). */
	exchanges(): Exchange[];
	close(): Promise<void>;
}

const KEPT_EXCHANGES = 20_000;
const ANSWER_CHARS = 200;

function messageIdOf(body: Buffer): string | undefined {
	try {
		const parsed = JSON.parse(body.toString('utf8')) as { messageId?: unknown };
		return typeof parsed.messageId === 'string' ? parsed.messageId : undefined;
	} catch {
		return undefined;
	}
}

export async function startLoadBalancer(options: { main: string; webhooks: string[] }): Promise<LoadBalancer> {
	// Idle connections are dropped after 2 s, before n8n's server closes them (Node's 5 s
	// keep-alive timeout): reusing one the server is closing at that moment fails the request.
	const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 2000 });
	const served = options.webhooks.map(() => 0);
	const exchanges: Exchange[] = [];
	let next = 0;
	let pinned: number | undefined;

	const server = http.createServer((request, response) => {
		let target = options.main;
		let exchange: Exchange | undefined;
		if (request.url?.startsWith('/webhook/') && options.webhooks.length) {
			const index = pinned ?? next++ % options.webhooks.length;
			served[index]++;
			target = options.webhooks[index];
			exchange = { process: index, path: request.url, startedAt: Date.now() };
			exchanges.push(exchange);
			if (exchanges.length > KEPT_EXCHANGES) exchanges.shift();
		}
		const requestChunks: Buffer[] = [];
		if (exchange) request.on('data', (chunk: Buffer) => requestChunks.push(chunk));
		request.on('end', () => {
			if (exchange) exchange.messageId = messageIdOf(Buffer.concat(requestChunks));
		});
		const upstream = new URL(request.url ?? '/', target);
		const forwarded = http.request(
			upstream,
			{
				method: request.method,
				headers: { ...request.headers, host: upstream.host, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
				agent,
			},
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				if (exchange) {
					const seen = exchange;
					seen.status = answer.statusCode;
					let text = '';
					answer.on('data', (chunk: Buffer) => {
						if (text.length < ANSWER_CHARS) text += chunk.toString('utf8');
					});
					answer.on('end', () => {
						seen.answer = text.slice(0, ANSWER_CHARS);
						seen.endedAt = Date.now();
					});
				}
				answer.pipe(response);
			},
		);
		forwarded.on('error', (error) => {
			if (exchange) Object.assign(exchange, { status: exchange.status ?? 502, error: error.message, endedAt: Date.now() });
			if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ message: `load balancer: ${target} did not answer: ${error.message}` }));
		});
		request.pipe(forwarded);
	});
	server.keepAliveTimeout = 5000;
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		pin(index) {
			if (index !== undefined && (index < 0 || index >= options.webhooks.length)) throw new Error(`no webhook process ${index}`);
			pinned = index;
		},
		served: () => [...served],
		exchanges: () => exchanges.map((exchange) => ({ ...exchange })),
		async close() {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
			agent.destroy();
		},
	};
}
