import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { chainsRoute } from '../service/chainRoutes';
import { asListError } from '../service/serviceErrors';
import { serviceRequest } from '../service/transport';

/** Chain as GET /v1/chains lists it (the fields the choosers use). */
interface Chain extends IDataObject {
	chainId: string;
	chainName?: string;
	isTestnet?: boolean;
	status?: string;
}

/** The chains GET /v1/chains lists with `qs`, whose name or ID contains `filter`, as chooser entries. */
async function searchChainList(
	context: ILoadOptionsFunctions,
	qs: IDataObject,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { chains } = (await serviceRequest.call(context, { method: 'GET', ...chainsRoute(), qs }).catch((error: unknown) => {
		throw asListError(error);
	})) as { chains?: Chain[] };
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
				chain.status && chain.status !== 'OK' ? ` - ${chain.status.toLowerCase()}` : ''
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
export async function searchWebhookChains(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchChainList(this, { feature: 'webhooks' }, filter);
}

/** The triggers' Chains choice (multiOptions): every chain the service serves, by name. */
export async function getChains(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await searchChainList(this, {})).results.map(({ name, value }) => ({ name, value }));
}

/** The webhook trigger's Chains choice: the chains that support webhooks. */
export async function getWebhookChains(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await searchChainList(this, { feature: 'webhooks' })).results.map(({ name, value }) => ({ name, value }));
}
