import type { Emulator } from '../emulator';
import type { Page } from '../pagination';
import type { Account, KeyRecord } from '../store';
import type { Privilege } from '../types';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** What a /v1 route handler gets: the authenticated account, the parsed request, and the emulator. */
export interface RequestContext {
	emulator: Emulator;
	method: string;
	path: string;
	params: Record<string, string>;
	query: URLSearchParams;
	body: unknown;
	key: KeyRecord;
	account: Account;
	/** Serves one page of a list: resolves pageSize/pageToken, issues the next token when more exist. */
	page<T>(fetch: (cursor: number | undefined, pageSize: number) => Page<T>): { items: T[]; nextPageToken?: string };
}

export interface RouteResult {
	status?: number;
	body: unknown;
}

export interface Route {
	method: Method;
	/** literal segments and `{name}` parameters, e.g. `/v1/chains/{chainId}/blocks/{blockId}` */
	path: string;
	privilege: Privilege;
	handle(context: RequestContext): RouteResult | Promise<RouteResult>;
}

interface CompiledRoute {
	route: Route;
	pattern: RegExp;
	names: string[];
}

export type RouteMatch = { route: Route; params: Record<string, string> } | undefined;

export class Router {
	private readonly compiled: CompiledRoute[];

	constructor(routes: Route[]) {
		this.compiled = routes.map((route) => {
			const names: string[] = [];
			const source = route.path
				.split(/(\{[a-zA-Z]+\})/)
				.map((part) => {
					const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
					if (name) {
						names.push(name);
						return '([^/]+)';
					}
					return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
				})
				.join('');
			return { route, pattern: new RegExp(`^${source}/?$`), names };
		});
	}

	match(method: string, path: string): RouteMatch {
		for (const { route, pattern, names } of this.compiled) {
			if (route.method !== method) continue;
			const found = pattern.exec(path);
			if (!found) continue;
			const params: Record<string, string> = {};
			names.forEach((name, index) => (params[name] = found[index + 1]));
			return { route, params };
		}
		return undefined;
	}
}
