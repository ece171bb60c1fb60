import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { returnAllAndLimit } from '../../commonParameters';
import { balanceAddressesParameter, balanceOperation, blockNumberOption, readBalanceRequest, readList, readTokenContract, tokenContractOption, type BalanceRequest } from './balanceReads';

const properties: INodeProperties[] = [
	chainLocatorParameter({ searchListMethod: 'searchChains' }),
	balanceAddressesParameter('ERC-1155 token balances'),
	...returnAllAndLimit('Counted for each address: every address gives up to this many tokens'),
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [blockNumberOption, tokenContractOption] },
];

const description = updateDisplayOptions({ show: { resource: ['balance'], operation: ['getManyErc1155'] } }, properties);

function read(context: IExecuteFunctions, itemIndex: number): BalanceRequest {
	return readBalanceRequest(context, itemIndex, 'erc1155', readList(context, itemIndex), readTokenContract(context, itemIndex));
}

/** One item per address, token and token ID held. */
export const getManyErc1155 = balanceOperation(description, read);
