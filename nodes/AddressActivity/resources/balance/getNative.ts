import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { balanceAddressesParameter, balanceOperation, blockNumberOption, readBalanceRequest, type BalanceRequest } from './balanceReads';

const properties: INodeProperties[] = [
	chainLocatorParameter({ searchListMethod: 'searchChains' }),
	balanceAddressesParameter('native token balances (AVAX on the C-Chain)'),
	{ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [blockNumberOption] },
];

const description = updateDisplayOptions({ show: { resource: ['balance'], operation: ['getNative'] } }, properties);

function read(context: IExecuteFunctions, itemIndex: number): BalanceRequest {
	return readBalanceRequest(context, itemIndex, 'native');
}

/** One item per address: its native balance, one request each. */
export const getNative = balanceOperation(description, read);
