import type { IDataObject } from 'n8n-workflow';

import { formatUnits, isAtLeast, type DecimalNumber } from './amounts';
import type { Delivery, DeliveryTransaction } from './deliverySchema';
import type { AddressLookup, AddressSet } from './addresses';

export type Direction = 'in' | 'out' | 'self';
export type AssetType = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'internal';

/** What a movement of value looks like before it is seen from a monitored address. */
interface Movement {
	from: string;
	to: string | null;
	assetType: AssetType;
	symbol: string | null;
	tokenName: string | null;
	contract: string | null;
	decimals: number;
	tokenId: string | null;
	amountRaw: string;
}

/** One item of the Transfers output: one movement of value seen from one monitored address. */
export interface Transfer extends Movement, IDataObject {
	direction: Direction;
	monitoredAddress: string;
	counterparty: string | null;
	amount: string;
	txHash: string;
	blockNumber: string;
	/** ISO 8601; null when the delivery's block time is not a representable date. */
	time: string | null;
	chainId: string | null;
	/** The delivery's; null for a transaction read from the chain (the poll trigger). */
	messageId: string | null;
	webhookId: string | null;
}

/** Where a transaction came from: a delivery (its message and webhook) or a read of the chain. */
type TransferSource = Pick<Transfer, 'messageId' | 'webhookId'>;
export const FROM_CHAIN: TransferSource = { messageId: null, webhookId: null };

export interface NativeToken {
	name?: string;
	symbol?: string;
	decimals?: number;
}

export interface TransferFilters {
	directions?: Direction[];
	assetTypes?: AssetType[];
	minimumAmount?: DecimalNumber;
	tokenContracts?: AddressSet;
}

const NATIVE_DECIMALS = 18;
/** Call types that move value; a DELEGATECALL or STATICCALL carries its caller's value without moving it. */
const VALUE_MOVING_INTERNAL_TYPES = new Set(['CALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

function lower(value: string | null | undefined): string | null {
	return typeof value === 'string' && value !== '' ? value.toLowerCase() : null;
}

const DIGITS = /^[0-9]+$/;
const NON_ZERO_DIGIT = /[1-9]/;

function isPositive(amountRaw: string): boolean {
	// Decimal digits (what the schema lets through as text) are positive when any digit is not 0.
	return DIGITS.test(amountRaw) ? NON_ZERO_DIGIT.test(amountRaw) : BigInt(amountRaw) > BigInt(0);
}

/** "0" (or 0) marks a failed transaction; any other value, whatever its type, does not. */
function isFailed(transaction: DeliveryTransaction): boolean {
	return transaction.txStatus === '0' || transaction.txStatus === 0;
}

const LATEST_DATE_MS = 8.64e15;

/** A block time is whole seconds since 1970; anything else (negative, fractional, past any date) has no time. */
export function isoTime(seconds: number): string | null {
	const ms = seconds * 1000;
	return Number.isInteger(seconds) && seconds >= 0 && ms <= LATEST_DATE_MS ? new Date(ms).toISOString() : null;
}

function allMovements(transaction: DeliveryTransaction, nativeToken: NativeToken): Movement[] {
	return [...nativeMovements(transaction, nativeToken), ...tokenMovements(transaction)];
}

function nativeMovements(transaction: DeliveryTransaction, nativeToken: NativeToken): Movement[] {
	const symbol = transaction.networkToken?.tokenSymbol ?? nativeToken.symbol ?? null;
	const tokenName = transaction.networkToken?.tokenName ?? nativeToken.name ?? null;
	const decimals = transaction.networkToken?.tokenDecimals ?? nativeToken.decimals ?? NATIVE_DECIMALS;
	// Native and internal transfers differ only in their ends, type and amount.
	const movement = (from: string, to: string | null | undefined, assetType: 'native' | 'internal', amountRaw: string): Movement => ({
		from, to: to ?? null, assetType, symbol, tokenName, contract: null, decimals, tokenId: null, amountRaw,
	});
	const movements: Movement[] = [];
	const topValue = transaction.value ?? '0';
	if (isPositive(topValue)) movements.push(movement(transaction.from, transaction.to, 'native', topValue));
	let topFrameSkipped = false;
	for (const internal of transaction.internalTransactions ?? []) {
		const type = (internal.internalTxType ?? 'CALL').toUpperCase();
		if (!VALUE_MOVING_INTERNAL_TYPES.has(type) || !isPositive(internal.value)) continue;
		// Traces start with the top-level call frame, which is the native transfer already listed.
		const isTopFrame =
			!topFrameSkipped &&
			lower(internal.from) === lower(transaction.from) &&
			lower(internal.to) === lower(transaction.to) &&
			internal.value === topValue;
		if (isTopFrame) {
			topFrameSkipped = true;
			continue;
		}
		movements.push(movement(internal.from, internal.to, 'internal', internal.value));
	}
	return movements;
}

/** ERC-721 and ERC-1155 transfers: whole units, the token ID on the transfer or its token object. */
function nftMovement(
	transfer: { from: string; to: string; tokenId?: string },
	assetType: 'erc721' | 'erc1155',
	token: { address: string; name?: string | null; symbol?: string | null; tokenId?: string },
	amountRaw: string,
): Movement {
	return {
		from: transfer.from,
		to: transfer.to,
		assetType,
		symbol: token.symbol ?? null,
		tokenName: token.name ?? null,
		contract: token.address,
		decimals: 0,
		tokenId: transfer.tokenId ?? token.tokenId ?? null,
		amountRaw,
	};
}

function tokenMovements(transaction: DeliveryTransaction): Movement[] {
	const movements: Movement[] = [];
	for (const transfer of transaction.erc20Transfers ?? []) {
		movements.push({
			from: transfer.from,
			to: transfer.to,
			assetType: 'erc20',
			symbol: transfer.erc20Token.symbol ?? null,
			tokenName: transfer.erc20Token.name ?? null,
			contract: transfer.erc20Token.address,
			decimals: transfer.erc20Token.decimals ?? 0,
			tokenId: null,
			amountRaw: transfer.value,
		});
	}
	for (const transfer of transaction.erc721Transfers ?? []) {
		// One ERC-721 transfer moves the one token of that ID.
		movements.push(nftMovement(transfer, 'erc721', transfer.erc721Token, '1'));
	}
	for (const transfer of transaction.erc1155Transfers ?? []) {
		movements.push(nftMovement(transfer, 'erc1155', transfer.erc1155Token, transfer.value));
	}
	return movements;
}

/** The directions from which a monitored address sees a movement (two when both ends are monitored). */
function perspectives(
	movement: Movement,
	monitored: AddressLookup,
): Array<{ direction: Direction; monitoredAddress: string; counterparty: string | null }> {
	const from = lower(movement.from);
	const to = lower(movement.to);
	const fromMonitored = from !== null && monitored.has(from);
	const toMonitored = to !== null && monitored.has(to);
	if (fromMonitored && from === to) {
		return [{ direction: 'self', monitoredAddress: movement.from, counterparty: movement.to }];
	}
	const seen: Array<{ direction: Direction; monitoredAddress: string; counterparty: string | null }> = [];
	if (fromMonitored) seen.push({ direction: 'out', monitoredAddress: movement.from, counterparty: movement.to });
	if (toMonitored && movement.to !== null) {
		seen.push({ direction: 'in', monitoredAddress: movement.to, counterparty: movement.from });
	}
	return seen;
}

function passesFilters(transfer: Transfer, filters: TransferFilters): boolean {
	if (filters.directions?.length && !filters.directions.includes(transfer.direction)) return false;
	if (filters.assetTypes?.length && !filters.assetTypes.includes(transfer.assetType)) return false;
	if (filters.tokenContracts?.size) {
		const contract = lower(transfer.contract);
		if (contract === null || !filters.tokenContracts.has(contract)) return false;
	}
	if (filters.minimumAmount && !isAtLeast(transfer.amountRaw, transfer.decimals, filters.minimumAmount)) {
		return false;
	}
	return true;
}

// Which addresses count as monitored, looked up case-insensitively: for the webhook trigger its
// own and its webhook's (its receive/evmDelivery.ts decides, reading the webhook again when a
// delivery mentions none of them); for the poll trigger its own.

/** Monitored when either has it: the trigger's own addresses and the webhook's, without copying a long list. */
export function eitherOf(first: AddressLookup, second: AddressLookup): AddressLookup {
	return { has: (address) => first.has(address) || second.has(address) };
}

/**
 * True when a monitored address appears anywhere in the delivery (party, token contract, log
 * emitter): every address a Transfers item can be about. None means an address unknown here.
 */
export function mentionsMonitored(delivery: Delivery, monitored: AddressLookup): boolean {
	const seen = (address: string | null | undefined) => typeof address === 'string' && monitored.has(address.toLowerCase());
	const transaction = delivery.event.transaction;
	if (seen(transaction.from) || seen(transaction.to)) return true;
	if ((transaction.internalTransactions ?? []).some((internal) => seen(internal.from) || seen(internal.to))) return true;
	if ((transaction.erc20Transfers ?? []).some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.erc20Token.address))) return true;
	if ((transaction.erc721Transfers ?? []).some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.erc721Token.address))) return true;
	if ((transaction.erc1155Transfers ?? []).some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.erc1155Token.address))) return true;
	return (delivery.event.logs ?? []).some((log) => seen(log.address));
}

/**
 * Turns one transaction into Transfers items: every native, internal, ERC-20, ERC-721 and ERC-1155
 * transfer that involves a monitored address, seen from that address. A failed transaction moved
 * nothing, so it yields no transfers.
 */
export function toTransfers(
	transaction: DeliveryTransaction,
	source: TransferSource,
	monitored: AddressLookup,
	nativeToken: NativeToken = {},
	filters: TransferFilters = {},
	fallbackChainId: string | null = null,
): Transfer[] {
	if (isFailed(transaction)) return [];

	const time = isoTime(transaction.blockTimestamp);
	const chainId = transaction.chainId ?? fallbackChainId;
	const transfers: Transfer[] = [];
	for (const movement of allMovements(transaction, nativeToken)) {
		for (const view of perspectives(movement, monitored)) {
			// Field order is column order in the Table view: what a person reads first, then the
			// long addresses and hashes.
			const transfer: Transfer = {
				direction: view.direction,
				amount: formatUnits(movement.amountRaw, movement.decimals),
				symbol: movement.symbol,
				counterparty: view.counterparty,
				assetType: movement.assetType,
				tokenName: movement.tokenName,
				tokenId: movement.tokenId,
				time,
				blockNumber: transaction.blockNumber,
				chainId,
				monitoredAddress: view.monitoredAddress,
				from: movement.from,
				to: movement.to,
				contract: movement.contract,
				decimals: movement.decimals,
				amountRaw: movement.amountRaw,
				txHash: transaction.txHash,
				messageId: source.messageId,
				webhookId: source.webhookId,
			};
			if (passesFilters(transfer, filters)) transfers.push(transfer);
		}
	}
	return transfers;
}
