import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, INode, INodeProperties, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';

import { AddressSet } from '../model/addresses';
import { amountText, INEXACT_NUMBER, parseDecimal } from '../model/amounts';
import { quoteValue } from '../model/invalidInput';
import { parseChainId, parseChainIds } from '../model/chainIds';
import type { BalanceOptions } from '../model/balanceAlerts';
import type { AssetType, Direction, TransferFilters } from '../model/transfers';
import { readBalanceOptions } from './balanceParameters';
import { addressesParameter } from './webhookParameters';

// The parameters both triggers share: declared once, read once, the same wording when wrong.

export const watchAddressesParameter = addressesParameter(
	'The monitored addresses: 0x followed by 40 hexadecimal characters, separated by commas, spaces or new lines (or an array from an expression). Letter case does not matter.',
);

export const transferFiltersParameter: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	displayOptions: { show: { output: ['transfers'] } },
	options: [
		{
			displayName: 'Asset Types',
			name: 'assetTypes',
			type: 'multiOptions',
			default: [],
			description: 'Only transfers of these kinds. None selected means all.',
			options: [
				{ name: 'ERC-1155 Token', value: 'erc1155' },
				{ name: 'ERC-20 Token', value: 'erc20' },
				{ name: 'ERC-721 NFT', value: 'erc721' },
				{ name: 'Internal Transfer', value: 'internal' },
				{ name: 'Native Token', value: 'native' },
			],
		},
		{
			displayName: 'Directions',
			name: 'directions',
			type: 'multiOptions',
			default: [],
			description: 'Only transfers in these directions, seen from the monitored address. None selected means all.',
			options: [
				{ name: 'In (Received)', value: 'in' },
				{ name: 'Out (Sent)', value: 'out' },
				{ name: 'Self (to Itself)', value: 'self' },
			],
		},
		{
			// A number field (workflows saved when it was text keep their text, read the same way).
			displayName: 'Minimum Amount',
			name: 'minimumAmount',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description:
				'Only transfers of at least this amount, in token units with decimals (1.5 means 1.5 tokens). An NFT counts as 1.',
		},
		{
			displayName: 'Token Contracts',
			name: 'contracts',
			type: 'string',
			default: '',
			placeholder: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
			description:
				'Only token transfers of these contracts, separated by commas, spaces or new lines. Native and internal transfers have no contract and are left out when this is set.',
		},
	],
};

/** The parameters both triggers read the same way, with one wording for what is wrong. */
export function parsedTriggerParameter<T>(context: { getNode(): INode }, field: string, parse: () => T): T {
	try {
		return parse();
	} catch (error) {
		throw new NodeOperationError(context.getNode(), `Invalid ${field}: ${(error as Error).message}`, {
			description: `Correct the "${field}" parameter of the trigger; nothing was sent to the service.`,
		});
	}
}

/** The Filters collection of the Transfers output. */
function readTransferFilters(context: { getNode(): INode }, values: IDataObject): TransferFilters {
	const filters: TransferFilters = {
		directions: (values.directions as Direction[] | undefined) ?? [],
		assetTypes: (values.assetTypes as AssetType[] | undefined) ?? [],
	};
	const minimum = values.minimumAmount;
	if (minimum !== undefined && minimum !== null && minimum !== '') {
		filters.minimumAmount = parsedTriggerParameter(context, 'Minimum Amount', () => {
			const text = amountText(minimum);
			if (text === undefined) throw new Error(`${quoteValue(minimum)} ${INEXACT_NUMBER}`);
			const value = parseDecimal(text);
			if (value === undefined) throw new Error(`"${text}" is not a non-negative decimal number`);
			return value;
		});
	}
	filters.tokenContracts = parsedTriggerParameter(context, 'Token Contracts', () => AddressSet.parse(values.contracts ?? ''));
	return filters;
}

/** Decoded Events is the webhook trigger's only: chain data carries no logs. */
type TriggerOutput = 'transfers' | 'raw' | 'decodedEvents';

/** Chain, Addresses, Output and Filters: what both triggers need to put out the same items. */
export interface WatchParameters {
	/** One or more, each once, in the order given. */
	chainIds: string[];
	addresses: AddressSet;
	output: TriggerOutput;
	filters: TransferFilters;
	/** The Balances collection of the Transfers output (nothing asked for with Raw). */
	balances: BalanceOptions;
}

type TriggerContext = IHookFunctions | IWebhookFunctions | IPollFunctions;

/** Chains (a list, `chainIds`) from node version `chainsFrom` on; the single Chain (`chainId`) before it. */
function readChainIds(context: TriggerContext, chainsFrom: number): string[] {
	if (context.getNode().typeVersion >= chainsFrom) {
		return parsedTriggerParameter(context, 'Chains', () => parseChainIds(context.getNodeParameter('chainIds', [])));
	}
	return [parsedTriggerParameter(context, 'Chain', () => parseChainId(context.getNodeParameter('chainId', '', { extractValue: true })))];
}

/**
 * Reads and checks the parameters both triggers share. `addressList` parses Addresses (the webhook
 * trigger passes one that remembers long lists, as it reads them on every delivery).
 */
export function readWatchParameters(
	context: TriggerContext,
	chainsFrom: number,
	addressList: (value: unknown) => AddressSet = AddressSet.parse,
): WatchParameters {
	const chainIds = readChainIds(context, chainsFrom);
	const addresses = parsedTriggerParameter(context, 'Addresses', () => addressList(context.getNodeParameter('addresses', '')));
	if (addresses.size === 0) {
		throw new NodeOperationError(context.getNode(), 'No addresses to monitor', {
			description: 'Enter at least one address (0x followed by 40 hexadecimal characters) in "Addresses".',
		});
	}
	const output = context.getNodeParameter('output', 'transfers') as TriggerOutput;
	const filters = output === 'transfers' ? readTransferFilters(context, context.getNodeParameter('filters', {}) as IDataObject) : {};
	const balances =
		output === 'transfers'
			? readBalanceOptions(context.getNodeParameter('balances', {}) as IDataObject, (field, parse) => parsedTriggerParameter(context, field, parse))
			: { includeBalanceAfter: false };
	return { chainIds, addresses, output, filters, balances };
}
