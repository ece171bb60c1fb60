import type { IDataObject } from 'n8n-workflow';

import { formatUnits, isAtLeast, type DecimalNumber } from './amounts';
import type { Delivery, DeliveryTransaction } from './deliverySchema';

export type Direction = 'in' | 'out' | 'self';
export type AssetType = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'internal';

/** One item of the Transfers output: one movement of value seen from one monitored address. */
export interface Transfer extends IDataObject {
	direction: Direction;
	monitoredAddress: string;
	counterparty: string | null;
	from: string;
	to: string | null;
	assetType: AssetType;
	symbol: string | null;
	tokenName: string | null;
	contract: string | null;
	decimals: number;
	tokenId: string | null;
	amountRaw: string;
	amount: string;
	txHash: string;
	blockNumber: string;
	/** ISO 8601; null when the delivery's block time is not a representable date. */
	time: string | null;
	chainId: string | null;
	messageId: string;
	webhookId: string;
}

export interface NativeToken {
	name?: string;
	symbol?: string;
	decimals?: number;
}

export interface TransferFilters {
	directions?: Direction[];
	assetTypes?: AssetType[];
	minimumAmount?: DecimalNumber;
	/** Lower-case token contract addresses. */
	tokenContracts?: string[];
}

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

/** Anything that answers whether a lower-case address is monitored. */
export interface AddressLookup {
	has(lowerCaseAddress: string): boolean;
}

/** Lookups made here: their addresses are lower-case already. */
const LOOKUPS = new WeakSet<object>();
/** The lookup made of a list, while the list lives (a long list parsed once is used by many deliveries). */
const LOOKUP_OF = new WeakMap<object, AddressLookup>();

/**
 * The monitored addresses, lower-case, for lookups. A delivery is looked at more than once
 * (does it concern a known address? which transfers?), and the list can be long: building the
 * set once saves lowering every address again.
 */
export function monitoredSet(addresses: Iterable<string> | AddressLookup): AddressLookup {
	if (LOOKUPS.has(addresses)) return addresses as AddressLookup;
	const built = LOOKUP_OF.get(addresses);
	if (built !== undefined) return built;
	const monitored = new Set<string>();
	for (const address of addresses as Iterable<string>) monitored.add(address.toLowerCase());
	LOOKUPS.add(monitored);
	LOOKUP_OF.set(addresses, monitored);
	return monitored;
}

/** Monitored when either set has it: the trigger's own addresses and the webhook's, without copying a long list. */
export function eitherOf(first: AddressLookup, second: ReadonlySet<string> | AddressLookup): AddressLookup {
	const lookup: AddressLookup = { has: (address) => first.has(address) || second.has(address) };
	LOOKUPS.add(lookup);
	return lookup;
}

/** "0" (or 0) marks a failed transaction; any other value, whatever its type, does not. */
function isFailed(transaction: DeliveryTransaction): boolean {
	return transaction.txStatus === '0' || transaction.txStatus === 0;
}

const LATEST_DATE_MS = 8.64e15;

/** The block time as ISO 8601, or null when it is no date JavaScript can represent. */
/** A block time is whole seconds since 1970; anything else (negative, fractional, past any date) has no time. */
function isoTime(seconds: number): string | null {
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
	if (filters.tokenContracts?.length) {
		const contract = lower(transfer.contract);
		if (contract === null || !filters.tokenContracts.includes(contract)) return false;
	}
	if (filters.minimumAmount && !isAtLeast(transfer.amountRaw, transfer.decimals, filters.minimumAmount)) {
		return false;
	}
	return true;
}

/**
 * True when toTransfers, without filters, would yield an item: some movement of the delivery
 * involves a monitored address. Cheaper than toTransfers, as no item or amount text is built.
 */
export function involvesMonitored(delivery: Delivery, monitoredAddresses: Iterable<string> | AddressLookup): boolean {
	const transaction = delivery.event.transaction;
	if (isFailed(transaction)) return false;
	const monitored = monitoredSet(monitoredAddresses);
	return allMovements(transaction, {}).some((movement) => perspectives(movement, monitored).length > 0);
}

/**
 * True when a monitored address appears anywhere in the delivery: as sender or receiver (also of
 * a transfer that moved nothing or failed), as a token contract, or as a log's emitter. A delivery
 * that mentions none was sent for an address this process does not know of yet.
 */
export function mentionsMonitored(delivery: Delivery, monitoredAddresses: Iterable<string> | AddressLookup): boolean {
	const monitored = monitoredSet(monitoredAddresses);
	const seen = (address: string | null | undefined) => typeof address === 'string' && monitored.has(address.toLowerCase());
	const transaction = delivery.event.transaction;
	if (seen(transaction.from) || seen(transaction.to)) return true;
	if ((transaction.internalTransactions ?? []).some((internal) => seen(internal.from) || seen(internal.to))) return true;
	const tokenTransfers = [
		...(transaction.erc20Transfers ?? []).map((transfer) => ({ ...transfer, contract: transfer.erc20Token.address })),
		...(transaction.erc721Transfers ?? []).map((transfer) => ({ ...transfer, contract: transfer.erc721Token.address })),
		...(transaction.erc1155Transfers ?? []).map((transfer) => ({ ...transfer, contract: transfer.erc1155Token.address })),
	];
	if (tokenTransfers.some((transfer) => seen(transfer.from) || seen(transfer.to) || seen(transfer.contract))) return true;
	return (delivery.event.logs ?? []).some((log) => seen(log.address));
}

/**
 * Turns one delivery into Transfers items: every native, internal, ERC-20, ERC-721 and ERC-1155
 * transfer that involves a monitored address, seen from that address. A failed transaction moved
 * nothing, so it yields no transfers.
 */
export function toTransfers(
	delivery: Delivery,
	monitoredAddresses: Iterable<string> | AddressLookup,
	nativeToken: NativeToken = {},
	filters: TransferFilters = {},
	fallbackChainId: string | null = null,
): Transfer[] {
	const transaction = delivery.event.transaction;
	if (isFailed(transaction)) return [];
	const monitored = monitoredSet(monitoredAddresses);

	const time = isoTime(transaction.blockTimestamp);
	const chainId = transaction.chainId ?? fallbackChainId;
	const transfers: Transfer[] = [];
	for (const movement of allMovements(transaction, nativeToken)) {
		for (const view of perspectives(movement, monitored)) {
			const transfer: Transfer = {
				direction: view.direction,
				monitoredAddress: view.monitoredAddress,
				counterparty: view.counterparty,
				from: movement.from,
				to: movement.to,
				assetType: movement.assetType,
				symbol: movement.symbol,
				tokenName: movement.tokenName,
				contract: movement.contract,
				decimals: movement.decimals,
				tokenId: movement.tokenId,
				amountRaw: movement.amountRaw,
				amount: formatUnits(movement.amountRaw, movement.decimals),
				txHash: transaction.txHash,
				blockNumber: transaction.blockNumber,
				time,
				chainId,
				messageId: delivery.messageId,
				webhookId: delivery.webhookId,
			};
			if (passesFilters(transfer, filters)) transfers.push(transfer);
		}
	}
	return transfers;
}
