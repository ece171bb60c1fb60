import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../operation';
import * as add from './add';
import * as getMany from './getMany';
import * as remove from './remove';

export const operations: Record<string, OperationModule> = { add, remove, getMany };

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
		],
		default: 'add',
	},
	...add.description,
	...remove.description,
	...getMany.description,
];
