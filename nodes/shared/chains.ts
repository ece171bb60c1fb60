import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodeProperties } from 'n8n-workflow';

import { InvalidInputError, quoteValue } from './errors';
import { serviceRequest } from './transport';

/** Chain as GET /v1/chains lists it (the fields the choosers use). */
interface Chain extends IDataObject {
	chainId: string;
	chainName?: string;
	isTestnet?: boolean;
	status?: string;
}

async function searchChainList(
	context: ILoadOptionsFunctions,
	qs: IDataObject,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { chains } = (await serviceRequest.call(context, { method: 'GET', path: '/v1/chains', qs })) as {
		chains?: Chain[];
	};
	const needle = (filter ?? '').trim().toLowerCase();
	const results = (chains ?? [])
		.filter(
			(chain) =>
				needle === '' ||
				String(chain.chainName ?? '').toLowerCase().includes(needle) ||
				String(chain.chainId).includes(needle),
		)
		.map((chain) => ({
			name: `${chain.chainName ?? 'Chain'} - ${chain.chainId}${chain.isTestnet ? ' - test network' : ''}${
				chain.status && chain.status !== 'OK' ? ` - ${chain.status}` : ''
			}`,
			value: String(chain.chainId),
		}));
	return { results };
}

/** Resource-locator search over every chain the service serves (for chain data routes). */
export async function searchChains(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchChainList(this, {}, filter);
}

/** Resource-locator search over the chains that support webhooks (for creating a webhook). */
export async function searchWebhookChains(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchChainList(this, { feature: 'webhooks' }, filter);
}

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
