import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { MAX_PAGE_SIZE, serviceList } from '../../../shared/service/pagination';
import { getWebhook, webhookPath } from '../../../shared/service/webhooks';
import { returnAllAndLimit, webhookLocator } from '../../commonParameters';
import { readListCall, webhookIdParameter, type ListCall } from '../../readParameters';

const properties: INodeProperties[] = [webhookLocator(), ...returnAllAndLimit()];

export const description = updateDisplayOptions({ show: { resource: ['address'], operation: ['getMany'] } }, properties);

/** Beyond this many addresses, one read of the webhook (which carries its whole list) beats pages of 100. */
const PAGED_UP_TO = 2 * MAX_PAGE_SIZE;

interface AddressListCall extends ListCall {
	webhookId: string;
}

export function read(context: IExecuteFunctions, itemIndex: number): AddressListCall {
	const webhookId = webhookIdParameter(context, itemIndex);
	return { webhookId, ...readListCall(context, itemIndex) };
}

export async function execute(this: IExecuteFunctions, { webhookId, returnAll, limit, retry }: AddressListCall, itemIndex: number): Promise<IDataObject[]> {
	let addresses: string[] | undefined;
	// 100,000 addresses are 1 request this way instead of 1,000 pages.
	if (returnAll || limit > PAGED_UP_TO) {
		const webhook = await getWebhook.call(this, webhookId, { itemIndex, retry });
		// An EVM webhook lists addresses, the primary-network types their keys.
		const listed = webhook.metadata?.addresses ?? webhook.metadata?.keys;
		if (Array.isArray(listed)) addresses = listed.slice(0, returnAll ? undefined : limit);
	}
	addresses ??= (await serviceList.call(this, {
		path: `${webhookPath(webhookId)}/addresses`,
		listField: 'addresses',
		returnAll,
		limit,
		itemIndex,
		retry,
	})) as string[];
	return addresses.map((address) => ({ address, webhookId }));
}
