import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { AddressSet, splitEntries, splitList } from '../../../shared/model/addresses';
import { utxosRoute } from '../../../shared/service/chainRoutes';
import { checkEntries, EntryKind, InvalidInputError } from '../../../shared/model/invalidInput';
import { returnAllAndLimit, sortOrderOption } from '../../commonParameters';
import { checkedCollection, parseBoolean, parsedParameter, readListCall, requiredText, type CollectionChecks } from '../../readParameters';
import { executeRouteList, type RouteListCall } from '../../routeOperations';
import { oneOf } from '../../../shared/parameters/parameterChecks';

const properties: INodeProperties[] = [
	{
		displayName: 'Network',
		name: 'network',
		type: 'options',
		default: 'mainnet',
		options: [
			{ name: 'Mainnet', value: 'mainnet' },
			{ name: 'Fuji (Test Network)', value: 'fuji' },
		],
	},
	{
		displayName: 'Blockchain',
		name: 'blockchainId',
		type: 'options',
		default: 'p-chain',
		options: [
			{ name: 'P-Chain', value: 'p-chain' },
			{ name: 'X-Chain', value: 'x-chain' },
			{ name: 'C-Chain', value: 'c-chain' },
		],
		description: 'The primary-network blockchain; use an expression for a raw blockchain ID',
	},
	{
		displayName: 'Addresses',
		name: 'addresses',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'avax1..., P-avax1...',
		description: 'Primary-network addresses, separated by commas, spaces or new lines, or an array from an expression',
	},
	...returnAllAndLimit(),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Asset ID',
				name: 'assetId',
				type: 'string',
				default: '',
				description: 'Only UTXOs of this asset',
			},
			{
				displayName: 'Include Spent',
				name: 'includeSpent',
				type: 'boolean',
				default: false,
				description: 'Whether to include UTXOs that were already spent',
			},
			sortOrderOption,
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['utxo'], operation: ['getMany'] } }, properties);

// Bech32 addresses, optionally with the chain prefix: avax1..., fuji1..., P-avax1...
const PRIMARY_NETWORK_ADDRESS = /^([PXC]-)?[a-z]{1,83}1[02-9ac-hj-np-z]{38}$/;

const NOT_A_PRIMARY_NETWORK_ADDRESS = new EntryKind('a primary-network address', 'primary-network addresses', 'expected bech32 such as avax1... or P-avax1...');

/** The list as the Address parameters read it (same separators, duplicates dropped ignoring case), each entry bech32; every bad one named at once. */
function parsePrimaryNetworkAddresses(value: unknown): string[] {
	const check = (entry: string) => (PRIMARY_NETWORK_ADDRESS.test(entry) ? entry : NOT_A_PRIMARY_NETWORK_ADDRESS);
	const entries = checkEntries(splitEntries(value, splitList, 'an address or a list of addresses'), check);
	const addresses = new AddressSet(entries).list;
	if (addresses.length === 0) throw new InvalidInputError('no address given', value);
	return addresses;
}

const parseBlockchainId = requiredText('Blockchain', /^[A-Za-z0-9-]+$/, 'a blockchain name (p-chain, x-chain, c-chain) or ID');

const OPTIONS: CollectionChecks = {
	assetId: ['Asset ID', requiredText('Asset ID', /^[A-Za-z0-9]+$/, 'an asset ID (letters and digits)')],
	includeSpent: ['Include Spent', parseBoolean],
	sortOrder: ['Sort Order', oneOf(['asc', 'desc'])],
};

export function read(context: IExecuteFunctions, itemIndex: number): RouteListCall {
	const network = parsedParameter(context, 'network', 'Network', itemIndex, oneOf(['mainnet', 'fuji']));
	const blockchainId = parsedParameter(context, 'blockchainId', 'Blockchain', itemIndex, parseBlockchainId);
	const addresses = parsedParameter(context, 'addresses', 'Addresses', itemIndex, parsePrimaryNetworkAddresses);
	const list = readListCall(context, itemIndex);
	const options = checkedCollection(context, itemIndex, 'options', OPTIONS, { dropEmpty: true });
	return { route: utxosRoute(network, blockchainId), ...list, qs: { ...options, addresses: addresses.join(',') } };
}

export const execute = executeRouteList;
