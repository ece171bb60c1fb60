/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The load balancer in front of an n8n queue-mode deployment, as operators set it up: production
// webhooks (/webhook/*) round-robin over the `n8n webhook` processes, everything else (the
// editor, the REST API, test webhooks /webhook-test/*) to the main process. A plain HTTP proxy
// on 127.0.0.1; tests can pin production webhooks to one webhook process.
import * as http from 'http';
import type { AddressInfo } from 'net';

export interface LoadBalancer {
	url: string;
	port: number;
	/** Sends every /webhook/* request to this webhook process (index), or round-robin again (undefined). */
	pin(index: number | undefined): void;
	/** How many /webhook/* requests each webhook process got. */
	served(): number[];
	close(): Promise<void>;
}

export async function startLoadBalancer(options: { main: string; webhooks: string[] }): Promise<LoadBalancer> {
	// Idle connections are dropped after 2 s, before n8n's server closes them (Node's 5 s
	// keep-alive timeout): reusing one the server is closing at that moment fails the request.
	const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 2000 });
	const served = options.webhooks.map(() => 0);
	let next = 0;
	let pinned: number | undefined;

	const server = http.createServer((request, response) => {
		let target = options.main;
		if (request.url?.startsWith('/webhook/') && options.webhooks.length) {
			const index = pinned ?? next++ % options.webhooks.length;
			served[index]++;
			target = options.webhooks[index];
		}
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
				answer.pipe(response);
			},
		);
		forwarded.on('error', (error) => {
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
		async close() {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
			agent.destroy();
		},
	};
}
