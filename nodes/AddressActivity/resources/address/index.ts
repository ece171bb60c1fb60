import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../operation';
import * as add from './add';
import * as getMany from './getMany';
import * as remove from './remove';
import * as sync from './sync';

export const operations: Record<string, OperationModule> = { add, remove, getMany, sync };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['address'] } },
		options: [
			{ name: 'Add', value: 'add', action: 'Add addresses to a webhook', description: 'Start monitoring addresses with a webhook' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many monitored addresses', description: 'List the addresses a webhook monitors' },
			{ name: 'Remove', value: 'remove', action: 'Remove addresses from a webhook', description: 'Stop monitoring addresses' },
			{
				name: 'Sync',
				value: 'sync',
				action: 'Sync a webhook to a list of addresses',
				description: 'Make the webhook monitor exactly these addresses: add what is missing, remove the rest',
			},
		],
		default: 'add',
	},
	...add.description,
	...remove.description,
	...sync.description,
	...getMany.description,
];
