import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { rotateSharedSecret } from '../../../shared/webhooks';
import { retryPolicy } from '../../parameters';

const properties: INodeProperties[] = [
	{
		displayName:
			'Rotating replaces the secret that signs deliveries for every webhook of the account. Receivers that verify signatures, such as active Address Activity Triggers, must be re-activated to pick up the new secret.',
		name: 'rotateNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['sharedSecret'], operation: ['rotate'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const secret = await rotateSharedSecret.call(this, { itemIndex, retry: retryPolicy(this, itemIndex) });
	return { secret };
}
