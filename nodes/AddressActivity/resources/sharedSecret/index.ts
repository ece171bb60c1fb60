import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../operation';
import * as get from './get';
import * as rotate from './rotate';

export const operations: Record<string, OperationModule> = { get, rotate };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sharedSecret'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get the shared secret',
				description: 'Get the account\'s secret that signs deliveries (created on first use)',
			},
			{
				name: 'Rotate',
				value: 'rotate',
				action: 'Rotate the shared secret',
				description: 'Replace the account\'s signing secret with a new one',
			},
		],
		default: 'get',
	},
	...get.description,
	...rotate.description,
];
