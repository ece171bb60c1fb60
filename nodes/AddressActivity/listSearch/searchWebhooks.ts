import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { asListError } from '../../shared/service/serviceErrors';
import { servicePage } from '../../shared/service/pagination';
import type { Page } from '../../shared/service/pagination';
import { EVENT_TYPES } from '../../shared/model/primaryNetwork';

interface WebhookSummary extends IDataObject {
	id: string;
	name?: string;
	chainId?: string;
	status?: string;
	eventType?: string;
	url?: string;
}

/** What a webhook watches, in the words of the Event Type field; EVM webhooks with their chain. */
function webhookKind(webhook: WebhookSummary): string {
	if (webhook.eventType === EVENT_TYPES.primaryNetworkAddressActivity) return 'P-Chain address activity';
	if (webhook.eventType === EVENT_TYPES.validatorActivity) return 'validator activity';
	return `EVM address activity, chain ${webhook.chainId ?? '?'}`;
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
		.map((webhook) => ({ name: `${webhook.name || webhook.id} (${webhookKind(webhook)}, ${webhook.status ?? 'unknown'})`, value: webhook.id }));
	return { results, paginationToken: page.nextPageToken };
}
