import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { serviceRequest } from '../shared/transport';

/** Chains that support webhooks, for the Chain parameter's list (GET /v1/chains is not paginated). */
export async function searchChains(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const response = await serviceRequest.call(this, { method: 'GET', path: '/v1/chains', qs: { feature: 'webhooks' } });
	const chains = (Array.isArray(response.chains) ? response.chains : []) as IDataObject[];
	const needle = (filter ?? '').trim().toLowerCase();
	const results = chains
		.map((chain) => ({
			name: `${String(chain.chainName ?? 'Chain')} (${String(chain.chainId)})${chain.isTestnet === true ? ' - test network' : ''}`,
			value: String(chain.chainId),
			url: typeof chain.explorerUrl === 'string' ? chain.explorerUrl : undefined,
		}))
		.filter((chain) => needle === '' || chain.name.toLowerCase().includes(needle));
	return { results };
}
