import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { parseAddressesNamingAll } from '../../../shared/model/addresses';
import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { returnAllAndLimit } from '../../commonParameters';
import { parsedParameter } from '../../readParameters';
import { balanceAddressesParameter, balanceOperation, blockNumberOption, readBalanceRequest, readList, type BalanceRequest } from './balanceReads';

const properties: INodeProperties[] = [
	chainLocatorParameter({ searchListMethod: 'searchChains' }),
	balanceAddressesParameter('ERC-20 token balances'),
	...returnAllAndLimit('Counted for each address: every address gives up to this many balances'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			blockNumberOption,
			{
				displayName: 'Token Contracts',
				name: 'contracts',
				type: 'string',
				default: '',
				placeholder: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E, 0x...',
				description:
					'Only these ERC-20 contracts, separated by commas, spaces or new lines. A contract the address holds none of gives an item with balance 0. Empty: every token the address holds.',
			},
		],
	},
];

const description = updateDisplayOptions({ show: { resource: ['balance'], operation: ['getManyErc20'] } }, properties);

function parseContracts(value: unknown): string[] | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	return parseAddressesNamingAll(value).list;
}

function read(context: IExecuteFunctions, itemIndex: number): BalanceRequest {
	const contracts = parsedParameter(context, 'options.contracts', 'Token Contracts', itemIndex, parseContracts, '');
	return readBalanceRequest(context, itemIndex, 'erc20', readList(context, itemIndex), contracts);
}

/** One item per address and token held: the address's ERC-20 list, page after page. */
export const getManyErc20 = balanceOperation(description, read);
