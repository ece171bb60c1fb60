import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { InvalidInputError, quoteValue } from './errors';
import type { NativeToken } from './transfers';
import { chainRoute } from './chainRoutes';
import { serviceRequest, type ServiceContext, type ServiceRequest } from './transport';

// All three nodes offer the chain searches.
export { searchChains, searchWebhookChains } from './chainSearch';

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
	call: Pick<ServiceRequest, 'itemIndex' | 'retry' | 'timeoutMs' | 'deadline'> = {},
): Promise<NativeToken> {
	const chain = await serviceRequest.call(this, { method: 'GET', ...chainRoute(chainId), ...call });
	const token = (chain.networkToken ?? {}) as IDataObject;
	const nativeToken: NativeToken = {};
	if (typeof token.name === 'string') nativeToken.name = token.name;
	if (typeof token.symbol === 'string') nativeToken.symbol = token.symbol;
	if (typeof token.decimals === 'number') nativeToken.decimals = token.decimals;
	return nativeToken;
}
