import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../operation';
import * as getMany from './getMany';

export const operations: Record<string, OperationModule> = { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['utxo'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many unspent outputs',
				description: 'List the UTXOs of primary-network addresses',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
