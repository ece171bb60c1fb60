import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleteNamedWebhook } from '../../../shared/webhooks';
import { webhookLocator } from '../../fields';
import { retryPolicy, webhookIdParameter } from '../../parameters';

const properties: INodeProperties[] = [webhookLocator()];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['delete'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const webhookId = webhookIdParameter(this, itemIndex);
	const webhook = await deleteNamedWebhook.call(this, webhookId, { itemIndex, retry: retryPolicy(this, itemIndex) });
	return { ...(webhook ?? { id: webhookId }), deleted: true };
}
