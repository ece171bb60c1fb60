import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { InvalidInputError, quoteValue } from './errors';
import type { NativeToken } from './transfers';
import { chainRoute } from './chainRoutes';
import { serviceRequest, type ServiceCall, type ServiceContext } from './transport';

// All three nodes offer the chain searches.
export { getChains, getWebhookChains, searchChains, searchWebhookChains } from './chainSearch';

const CHAIN_ID_PATTERN = /^\d+$/;

/**
 * A chain resource locator: pick from the chains the service lists, or give the decimal chain
 * ID (also from an expression). `searchListMethod` names the node's listSearch entry that is
 * bound to searchChains or searchWebhookChains.
 */
export function chainLocatorProperty(
	overrides: Partial<INodeProperties> & { searchListMethod: 'searchChains' | 'searchWebhookChains' },
): INodeProperties {
	const { searchListMethod, ...rest } = overrides;
	return {
		displayName: 'Chain',
		name: 'chainId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The chain, as listed by the service, or its decimal chain ID (e.g. 43114 for the C-Chain, 43113 for its test network)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: '43114',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\d+$', errorMessage: 'A chain ID is a decimal number, e.g. 43114' },
					},
				],
			},
		],
		...rest,
	};
}

/**
 * The triggers' Chains (from version 3 of the webhook trigger, 2 of the poll trigger): one or more
 * chains picked from the service's list, or chain IDs from an expression (an array, or a text
 * with commas). Older versions keep the single Chain resource locator (`chainId`).
 */
export function chainsProperty(loadOptionsMethod: 'getChains' | 'getWebhookChains', description: string, shownFrom: number): INodeProperties {
	return {
		displayName: 'Chains',
		name: 'chainIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod },
		default: [],
		required: true,
		description: `${description}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		displayOptions: { show: { '@version': [{ _cnd: { gte: shownFrom } }] } },
	};
}

/** Validates a chain ID (decimal, as the service sends it) and returns it as a string. */
export function parseChainId(value: unknown): string {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!CHAIN_ID_PATTERN.test(text)) {
		throw new InvalidInputError(
			`${quoteValue(value)} is not a chain ID (expected a decimal number such as 43114)`,
			value,
		);
	}
	return text;
}

/** Name, symbol and decimals of the chain's native token, for amounts of native and internal transfers. */
export async function fetchNativeToken(
	this: ServiceContext,
	chainId: string,
	call: ServiceCall = {},
): Promise<NativeToken> {
	const chain = await serviceRequest.call(this, { method: 'GET', ...chainRoute(chainId), ...call });
	const token = (chain.networkToken ?? {}) as IDataObject;
	const nativeToken: NativeToken = {};
	if (typeof token.name === 'string') nativeToken.name = token.name;
	if (typeof token.symbol === 'string') nativeToken.symbol = token.symbol;
	if (typeof token.decimals === 'number') nativeToken.decimals = token.decimals;
	return nativeToken;
}

/** Chain IDs given as a list or as text separated by commas, spaces or new lines: each checked, each once, in order. */
export function parseChainIds(value: unknown): string[] {
	const entries = Array.isArray(value) ? (value as unknown[]) : typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : [value];
	const chainIds = [...new Set(entries.map(parseChainId))];
	if (chainIds.length === 0) throw new InvalidInputError('no chain is selected (pick at least one)', value);
	return chainIds;
}
