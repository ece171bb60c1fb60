import { randomUUID } from 'node:crypto';

import type { Clock } from './clock';
import { badRequest } from './http/errors';
import { UUID_PATTERN } from './http/validation';

export const PAGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

interface IssuedToken {
	scope: string;
	cursor: number;
	expiresAt: number;
}

/** One page of a list: its items and, when more exist, the cursor of the next page. */
export interface Page<T> {
	items: T[];
	next?: number;
}

export function readPageSize(query: URLSearchParams): number {
	const raw = query.get('pageSize');
	if (raw === null || raw === '') return DEFAULT_PAGE_SIZE;
	if (!/^-?\d+$/.test(raw)) throw badRequest(`pageSize must be an integer number (got '${raw}')`);
	const pageSize = Number(raw);
	if (pageSize < 1) throw badRequest(`pageSize must not be less than 1 (got ${pageSize})`);
	if (pageSize > MAX_PAGE_SIZE) {
		throw badRequest(`pageSize must not be greater than ${MAX_PAGE_SIZE} (got ${pageSize})`);
	}
	return pageSize;
}

/**
 * Page tokens: a fresh random UUID per page, tied to the account, route and query that issued
 * it (pageSize aside, so a client may shrink the last page), valid 24 h on the emulator clock.
 * The token maps to a cursor that each list route interprets (an offset or a position).
 */
export class PageTokens {
	private readonly tokens = new Map<string, IssuedToken>();

	constructor(private readonly clock: Clock) {}

	issue(scope: string, cursor: number): string {
		this.prune();
		const token = randomUUID();
		this.tokens.set(token, { scope, cursor, expiresAt: this.clock.now() + PAGE_TOKEN_TTL_MS });
		return token;
	}

	resolve(token: string, scope: string): number {
		if (!UUID_PATTERN.test(token)) {
			throw badRequest(
				`pageToken '${token}' is not a valid page token: send the nextPageToken of the previous response unchanged, or omit pageToken to start from the first page`,
			);
		}
		const issued = this.tokens.get(token);
		if (!issued) {
			throw badRequest(
				`pageToken '${token}' is unknown: it was not issued by this service; omit pageToken to start from the first page`,
			);
		}
		if (issued.expiresAt <= this.clock.now()) {
			throw badRequest(
				`pageToken '${token}' has expired: page tokens are valid for 24 hours from issue; restart from the first page without pageToken`,
			);
		}
		if (issued.scope !== scope) {
			throw badRequest(
				`pageToken '${token}' belongs to a different query: a page token is only valid with the route and query parameters of the request that returned it; restart from the first page without pageToken`,
			);
		}
		return issued.cursor;
	}

	private prune(): void {
		if (this.tokens.size < 10_000) return;
		const now = this.clock.now();
		for (const [token, issued] of this.tokens) if (issued.expiresAt <= now) this.tokens.delete(token);
	}
}

/** The query a page token is tied to: account, method, path and every parameter but the paging ones. */
export function pageScope(accountId: string, method: string, path: string, query: URLSearchParams): string {
	const params = [...query.entries()]
		.filter(([name]) => name !== 'pageToken' && name !== 'pageSize')
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
	return JSON.stringify([accountId, method, path, params]);
}
