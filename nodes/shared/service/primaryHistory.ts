/**
 * The primary network's history routes, for the trigger's catch-up of P-Chain and validator events:
 * P-Chain transactions in a time window (of addresses, or of the whole network by transaction
 * type), balances at a moment, and the L1 validators with their fee balances.
 */
import type { IDataObject } from 'n8n-workflow';

import { l1ValidatorSchema, parsePChainTransaction, readBalances, type L1Validator, type PChainTransaction } from '../model/pChainHistory';
import { MAX_PAGE_SIZE, servicePages, type Page } from './pagination';
import { serviceRequest, type ServiceCall, type ServiceContext } from './transport';

const segment = (value: string) => encodeURIComponent(value);
const pChainPath = (network: string) => `/v1/networks/${segment(network)}/blockchains/p-chain`;

/** The service takes at most this many addresses in one history request. */
export const HISTORY_ADDRESSES_MAX = 64;

export interface PChainTransactionsQuery {
	network: string;
	/** P-Chain addresses ("P-fuji1..."); none: every transaction of the network (of `txTypes`). */
	addresses?: string[];
	txTypes?: string[];
	/** Seconds, inclusive. */
	startTimestamp: number;
	pageToken?: string;
}

/** One page of P-Chain transactions, oldest first; entries the trigger cannot read are counted, not returned. */
export async function fetchPChainTransactions(
	context: ServiceContext,
	query: PChainTransactionsQuery,
	call: ServiceCall = {},
): Promise<Page<PChainTransaction> & { unreadable: number }> {
	const qs: IDataObject = { startTimestamp: query.startTimestamp, sortOrder: 'asc' };
	if (query.addresses?.length) qs.addresses = query.addresses.join(',');
	if (query.txTypes?.length) qs.txTypes = query.txTypes.join(',');
	const pages = servicePages.call(context, { path: `${pChainPath(query.network)}/transactions`, listField: 'transactions', qs, pageToken: query.pageToken, limit: MAX_PAGE_SIZE, ...call });
	const page = (await pages.next()).value as Page<IDataObject> | undefined;
	const parsed = (page?.entries ?? []).map(parsePChainTransaction);
	const entries = parsed.filter((entry): entry is PChainTransaction => entry !== undefined);
	return { entries, nextPageToken: page?.nextPageToken, unreadable: parsed.length - entries.length };
}

/** The newest P-Chain transactions of `addresses` (up to `pageSize`, one request), newest first: where Execute step's sample starts reading. */
export async function fetchNewestPChainTransactions(context: ServiceContext, network: string, addresses: string[], pageSize: number, call: ServiceCall = {}): Promise<PChainTransaction[]> {
	const qs: IDataObject = { addresses: addresses.join(','), sortOrder: 'desc', pageSize };
	const answer = (await serviceRequest.call(context, { method: 'GET', path: `${pChainPath(network)}/transactions`, qs, ...call })) as IDataObject;
	const entries = Array.isArray(answer.transactions) ? (answer.transactions as IDataObject[]) : [];
	return entries.map(parsePChainTransaction).filter((entry): entry is PChainTransaction => entry !== undefined);
}

/** The P-Chain's height now: its newest transaction's block (undefined while it has none). */
export async function fetchPChainHeight(context: ServiceContext, network: string, call: ServiceCall = {}): Promise<number | undefined> {
	const answer = (await serviceRequest.call(context, { method: 'GET', path: `${pChainPath(network)}/transactions`, qs: { pageSize: 1, sortOrder: 'desc' }, ...call })) as IDataObject;
	const [newest] = Array.isArray(answer.transactions) ? (answer.transactions as IDataObject[]) : [];
	const height = Number(newest?.blockNumber);
	return Number.isSafeInteger(height) ? height : undefined;
}

/** The combined balances of `addresses` at `blockTimestamp` (seconds, inclusive), per balance type, in nAVAX. */
export async function fetchPChainBalances(context: ServiceContext, network: string, addresses: string[], blockTimestamp: number, call: ServiceCall = {}): Promise<Record<string, bigint>> {
	const answer = (await serviceRequest.call(context, {
		method: 'GET',
		path: `${pChainPath(network)}/balances`,
		qs: { addresses: addresses.join(','), blockTimestamp },
		...call,
	})) as IDataObject;
	return readBalances(answer.balances);
}

/**
 * The L1 validators of a subnet or a node (`active`: only those the service lists as active), every
 * page, and the P-Chain height they were read at (the first page's `blockHeight`).
 */
export async function fetchL1Validators(
	context: ServiceContext,
	network: string,
	of: { nodeId?: string; subnetId?: string },
	active: boolean,
	call: ServiceCall = {},
): Promise<{ validators: L1Validator[]; blockHeight?: number }> {
	const qs: IDataObject = { ...of, includeInactiveL1Validators: active ? 'false' : 'true' };
	const validators: L1Validator[] = [];
	let blockHeight: number | undefined;
	for await (const page of servicePages.call(context, { path: `/v1/networks/${segment(network)}/l1Validators`, listField: 'validators', qs, ...call })) {
		blockHeight ??= heightOf(page);
		for (const entry of page.entries) {
			const parsed = l1ValidatorSchema.safeParse(entry);
			if (parsed.success) validators.push(parsed.data);
		}
	}
	return { validators, blockHeight };
}

/** A page's `blockHeight` (a decimal string), when it has one. */
function heightOf(page: Pick<Page<unknown>, 'answer'>): number | undefined {
	const height = page.answer?.blockHeight;
	return (typeof height === 'string' && /^[0-9]+$/.test(height)) || typeof height === 'number' ? Number(height) : undefined;
}
