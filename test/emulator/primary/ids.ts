import { createHash } from 'node:crypto';

import type { PrimaryNetwork } from './vocabulary';

// Primary-network identifiers, encoded and decoded by the emulator itself: bech32 (BIP 173) for
// P-Chain addresses, cb58 (base58 with a 4-byte sha256 checksum) for node, subnet and transaction
// IDs. Checked against published vectors in tests/ids.test.ts.

const BECH32_CHARS = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Refusal of an identifier; `value` is what was given. */
export class InvalidIdError extends Error {
	constructor(
		message: string,
		readonly value: unknown,
	) {
		super(message);
	}
}

function polymod(values: number[]): number {
	const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
	let checksum = 1;
	for (const value of values) {
		const top = checksum >> 25;
		checksum = ((checksum & 0x1ffffff) << 5) ^ value;
		for (let bit = 0; bit < 5; bit++) if ((top >> bit) & 1) checksum ^= generators[bit];
	}
	return checksum;
}

const expandHrp = (hrp: string) => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

/** Regroups bits (8 to 5 or 5 to 8); undefined when `pad` is false and the leftover bits are not a zero padding. */
function regroup(values: number[], from: number, to: number, pad: boolean): number[] | undefined {
	const out: number[] = [];
	let accumulator = 0;
	let bits = 0;
	for (const value of values) {
		accumulator = ((accumulator << from) | value) & 0xffffff;
		bits += from;
		while (bits >= to) {
			bits -= to;
			out.push((accumulator >> bits) & ((1 << to) - 1));
		}
	}
	if (pad) {
		if (bits > 0) out.push((accumulator << (to - bits)) & ((1 << to) - 1));
	} else if (bits >= from || (accumulator << (to - bits)) & ((1 << to) - 1)) {
		return undefined;
	}
	return out;
}

/** Bech32 (BIP 173) text of `bytes` under the human-readable part `hrp`. */
export function bech32Encode(hrp: string, bytes: Uint8Array): string {
	const data = regroup([...bytes], 8, 5, true)!;
	const mod = polymod([...expandHrp(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
	const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >> (5 * (5 - i))) & 31);
	return `${hrp}1${[...data, ...checksum].map((value) => BECH32_CHARS[value]).join('')}`;
}

/**
 * A bech32 string's human-readable part, its 5-bit data words and, when they regroup into whole
 * bytes, its payload; undefined when BIP 173's rules refuse it (length, one letter case,
 * separator, alphabet, checksum).
 */
export function bech32Decode(text: string): { hrp: string; words: number[]; bytes?: Buffer } | undefined {
	if (text.length > 90 || [...text].some((c) => c.charCodeAt(0) < 33 || c.charCodeAt(0) > 126)) return undefined;
	if (text !== text.toLowerCase() && text !== text.toUpperCase()) return undefined;
	const lower = text.toLowerCase();
	const separator = lower.lastIndexOf('1');
	if (separator < 1 || separator + 7 > lower.length) return undefined;
	const hrp = lower.slice(0, separator);
	const data = [...lower.slice(separator + 1)].map((c) => BECH32_CHARS.indexOf(c));
	if (data.includes(-1) || polymod([...expandHrp(hrp), ...data]) !== 1) return undefined;
	const words = data.slice(0, -6);
	const bytes = regroup(words, 5, 8, false);
	return { hrp, words, ...(bytes ? { bytes: Buffer.from(bytes) } : {}) };
}

/** cb58: base58 of the bytes followed by the last 4 bytes of their sha256. */
export function cb58(bytes: Uint8Array): string {
	const full = [...bytes, ...createHash('sha256').update(bytes).digest().subarray(-4)];
	// base-256 to base-58 by repeated division of the digit array (no big integers)
	const digits: number[] = [];
	for (const byte of full) {
		let carry = byte;
		for (let i = 0; i < digits.length; i++) {
			carry += digits[i] << 8;
			digits[i] = carry % 58;
			carry = Math.floor(carry / 58);
		}
		for (; carry > 0; carry = Math.floor(carry / 58)) digits.push(carry % 58);
	}
	const zeros = full.findIndex((byte) => byte !== 0);
	return '1'.repeat(zeros < 0 ? full.length : zeros) + digits.reverse().map((digit) => BASE58[digit]).join('');
}

/** The payload of a cb58 text, checksum verified; undefined when it is not cb58. */
export function cb58Decode(text: string): Buffer | undefined {
	const bytes: number[] = [];
	for (const char of text) {
		let carry = BASE58.indexOf(char);
		if (carry < 0) return undefined;
		for (let i = 0; i < bytes.length; i++) {
			carry += bytes[i] * 58;
			bytes[i] = carry & 0xff;
			carry >>= 8;
		}
		for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff);
	}
	const ones = text.length - text.replace(/^1+/, '').length;
	const full = Buffer.from([...new Array<number>(ones).fill(0), ...bytes.reverse()]);
	if (full.length < 5) return undefined;
	const payload = full.subarray(0, -4);
	const expected = createHash('sha256').update(payload).digest().subarray(-4);
	return expected.equals(full.subarray(-4)) ? payload : undefined;
}

const HRPS: Record<PrimaryNetwork, string> = { mainnet: 'avax', fuji: 'fuji' };

/**
 * A P-Chain address ("P-avax1..." or "P-fuji1...": bech32 of 20 bytes with a valid checksum, in
 * any letter case) as the service answers it: "P-" and the address in lower case.
 */
export function parsePChainAddress(value: unknown, network?: PrimaryNetwork): string {
	const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
	const decoded = text.startsWith('p-') ? bech32Decode(text.slice(2)) : undefined;
	const networkOf = Object.entries(HRPS).find(([, hrp]) => hrp === decoded?.hrp)?.[0];
	if (!decoded || !networkOf || decoded.bytes?.length !== 20) {
		throw new InvalidIdError('is not a P-Chain address (P-avax1... on mainnet, P-fuji1... on fuji)', value);
	}
	if (network && networkOf !== network) {
		throw new InvalidIdError(`is not a ${network} P-Chain address (P-${HRPS[network]}1...)`, value);
	}
	return `P-${text.slice(2)}`;
}

/** A validator's node ID: "NodeID-" and the cb58 text of 20 bytes. */
export function parseNodeId(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!text.startsWith('NodeID-') || cb58Decode(text.slice('NodeID-'.length))?.length !== 20) {
		throw new InvalidIdError('is not a node ID (NodeID- followed by the cb58 text of 20 bytes)', value);
	}
	return text;
}

/** A subnet (L1) ID: the cb58 text of 32 bytes, such as 11111111111111111111111111111111LpoYY. */
export function parseSubnetId(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (cb58Decode(text)?.length !== 32) throw new InvalidIdError('is not a subnet ID (the cb58 text of 32 bytes)', value);
	return text;
}

const seeded = (label: string, seed: string | number, length: number) =>
	createHash('sha256').update(`${label}:${seed}`).digest().subarray(0, length);

/** A valid P-Chain address of the network, the same for the same seed ("P-fuji1..."). */
export function pChainAddress(network: PrimaryNetwork, seed: string | number): string {
	return `P-${bech32Encode(HRPS[network], seeded('address', seed, 20))}`;
}

/** A valid node ID ("NodeID-..."), the same for the same seed. */
export const nodeId = (seed: string | number) => `NodeID-${cb58(seeded('node', seed, 20))}`;

/** A valid subnet (L1) ID, the same for the same seed. */
export const subnetId = (seed: string | number) => cb58(seeded('subnet', seed, 32));

/** A P-Chain transaction ID (cb58 of 32 random-looking bytes). */
export const pChainTxId = (seed: string | number) => cb58(seeded('tx', seed, 32));
