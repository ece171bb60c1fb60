import { createHash } from 'node:crypto';

import type { PrimaryNetwork } from '../../../nodes/shared/primaryNetwork';

// Encoders for primary-network identifiers, so the emulator, its tests and the sandbox can make
// valid ones (nodes/shared/primaryNetwork.ts only parses them).

const BECH32_CHARS = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

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

/** Bech32 (BIP 173) text of `bytes` under the human-readable part `hrp`. */
function bech32(hrp: string, bytes: Buffer): string {
	const data: number[] = [];
	let accumulator = 0;
	let bits = 0;
	for (const byte of bytes) {
		accumulator = (accumulator << 8) | byte;
		bits += 8;
		while (bits >= 5) {
			bits -= 5;
			data.push((accumulator >> bits) & 31);
		}
	}
	if (bits > 0) data.push((accumulator << (5 - bits)) & 31);
	const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
	const mod = polymod([...expanded, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
	const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >> (5 * (5 - i))) & 31);
	return `${hrp}1${[...data, ...checksum].map((value) => BECH32_CHARS[value]).join('')}`;
}

/** cb58: base58 of the bytes followed by the last 4 bytes of their sha256. */
export function cb58(bytes: Buffer): string {
	const full = Buffer.concat([bytes, createHash('sha256').update(bytes).digest().subarray(-4)]);
	let number = BigInt(`0x${full.toString('hex')}`);
	let text = '';
	while (number > BigInt(0)) {
		text = BASE58[Number(number % BigInt(58))] + text;
		number /= BigInt(58);
	}
	let zeros = 0;
	while (zeros < full.length && full[zeros] === 0) zeros++;
	return '1'.repeat(zeros) + text;
}

const seeded = (label: string, seed: string | number, length: number) =>
	createHash('sha256').update(`${label}:${seed}`).digest().subarray(0, length);

/** A valid P-Chain address of the network, the same for the same seed ("P-fuji1..."). */
export function pChainAddress(network: PrimaryNetwork, seed: string | number): string {
	return `P-${bech32(network === 'mainnet' ? 'avax' : 'fuji', seeded('address', seed, 20))}`;
}

/** A valid node ID ("NodeID-..."), the same for the same seed. */
export const nodeId = (seed: string | number) => `NodeID-${cb58(seeded('node', seed, 20))}`;

/** A valid subnet (L1) ID, the same for the same seed. */
export const subnetId = (seed: string | number) => cb58(seeded('subnet', seed, 32));

/** A P-Chain transaction ID (cb58 of 32 random-looking bytes). */
export const pChainTxId = (seed: string | number) => cb58(seeded('tx', seed, 32));
