import { badRequest } from '../http/errors';
import type { RequestContext } from '../http/router';
import { C_CHAIN_IDS } from '../primary/historyShapes';
import { bech32Decode } from '../primary/ids';
import { NETWORKS, P_CHAIN_ID, type PrimaryNetwork } from '../primary/vocabulary';

// Path and query parameters of the primary-network data routes, read and refused the same way.

export type PrimaryChainName = 'p-chain' | 'x-chain' | 'c-chain';

const X_CHAIN_IDS: Record<PrimaryNetwork, string> = {
	mainnet: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
	fuji: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
};
const HRPS: Record<PrimaryNetwork, string> = { mainnet: 'avax', fuji: 'fuji' };
export const MAX_ADDRESSES = 64;

export function readNetwork(context: RequestContext): PrimaryNetwork {
	const { network } = context.params;
	if (!(NETWORKS as readonly string[]).includes(network)) {
		throw badRequest(`network must be one of the following values: ${NETWORKS.join(', ')} (got '${network}')`);
	}
	return network as PrimaryNetwork;
}

/** `p-chain`, `x-chain`, `c-chain` or the chain's blockchain ID on that network. */
export function readBlockchain(context: RequestContext, network: PrimaryNetwork): PrimaryChainName {
	const { blockchainId } = context.params;
	const byId: Record<string, PrimaryChainName> = { [P_CHAIN_ID]: 'p-chain', [X_CHAIN_IDS[network]]: 'x-chain', [C_CHAIN_IDS[network]]: 'c-chain' };
	const name = ['p-chain', 'x-chain', 'c-chain'].includes(blockchainId) ? (blockchainId as PrimaryChainName) : byId[blockchainId];
	if (!name) {
		throw badRequest(`blockchainId must be p-chain, x-chain, c-chain or the blockchain ID of one of them on ${network} (got '${blockchainId}')`);
	}
	return name;
}

/**
 * The `addresses` query parameter: comma separated bech32 addresses of the network with a valid
 * checksum, each with or without its chain's prefix (`P-` on the P-Chain), answered as "P-fuji1..."
 * (the chain's letter and the address in lower case), each once.
 */
export function readPrimaryAddresses(context: RequestContext, network: PrimaryNetwork, chain: PrimaryChainName, required: boolean): string[] | undefined {
	const raw = context.query.get('addresses');
	if (raw === null || raw.trim() === '') {
		if (required) throw badRequest('addresses is required: one or more comma-separated primary network addresses');
		return undefined;
	}
	const letter = chain[0].toUpperCase();
	const hrp = HRPS[network];
	const addresses = new Set<string>();
	for (const entry of raw.split(',').map((address) => address.trim()).filter(Boolean)) {
		const text = entry.toLowerCase();
		const body = text.startsWith(`${letter.toLowerCase()}-`) ? text.slice(2) : text;
		const decoded = bech32Decode(body);
		if (decoded?.hrp !== hrp || decoded.bytes?.length !== 20) {
			throw badRequest(
				`invalid address format: '${entry}' is not a ${network} ${chain} address (${hrp}1... in bech32 with a valid checksum, optionally prefixed with ${letter}-)`,
			);
		}
		addresses.add(`${letter}-${body}`);
	}
	if (addresses.size > MAX_ADDRESSES) throw badRequest(`addresses must hold at most ${MAX_ADDRESSES} addresses (got ${addresses.size})`);
	return [...addresses];
}

/** An optional Unix time in seconds. */
export function readTimestamp(context: RequestContext, name: string): number | undefined {
	const raw = context.query.get(name);
	if (raw === null || raw === '') return undefined;
	if (!/^\d{1,12}$/.test(raw)) throw badRequest(`${name} must be a Unix timestamp in seconds, a non-negative integer (got '${raw}')`);
	return Number(raw);
}

/** An optional list parameter, repeated (`txTypes=A&txTypes=B`, as the SDK sends it) or comma separated. */
export function readList<T extends string>(context: RequestContext, name: string, values: readonly T[]): T[] | undefined {
	const given = context.query
		.getAll(name)
		.flatMap((value) => value.split(','))
		.map((value) => value.trim())
		.filter(Boolean);
	if (given.length === 0) return undefined;
	for (const value of given) {
		if (!values.includes(value as T)) throw badRequest(`each value in ${name} must be one of the following values: ${values.join(', ')} (got '${value}')`);
	}
	return given as T[];
}
