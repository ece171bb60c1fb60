import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { serviceRequest } from '../../../shared/transport';
import { webhookLocator } from '../../fields';
import { retryPolicy, webhookIdParameter } from '../../parameters';

const properties: INodeProperties[] = [webhookLocator()];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const webhookId = webhookIdParameter(this, itemIndex);
	return (await serviceRequest.call(this, {
		method: 'GET',
		path: `/v1/webhooks/${webhookId}`,
		itemIndex,
		retry: retryPolicy(this, itemIndex),
	})) as IDataObject;
}
