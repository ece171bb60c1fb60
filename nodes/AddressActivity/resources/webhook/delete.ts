import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleteNamedWebhook } from '../../../shared/service/webhooks';
import { webhookLocator } from '../../commonParameters';
import { readWebhookCall, type WebhookCall } from '../../readParameters';
import { withAvaxThresholds } from './readableThresholds';

const properties: INodeProperties[] = [webhookLocator()];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['delete'] } }, properties);

export const read = readWebhookCall;

export async function execute(this: IExecuteFunctions, { webhookId, retry }: WebhookCall, itemIndex: number): Promise<IDataObject> {
	const webhook = await deleteNamedWebhook.call(this, webhookId, { itemIndex, retry });
	return { ...(webhook ? withAvaxThresholds(webhook) : { id: webhookId }), deleted: true };
}
