/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The baselines: the least a client can do to read the list, over one kept connection (fetch, and
// node:http with a keep-alive agent) and over a new connection per request (node:http without an
// agent, as n8n's HTTP client connects: @n8n/backend-network builds a new http.Agent, without
// keep-alive, for every request). The two node:http loops differ in the connection alone.
import * as http from 'node:http';

import type { AddressActivityCredentialData } from '../../harness/credentials';
import { fingerprintOf, PAGE_SIZE, PATH, type Reader } from './round';

export interface Page {
	transactions: unknown[];
	nextPageToken?: string;
}

export type GetPage = (url: string, apiKey: string) => Promise<Page>;

async function fetchPage(url: string, apiKey: string): Promise<Page> {
	const response = await fetch(url, { headers: { 'x-service-api-key': apiKey } });
	if (response.status !== 200) throw new Error(`bare loop: ${response.status} ${await response.text()}`);
	return (await response.json()) as Page;
}

function httpPage(agent: http.Agent | false, url: string, apiKey: string): Promise<Page> {
	return new Promise((resolve, reject) => {
		const request = http.get(url, { agent, headers: { 'x-service-api-key': apiKey } }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('error', reject);
			response.on('end', () => {
				const body = Buffer.concat(chunks).toString('utf8');
				if (response.statusCode !== 200) reject(new Error(`node:http loop: ${response.statusCode} ${body}`));
				else resolve(JSON.parse(body) as Page);
			});
		});
		request.on('error', reject);
	});
}

export function loopReader(label: string, getPage: GetPage, credentials: AddressActivityCredentialData): Reader {
	return {
		label,
		read: async () => {
			const startedAt = Date.now();
			const started = performance.now();
			const entries: unknown[] = [];
			let pages = 0;
			let pageToken: string | undefined;
			do {
				const query = new URLSearchParams({ pageSize: String(PAGE_SIZE), ...(pageToken ? { pageToken } : {}) });
				const page = await getPage(`${credentials.baseUrl}${PATH}?${query.toString()}`, credentials.apiKey);
				for (const entry of page.transactions) entries.push(entry);
				pageToken = page.nextPageToken;
				pages++;
			} while (pageToken);
			const ms = performance.now() - started;
			return { startedAt, ms, pages, entries: entries.length, fingerprint: fingerprintOf(entries) };
		},
	};
}

export function bareReader(credentials: AddressActivityCredentialData): Reader {
	return loopReader('bare fetch loop (fetch, JSON, keep entries)', fetchPage, credentials);
}

export function keptConnectionReader(credentials: AddressActivityCredentialData): Reader {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
	return {
		...loopReader('bare loop, node:http, one kept connection', (url, apiKey) => httpPage(agent, url, apiKey), credentials),
		close: async () => agent.destroy(),
	};
}

export function newConnectionReader(credentials: AddressActivityCredentialData): Reader {
	return loopReader('bare loop, node:http, new connection each', (url, apiKey) => httpPage(false, url, apiKey), credentials);
}
