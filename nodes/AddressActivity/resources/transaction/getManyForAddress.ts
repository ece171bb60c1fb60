import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { isAddress } from '../../../shared/model/addresses';
import { addressTransactionsRoute } from '../../../shared/service/chainRoutes';
import { chainLocatorParameter } from '../../../shared/parameters/chainParameters';
import { InvalidInputError, quoteValue } from '../../../shared/model/invalidInput';
import { wholeNumber } from '../../../shared/model/numbers';
import { filtersCollection, returnAllAndLimit, sortOrderOption } from '../../commonParameters';
import { chainIdParameter, parsedParameter, readListCall } from '../../readParameters';
import { executeRouteList, type RouteListCall } from '../../routeOperations';
import { oneOf } from '../../../shared/parameters/parameterChecks';

const properties: INodeProperties[] = [
	chainLocatorParameter({ searchListMethod: 'searchChains' }),
	{
		displayName: 'Address',
		name: 'address',
		type: 'string',
		required: true,
		default: '',
		placeholder: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
		description: 'The address whose transactions to list',
	},
	...returnAllAndLimit(),
	filtersCollection([
		{
			displayName: 'End Block',
			name: 'endBlock',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: 'Only transactions up to this block number (inclusive)',
		},
		sortOrderOption,
		{
			displayName: 'Start Block',
			name: 'startBlock',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: 'Only transactions from this block number on (inclusive)',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['transaction'], operation: ['getManyForAddress'] } }, properties);

function parseAddress(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!isAddress(text)) {
		throw new InvalidInputError(
			`${quoteValue(value)} is not a valid address (expected 0x followed by 40 hexadecimal characters)`,
			value,
		);
	}
	return text;
}

function parseBlockNumber(value: unknown): number {
	return wholeNumber(value, 0, 'a block number (a whole number of 0 or more)');
}

export function read(context: IExecuteFunctions, itemIndex: number): RouteListCall {
	const chainId = chainIdParameter(context, itemIndex);
	const address = parsedParameter(context, 'address', 'Address', itemIndex, parseAddress);
	const list = readListCall(context, itemIndex, {
		startBlock: ['Start Block', parseBlockNumber],
		endBlock: ['End Block', parseBlockNumber],
		sortOrder: ['Sort Order', oneOf(['asc', 'desc'])],
	});
	const { startBlock, endBlock } = list.qs as { startBlock?: number; endBlock?: number };
	if (startBlock !== undefined && endBlock !== undefined && startBlock > endBlock) {
		throw new NodeOperationError(context.getNode(), `Invalid Start Block in item ${itemIndex + 1}: ${startBlock} is after the End Block ${endBlock}`, {
			itemIndex,
		});
	}
	return { route: addressTransactionsRoute(chainId, address), ...list };
}

export const execute = executeRouteList;
