import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../operation';
import { getManyErc1155 } from './getManyErc1155';
import { getManyErc20 } from './getManyErc20';
import { getManyErc721 } from './getManyErc721';
import { getNative } from './getNative';

export const operations: Record<string, OperationModule> = { getNative, getManyErc20, getManyErc721, getManyErc1155 };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['balance'] } },
		options: [
			{
				name: 'Get Native Balance',
				value: 'getNative',
				action: 'Get the native balance of addresses',
				description: 'Read how much of the chain\'s native token (AVAX on the C-Chain) each address holds, now or at a block',
			},
			{
				name: 'Get Many ERC-20 Balances',
				value: 'getManyErc20',
				action: 'Get many ERC-20 balances of addresses',
				description: 'List the ERC-20 tokens each address holds (all, or the contracts given), now or at a block',
			},
			{
				name: 'Get Many ERC-721 Tokens',
				value: 'getManyErc721',
				action: 'Get many ERC-721 tokens of addresses',
				description: 'List the NFTs (ERC-721) each address holds now',
			},
			{
				name: 'Get Many ERC-1155 Balances',
				value: 'getManyErc1155',
				action: 'Get many ERC-1155 balances of addresses',
				description: 'List the ERC-1155 tokens each address holds, now or at a block',
			},
		],
		default: 'getNative',
	},
	...getNative.description,
	...getManyErc20.description,
	...getManyErc721.description,
	...getManyErc1155.description,
];
