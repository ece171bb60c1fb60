import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fetchSharedSecret } from '../../../shared/service/webhooks';
import { readRetryPolicy, type ServiceCallParameters } from '../../readParameters';

export const description: INodeProperties[] = [];

export const read = readRetryPolicy;

export async function execute(this: IExecuteFunctions, { retry }: ServiceCallParameters, itemIndex: number): Promise<IDataObject> {
	return { secret: await fetchSharedSecret.call(this, { itemIndex, retry }) };
}
