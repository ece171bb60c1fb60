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
		displayOptions: { show: { resource: ['block'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a block', description: 'Get a block by number or hash' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many blocks', description: 'List the latest blocks of a chain' },
		],
		default: 'get',
	},
	...get.description,
	...getMany.description,
];
