import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { rotateSharedSecret } from '../../../shared/webhooks';
import { readRetryPolicy, type ServiceCallParameters } from '../../parameters';

const properties: INodeProperties[] = [
	{
		displayName:
			'Rotating replaces the secret that signs deliveries for every webhook of the account. A published (n8n 1.x: active) Address Activity Trigger picks the new secret up by itself at the first delivery signed with it; any other receiver that verifies signatures needs the new secret.',
		name: 'rotateNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['sharedSecret'], operation: ['rotate'] } }, properties);

export const read = readRetryPolicy;

export async function execute(this: IExecuteFunctions, { retry }: ServiceCallParameters, itemIndex: number): Promise<IDataObject> {
	const secret = await rotateSharedSecret.call(this, { itemIndex, retry });
	return { secret };
}
