import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../operation';
import * as get from './get';
import * as getMany from './getMany';
import * as getManyForAddress from './getManyForAddress';

export const operations: Record<string, OperationModule> = { get, getMany, getManyForAddress };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['transaction'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a transaction', description: 'Get a transaction with its transfers' },
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many transactions',
				description: 'List the latest transactions of a chain',
			},
			{
				name: 'Get Many for Address',
				value: 'getManyForAddress',
				action: 'Get many transactions for an address',
				description: 'List the transactions of one address, optionally within a block range',
			},
		],
		default: 'get',
	},
	...get.description,
	...getMany.description,
	...getManyForAddress.description,
];
