import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../operation';
import * as get from './get';
import * as getMany from './getMany';

export const operations: Record<string, OperationModule> = { get, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['chain'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a chain', description: 'Get a chain\'s details and features' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many chains', description: 'List the chains the service serves' },
		],
		default: 'getMany',
	},
	...get.description,
	...getMany.description,
];
