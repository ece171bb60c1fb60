import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { serviceRequest } from '../../../shared/transport';
import { retryPolicy } from '../../parameters';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { secret } = await serviceRequest.call(this, {
		method: 'GET',
		path: '/v1/webhooks:getSharedSecret',
		itemIndex,
		retry: retryPolicy(this, itemIndex),
	});
	return { secret };
}
