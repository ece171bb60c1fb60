import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getWebhook } from '../../../shared/service/webhooks';
import { webhookLocator } from '../../commonParameters';
import { readWebhookCall, type WebhookCall } from '../../readParameters';
import { withAvaxThresholds } from './readableThresholds';

const properties: INodeProperties[] = [webhookLocator()];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['get'] } }, properties);

export const read = readWebhookCall;

export async function execute(this: IExecuteFunctions, { webhookId, retry }: WebhookCall, itemIndex: number): Promise<IDataObject> {
	return withAvaxThresholds(await getWebhook.call(this, webhookId, { itemIndex, retry }));
}
