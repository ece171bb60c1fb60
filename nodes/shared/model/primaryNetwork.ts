// The vocabulary of the service's two primary-network event types, as the vendor SDK
// (@avalanche-sdk/chainkit 0.3.13, models primarynetworkaddressactivity*, validatoractivity*,
// commonbalancetype) names it. Action node and triggers take every name and check from here.
import { createHash } from 'crypto';

import { amountText, formatUnits, INEXACT_NUMBER, parseDecimal } from './amounts';
import { EntryKind, InvalidInputError } from './invalidInput';

export const EVENT_TYPES = {
	addressActivity: 'address_activity',
	primaryNetworkAddressActivity: 'primary_network_address_activity',
	validatorActivity: 'validator_activity',
} as const;
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/** What deliveries of primary_network_address_activity webhooks carry as their eventType. */
export const PLATFORM_DELIVERY_EVENT_TYPE = 'platform_address_activity';

export const NETWORKS = ['mainnet', 'fuji'] as const;
export type PrimaryNetwork = (typeof NETWORKS)[number];

/** The P-Chain's blockchain ID, the same on mainnet and fuji: the chainId of P-Chain webhooks. */
export const P_CHAIN_ID = '11111111111111111111111111111111LpoYY';

export const ADDRESS_SUB_EVENTS = ['balance_change', 'balance_threshold', 'reward_distribution'] as const;

export const VALIDATOR_SUB_EVENTS = [
	'validator_stake',
	'delegator_stake',
	'reward_distribution',
	'l1_validator_balance_increased',
	'l1_validator_disabled',
	'l1_validator_removed',
	'l1_validator_balance_threshold',
] as const;
/** The vendor's documentation also names the threshold sub-event so: deliveries may carry it. */
export const VALIDATOR_THRESHOLD_ALIAS = 'l1_validator_threshold_reached';

export const VALIDATOR_KEY_TYPES = ['nodeId', 'subnetId'] as const;

/** The SDK's CommonBalanceType, in its order. */
export const BALANCE_TYPES = [
	'unlockedUnstaked',
	'unlockedStaked',
	'lockedPlatform',
	'lockedStakeable',
	'lockedStaked',
	'pendingStaked',
	'unlocked',
	'locked',
	'atomicMemoryUnlocked',
	'atomicMemoryLocked',
] as const;

/** 1 AVAX = 10^9 nAVAX on the primary network. */
const NAVAX_DECIMALS = 9;

/**
 * "1.5" AVAX (text, or a number from a number field) -> "1500000000" nAVAX, exactly; refuses what is
 * not a non-negative amount with at most 9 decimals, and a number with more digits than it keeps exactly.
 */
export function avaxToNavax(value: unknown): string {
	const text = amountText(value);
	if (text === undefined) throw new InvalidInputError(INEXACT_NUMBER, value);
	const parsed = /e/i.test(text) ? undefined : parseDecimal(text);
	if (parsed === undefined) throw new InvalidInputError('is not an amount of AVAX (a number such as 25 or 0.5)', value);
	if (parsed.scale > NAVAX_DECIMALS) {
		throw new InvalidInputError(`has more than ${NAVAX_DECIMALS} decimals (1 nAVAX = 0.000000001 AVAX)`, value);
	}
	return (parsed.digits * BigInt(10) ** BigInt(NAVAX_DECIMALS - parsed.scale)).toString();
}

/** "1500000000" nAVAX -> "1.5" AVAX. */
export function navaxToAvax(navax: string): string {
	const negative = navax.startsWith('-');
	const formatted = formatUnits(negative ? navax.slice(1) : navax, NAVAX_DECIMALS);
	return negative ? `-${formatted}` : formatted;
}

const BECH32_CHARS = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const P_CHAIN_ADDRESS = /^p-(avax|fuji|local)1([qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38})$/;

function bech32Checksum(hrp: string, data: number[]): boolean {
	const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
	const values = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data];
	let checksum = 1;
	for (const value of values) {
		const top = checksum >> 25;
		checksum = ((checksum & 0x1ffffff) << 5) ^ value;
		for (let bit = 0; bit < 5; bit++) if ((top >> bit) & 1) checksum ^= generators[bit];
	}
	return checksum === 1;
}

export const NOT_A_P_CHAIN_ADDRESS = new EntryKind('a P-Chain address', 'P-Chain addresses', 'P-avax1... on mainnet, P-fuji1... on fuji');
export const NOT_A_NODE_ID = new EntryKind('a node ID', 'node IDs', 'NodeID- followed by 32 or 33 letters and digits');
export const NOT_A_SUBNET_ID = new EntryKind('a subnet ID', 'subnet IDs', '49 or 50 letters and digits, cb58');

/** A P-Chain address ("P-avax1..." or "P-fuji1...", bech32 with a valid checksum) as the service lists it. */
export function parsePChainAddress(value: unknown): string {
	const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
	const match = P_CHAIN_ADDRESS.exec(text);
	if (match === null || !bech32Checksum(match[1], [...match[2]].map((c) => BECH32_CHARS.indexOf(c)))) {
		throw new InvalidInputError(NOT_A_P_CHAIN_ADDRESS.notSaid(1), value);
	}
	return `P-${text.slice(2)}`;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The payload of a cb58 text (base58 with a 4-byte sha256 checksum); undefined when it is not one. */
function cb58Payload(text: string): Buffer | undefined {
	let number = BigInt(0);
	for (const char of text) {
		const digit = BASE58.indexOf(char);
		if (digit < 0) return undefined;
		number = number * BigInt(58) + BigInt(digit);
	}
	const hex = number.toString(16);
	const leadingZeros = text.length - text.replace(/^1+/, '').length;
	const bytes = Buffer.concat([Buffer.alloc(leadingZeros), Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')]);
	if (bytes.length < 5) return undefined;
	const payload = bytes.subarray(0, -4);
	const checksum = createHash('sha256').update(payload).digest().subarray(-4);
	return checksum.equals(bytes.subarray(-4)) ? payload : undefined;
}

/** A validator's node ID: "NodeID-" and a cb58 20-byte ID. */
export function parseNodeId(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	const payload = text.startsWith('NodeID-') ? cb58Payload(text.slice('NodeID-'.length)) : undefined;
	if (payload?.length !== 20) throw new InvalidInputError(NOT_A_NODE_ID.notSaid(1), value);
	return text;
}

/** A subnet (L1) ID: a cb58 32-byte ID such as 11111111111111111111111111111111LpoYY. */
export function parseSubnetId(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (cb58Payload(text)?.length !== 32) throw new InvalidInputError(NOT_A_SUBNET_ID.notSaid(1), value);
	return text;
}
