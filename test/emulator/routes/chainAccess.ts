import type { ChainInfo } from '../chain/catalog';
import type { Chain } from '../chain/chain';
import { ApiError, badRequest, notFound } from '../http/errors';
import type { RequestContext } from '../http/router';

function checkChainIdFormat(chainId: string): void {
	if (!/^\d+$/.test(chainId)) throw badRequest(`chainId must be a decimal chain id, e.g. 43114 (got '${chainId}')`);
}

/** The chain named in the path, for the chain resource itself (unknown = 404). */
export function chainInfoFor(context: RequestContext): ChainInfo {
	checkChainIdFormat(context.params.chainId);
	const info = context.emulator.chains.info(context.params.chainId);
	if (!info) throw notFound(`chain ${context.params.chainId} was not found`);
	return info;
}

/** The chain named in the path, for its data routes: unknown = 400, unavailable node = 503. */
export function chainFor(context: RequestContext): Chain {
	const { chainId } = context.params;
	checkChainIdFormat(chainId);
	const info = context.emulator.chains.info(chainId);
	if (!info) throw badRequest(`chainId ${chainId} is not a supported chain`);
	if (info.status !== 'OK') {
		throw new ApiError(503, [`chain ${chainId} (${info.chainName}) is unavailable: its node is not responding, try again later`]);
	}
	return context.emulator.chains.get(chainId);
}

/** Reads an optional non-negative integer query parameter. */
export function readBlockParam(context: RequestContext, name: string): number | undefined {
	const raw = context.query.get(name);
	if (raw === null || raw === '') return undefined;
	if (!/^\d+$/.test(raw)) throw badRequest(`${name} must be a non-negative integer block number (got '${raw}')`);
	return Number(raw);
}

export function readEnumParam<T extends string>(
	context: RequestContext,
	name: string,
	values: readonly T[],
): T | undefined {
	const raw = context.query.get(name);
	if (raw === null || raw === '') return undefined;
	if (!values.includes(raw as T)) {
		throw badRequest(`${name} must be one of the following values: ${values.join(', ')} (got '${raw}')`);
	}
	return raw as T;
}

/**
 * Walks positions from `start` (inclusive) in one direction and collects up to `pageSize` that
 * pass `accept`; `next` is the position to resume from, set only when another match exists.
 */
export function walk(
	start: number,
	end: number,
	step: 1 | -1,
	pageSize: number,
	accept: (position: number) => boolean,
): { positions: number[]; next?: number } {
	const positions: number[] = [];
	let position = start;
	for (; step === 1 ? position < end : position > end; position += step) {
		if (!accept(position)) continue;
		if (positions.length === pageSize) return { positions, next: position };
		positions.push(position);
	}
	return { positions };
}
