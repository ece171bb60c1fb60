import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { serviceList } from '../../../shared/transport';
import { returnAllAndLimit, webhookLocator } from '../../fields';
import { listParameters, retryPolicy, webhookIdParameter } from '../../parameters';

const properties: INodeProperties[] = [webhookLocator(), ...returnAllAndLimit()];

export const description = updateDisplayOptions({ show: { resource: ['address'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const webhookId = webhookIdParameter(this, itemIndex);
	const addresses = (await serviceList.call(this, {
		path: `/v1/webhooks/${webhookId}/addresses`,
		listField: 'addresses',
		...listParameters(this, itemIndex),
		itemIndex,
		retry: retryPolicy(this, itemIndex),
	})) as string[];
	return addresses.map((address) => ({ address, webhookId }));
}
