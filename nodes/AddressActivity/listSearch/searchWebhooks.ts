import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { asListError } from '../../shared/errors';
import { servicePage } from '../../shared/pagination';
import type { Page } from '../../shared/pagination';

interface WebhookSummary extends IDataObject {
	id: string;
	name?: string;
	chainId?: string;
	status?: string;
	url?: string;
}

/** Webhooks of the account for the Webhook resource locator, one service page per call. */
export async function searchWebhooks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = (await servicePage
		.call(this, { path: '/v1/webhooks', listField: 'webhooks', pageToken: paginationToken })
		.catch((error: unknown) => {
			throw asListError(error);
		})) as Page<WebhookSummary>;
	const needle = (filter ?? '').trim().toLowerCase();
	const results = page.entries
		.filter(
			(webhook) =>
				needle === '' ||
				String(webhook.name ?? '').toLowerCase().includes(needle) ||
				webhook.id.toLowerCase().includes(needle),
		)
		.map((webhook) => ({
			name: `${webhook.name || webhook.id} (chain ${webhook.chainId ?? '?'}, ${webhook.status ?? 'unknown'})`,
			value: webhook.id,
		}));
	return { results, paginationToken: page.nextPageToken };
}
