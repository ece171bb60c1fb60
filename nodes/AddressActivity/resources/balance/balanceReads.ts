import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { parseAddressesNamingAll } from '../../../shared/model/addresses';
import { InvalidInputError, quoteValue } from '../../../shared/model/invalidInput';
import { MalformedBalanceError, nativeBalance, noBalance, tokenBalance, type Balance, type BalanceSource } from '../../../shared/model/balances';
import { wholeNumber } from '../../../shared/model/numbers';
import { addressesParameter } from '../../../shared/parameters/webhookParameters';
import { fetchNativeBalance, fetchTokenBalances, type TokenStandard } from '../../../shared/service/balances';
import { toNodeError } from '../../../shared/service/nodeErrors';
import type { RetryPolicy } from '../../../shared/service/transport';
import type { AllAtOnce, ItemOutcome, ReadItem } from '../../operation';
import { chainIdParameter, parsedParameter, readListCall, retryPolicy } from '../../readParameters';

// The four Balance operations share their parameters and their run: every address of every item
// is read once per execution (items asking for the same address, asset and block share the read),
// page after page, and each balance becomes an item paired to the item that asked.

export type BalanceKind = 'native' | TokenStandard;

/** What one item asks for, checked. */
export interface BalanceRequest {
	kind: BalanceKind;
	chainId: string;
	addresses: string[];
	blockNumber?: number;
	contracts?: string[];
	returnAll: boolean;
	limit: number;
	retry: RetryPolicy;
}

export function balanceAddressesParameter(what: string): INodeProperties {
	return addressesParameter(
		`The EVM addresses whose ${what} to read, separated by commas, spaces or new lines, or an array from an expression. Each address's balances are items of their own, paired to this item.`,
	);
}

export const blockNumberOption: INodeProperties = {
	displayName: 'At Block',
	name: 'blockNumber',
	type: 'string',
	default: '',
	placeholder: 'e.g. 54000000',
	description: 'Read the balances as they were after this block (a block number). Empty: after the newest block.',
};

export const tokenContractOption: INodeProperties = {
	displayName: 'Token Contract',
	name: 'contract',
	type: 'string',
	default: '',
	placeholder: '0x...',
	description: 'Only tokens of this contract (the service filters by one contract). Empty: every contract.',
};

function parseContract(value: unknown): string[] | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	const contracts = parseAddressesNamingAll(value).list;
	if (contracts.length > 1) {
		throw new InvalidInputError(`${quoteValue(value)} holds ${contracts.length} contracts, but this list is filtered by one (leave it empty for every contract)`, value);
	}
	return contracts;
}

/** The one Token Contract of the ERC-721 and ERC-1155 lists, if given. */
export function readTokenContract(context: IExecuteFunctions, itemIndex: number): string[] | undefined {
	return parsedParameter(context, 'options.contract', 'Token Contract', itemIndex, parseContract, '');
}

function parseBlockNumber(value: unknown): number | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	return wholeNumber(value, 0, 'a block number (a whole number of 0 or more)');
}

/** Chain, Addresses (every bad one named at once) and, where the route takes it, At Block. */
export function readBalanceRequest(
	context: IExecuteFunctions,
	itemIndex: number,
	kind: BalanceKind,
	list: { returnAll: boolean; limit: number } = { returnAll: true, limit: 0 },
	contracts?: string[],
): BalanceRequest {
	const chainId = chainIdParameter(context, itemIndex);
	const addresses = parsedParameter(context, 'addresses', 'Addresses', itemIndex, (value) => parseAddressesNamingAll(value).list);
	const blockNumber = kind === 'erc721' ? undefined : parsedParameter(context, 'options.blockNumber', 'At Block', itemIndex, parseBlockNumber, '');
	return { kind, chainId, addresses, blockNumber, contracts, ...list, retry: retryPolicy(context, itemIndex) };
}

/** The service's answer for one address, before it becomes items. */
type Read = { native: IDataObject } | { tokens: IDataObject[] };

function readKey(request: BalanceRequest, address: string): string {
	const contracts = (request.contracts ?? []).map((contract) => contract.toLowerCase()).sort();
	return JSON.stringify([request.kind, request.chainId, address.toLowerCase(), request.blockNumber, contracts, request.returnAll, request.limit]);
}

async function readAddress(context: IExecuteFunctions, request: BalanceRequest, address: string, itemIndex: number): Promise<Read> {
	const call = { itemIndex, retry: request.retry };
	const query = { chainId: request.chainId, address, blockNumber: request.blockNumber };
	if (request.kind === 'native') return { native: await fetchNativeBalance(context, query, call) };
	const tokens = await fetchTokenBalances(
		context,
		{ ...query, standard: request.kind, contracts: request.contracts, returnAll: request.returnAll, limit: request.limit },
		call,
	);
	return { tokens };
}

function toItems(request: BalanceRequest, address: string, read: Read): Balance[] {
	const source: BalanceSource = { address, chainId: request.chainId, blockNumber: request.blockNumber };
	if ('native' in read) return [nativeBalance(source, read.native)];
	const standard = request.kind as TokenStandard;
	const items = read.tokens.map((entry) => tokenBalance(source, standard, entry));
	// ERC-20 contracts asked for that the service did not list are held at 0, when the list was read to its end.
	if (standard === 'erc20' && request.contracts?.length && (request.returnAll || items.length < request.limit)) {
		const listed = new Set(items.map((item) => item.contract?.toLowerCase()));
		for (const contract of request.contracts) {
			if (!request.returnAll && items.length >= request.limit) break;
			if (!listed.has(contract.toLowerCase())) items.push(noBalance(source, 'erc20', contract));
		}
	}
	return items;
}

/** The failure of one address's read, saying which address when the item has several. */
function addressError(context: IExecuteFunctions, error: unknown, request: BalanceRequest, address: string, itemIndex: number) {
	if (error instanceof MalformedBalanceError) {
		return new NodeOperationError(context.getNode(), `The service's answer cannot be read: ${error.message}`, { itemIndex });
	}
	const failure = toNodeError(context, error, itemIndex);
	if (request.addresses.length > 1 && failure instanceof NodeApiError && !failure.message.includes(address)) {
		failure.message = `${failure.message} (reading the balances of ${address})`;
	}
	return failure;
}

/** One address's balances as items: read once per execution (`reads` holds what was read). */
async function balancesOf(context: IExecuteFunctions, reads: Map<string, Read>, request: BalanceRequest, address: string, itemIndex: number): Promise<Balance[]> {
	const key = readKey(request, address);
	try {
		let answer = reads.get(key);
		if (answer === undefined) {
			answer = await readAddress(context, request, address, itemIndex);
			reads.set(key, answer);
		}
		return toItems(request, address, answer);
	} catch (error) {
		throw addressError(context, error, request, address, itemIndex);
	}
}

/** The operation's run over all items: reads shared across items, item order kept; without Continue On Fail the first failure stops. */
export function balanceOperation(
	description: INodeProperties[],
	read: (context: IExecuteFunctions, itemIndex: number) => BalanceRequest,
): AllAtOnce<BalanceRequest> {
	return {
		description,
		read,
		async executeAll(this: IExecuteFunctions, items: Array<ReadItem<BalanceRequest>>): Promise<ItemOutcome[]> {
			const reads = new Map<string, Read>();
			const outcomes: ItemOutcome[] = [];
			for (const { itemIndex, parameters: request } of items) {
				try {
					const result: Balance[] = [];
					for (const address of request.addresses) result.push(...(await balancesOf(this, reads, request, address, itemIndex)));
					outcomes.push({ itemIndex, result });
				} catch (error) {
					outcomes.push({ itemIndex, error });
					if (!this.continueOnFail()) break;
				}
			}
			return outcomes;
		},
	};
}

/** Return All and Limit of a list operation; the Limit counts each address's balances. */
export function readList(context: IExecuteFunctions, itemIndex: number): { returnAll: boolean; limit: number } {
	const { returnAll, limit } = readListCall(context, itemIndex);
	return { returnAll, limit };
}
