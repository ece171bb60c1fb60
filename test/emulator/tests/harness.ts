/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any */
// Tests read JSON answers field by field; typing every response shape would add nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

import { P_CHAIN_ID } from '../primary/vocabulary';
import { nodeId, pChainAddress, subnetId } from '../primary/ids';

/** Test-side helpers: an HTTP client, a webhook receiver and an independent signature check. */
export interface Answer<T = any> {
	status: number;
	headers: Record<string, string>;
	body: T;
}

export interface CallOptions {
	key?: string;
	body?: unknown;
	rawBody?: string;
	query?: Record<string, string | number | undefined>;
}

export async function call<T = any>(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
	const url = new URL(path, base);
	for (const [name, value] of Object.entries(options.query ?? {})) {
		if (value !== undefined) url.searchParams.set(name, String(value));
	}
	const headers: Record<string, string> = {};
	if (options.key !== undefined) headers['x-service-api-key'] = options.key;
	let body: string | undefined;
	if (options.rawBody !== undefined || options.body !== undefined) {
		headers['content-type'] = 'application/json';
		body = options.rawBody ?? JSON.stringify(options.body);
	}
	const response = await request(url, { method: method as 'GET', headers, body });
	const text = await response.body.text();
	const flat: Record<string, string> = {};
	for (const [name, value] of Object.entries(response.headers)) flat[name] = Array.isArray(value) ? value.join(', ') : String(value);
	let parsed: unknown = text;
	if ((flat['content-type'] ?? '').includes('json')) parsed = JSON.parse(text);
	return { status: response.statusCode, headers: flat, body: parsed as T };
}

/** Posts a dashboard form as a browser does; answers the status and where it redirects to. */
export async function postForm(base: string, path: string, fields: Record<string, string>): Promise<{ status: number; location: string }> {
	const response = await request(new URL(path, base), {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields).toString(),
	});
	await response.body.dump();
	return { status: response.statusCode, location: String(response.headers.location) };
}

export interface ReceivedDelivery {
	headers: IncomingHttpHeaders;
	rawBody: string;
	json: any;
	at: number;
}

export interface Receiver {
	url: string;
	received: ReceivedDelivery[];
	close(): Promise<void>;
}

export type ReceiverPolicy = (delivery: ReceivedDelivery, index: number) => { status: number; delayMs?: number };

/** A webhook receiver on 127.0.0.1:0 that records every POST and answers per `policy` (200 by default). */
export async function startReceiver(policy: ReceiverPolicy = () => ({ status: 200 })): Promise<Receiver> {
	const received: ReceivedDelivery[] = [];
	const timers = new Set<NodeJS.Timeout>();
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const rawBody = Buffer.concat(chunks).toString('utf8');
			const delivery: ReceivedDelivery = { headers: req.headers, rawBody, json: JSON.parse(rawBody), at: Date.now() };
			const index = received.push(delivery) - 1;
			const { status, delayMs } = policy(delivery, index);
			const answer = () => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ received: status === 200 }));
			};
			if (delayMs) {
				const timer = setTimeout(answer, delayMs);
				timers.add(timer);
			} else answer();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/hook`,
		received,
		close: () =>
			new Promise<void>((resolve) => {
				for (const timer of timers) clearTimeout(timer);
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

/**
 * RFC 8785 canonical JSON, written here independently of the emulator: members sorted by
 * UTF-16 code units, no insignificant whitespace, ECMAScript number and string serialisation.
 */
export function jcs(value: unknown): string {
	if (Array.isArray(value)) return '[' + value.map((item) => jcs(item)).join(',') + ']';
	if (value !== null && typeof value === 'object') {
		const keys = Object.keys(value).sort((a, b) => {
			const length = Math.min(a.length, b.length);
			for (let i = 0; i < length; i++) {
				const difference = a.charCodeAt(i) - b.charCodeAt(i);
				if (difference !== 0) return difference;
			}
			return a.length - b.length;
		});
		const parts: string[] = [];
		for (const key of keys) parts.push(JSON.stringify(key) + ':' + jcs((value as Record<string, unknown>)[key]));
		return '{' + parts.join(',') + '}';
	}
	if (typeof value === 'number') {
		if (!isFinite(value)) throw new Error('not JSON');
		return Object.is(value, -0) ? '0' : String(value);
	}
	return JSON.stringify(value);
}

/** Checks a delivery the way a receiver must: HMAC-SHA256(hex-decoded secret, JCS(body)), base64, constant time. */
export function signatureIsValid(rawBody: string, signature: string | string[] | undefined, secretHex: string): boolean {
	if (typeof signature !== 'string') return false;
	const expected = createHmac('sha256', Buffer.from(secretHex, 'hex')).update(jcs(JSON.parse(rawBody)), 'utf8').digest();
	const given = Buffer.from(signature, 'base64');
	return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A distinct lower-case test address with hex letters in it, so case changes are visible. */
export const address = (n: number) => `0x${'abcdef0123'.repeat(3)}${n.toString(16).padStart(10, '0')}`;
/** The same address in upper case (0x prefix kept). */
export const upper = (value: string) => `0x${value.slice(2).toUpperCase()}`;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function webhookBody(url: string, overrides: Record<string, unknown> = {}) {
	return {
		url,
		chainId: '43113',
		eventType: 'address_activity',
		includeInternalTxs: false,
		includeLogs: false,
		metadata: { addresses: [address(1)] },
		name: 'test webhook',
		description: 'created by a test',
		...overrides,
	};
}

export const TREASURY = pChainAddress('fuji', 'treasury');
export const STAKER = pChainAddress('fuji', 'staker');
export const NODE = nodeId('validator');
export const L1 = subnetId('l1');

/** A primary_network_address_activity body as the SDK builds it: TREASURY on fuji, balance change and a 25 AVAX threshold. */
export function pChainWebhookBody(url: string, overrides: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) {
	return {
		eventType: 'primary_network_address_activity',
		url,
		name: 'treasury',
		description: 'P-Chain treasury',
		network: 'fuji',
		chainId: P_CHAIN_ID,
		metadata: {
			keyType: 'addresses',
			keys: [TREASURY],
			subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold'] },
			balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '25000000000' },
			...metadata,
		},
		...overrides,
	};
}

/** A validator_activity body as the SDK builds it: NODE on fuji, fee balance threshold 1 AVAX. */
export function validatorWebhookBody(url: string, overrides: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) {
	return {
		eventType: 'validator_activity',
		url,
		network: 'fuji',
		metadata: {
			keyType: 'nodeId',
			keys: [NODE],
			subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'] },
			l1ValidatorFeeBalanceThreshold: '1000000000',
			...metadata,
		},
		...overrides,
	};
}
