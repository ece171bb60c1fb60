import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchChainList } from './searchChains';

/** Resource-locator search over the chains that support webhooks (for creating a webhook). */
export async function searchWebhookChains(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchChainList(this, { feature: 'webhooks' }, filter);
}
