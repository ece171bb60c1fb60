import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forgetSharedSecrets } from '../../../shared/memory/sharedSecrets';
import { rotateSharedSecret } from '../../../shared/service/webhooks';
import { readRetryPolicy, type ServiceCallParameters } from '../../readParameters';

const properties: INodeProperties[] = [
	{
		displayName:
			'Rotating replaces the secret that signs deliveries for every webhook of the account. Address Activity Triggers pick the new secret up by themselves: in this n8n process they refuse the old one at once; other processes of a queue-mode n8n read the new one at the first delivery signed with it. Any other receiver that verifies signatures needs the new secret.',
		name: 'rotateNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['sharedSecret'], operation: ['rotate'] } }, properties);

export const read = readRetryPolicy;

export async function execute(this: IExecuteFunctions, { retry }: ServiceCallParameters, itemIndex: number): Promise<IDataObject> {
	const secret = await rotateSharedSecret.call(this, { itemIndex, retry });
	// This process's triggers stop accepting the old secret now (their process memory is shared with this node's).
	forgetSharedSecrets();
	return { secret };
}
