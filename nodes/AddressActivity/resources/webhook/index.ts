import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../operation';
import * as create from './create';
import * as del from './delete';
import * as get from './get';
import * as getMany from './getMany';
import * as reactivate from './reactivate';
import * as update from './update';

export const operations: Record<string, OperationModule> = { create, get, getMany, update, reactivate, delete: del };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhook'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a webhook', description: 'Register a webhook for EVM or P-Chain address activity, or validator activity' },
			{ name: 'Delete', value: 'delete', action: 'Delete a webhook', description: 'Delete a webhook; deliveries stop' },
			{ name: 'Get', value: 'get', action: 'Get a webhook', description: 'Get a webhook with its addresses and status' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many webhooks', description: 'List the account\'s webhooks' },
			{
				name: 'Reactivate',
				value: 'reactivate',
				action: 'Reactivate a webhook',
				description: 'Turn a webhook the service deactivated on again; for an Address Activity Trigger\'s webhook, the trigger then puts out what it missed',
			},
			{ name: 'Update', value: 'update', action: 'Update a webhook', description: 'Change name, description, URL, status or what deliveries include' },
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getMany.description,
	...update.description,
	...reactivate.description,
	...del.description,
];
