import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fetchSharedSecret } from '../../../shared/webhooks';
import { retryPolicy } from '../../parameters';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return { secret: await fetchSharedSecret.call(this, { itemIndex, retry: retryPolicy(this, itemIndex) }) };
}
