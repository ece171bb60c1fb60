import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { returnAllAndLimit } from '../../commonParameters';
import { balanceAddressesParameter, balanceOperation, readBalanceRequest, readList, readTokenContract, tokenContractOption, type BalanceRequest } from './balanceReads';

const properties: INodeProperties[] = [
	chainLocatorParameter({ searchListMethod: 'searchChains' }),
	balanceAddressesParameter('ERC-721 tokens (NFTs)'),
	...returnAllAndLimit('Counted for each address: every address gives up to this many tokens'),
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [tokenContractOption] },
];

const description = updateDisplayOptions({ show: { resource: ['balance'], operation: ['getManyErc721'] } }, properties);

function read(context: IExecuteFunctions, itemIndex: number): BalanceRequest {
	return readBalanceRequest(context, itemIndex, 'erc721', readList(context, itemIndex), readTokenContract(context, itemIndex));
}

/** One item per address and token held, at the newest block: the service's ERC-721 list takes no block number. */
export const getManyErc721 = balanceOperation(description, read);
