import type { INodeProperties } from 'n8n-workflow';

/**
 * A chain resource locator: pick from the chains the service lists, or give the decimal chain
 * ID (also from an expression). `searchListMethod` names the node's listSearch entry that is
 * bound to searchChains or searchWebhookChains.
 */
export function chainLocatorParameter(
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
export function chainsParameter(loadOptionsMethod: 'getChains' | 'getWebhookChains', description: string, shownFrom: number): INodeProperties {
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
