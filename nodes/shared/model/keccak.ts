// Keccak-256 as Ethereum uses it (original Keccak padding 0x01, not SHA3's 0x06).
// Written out here because the package may not have runtime dependencies. 64-bit lanes are
// kept as pairs of 32-bit halves (lo at 2i, hi at 2i+1) since BigInt arithmetic is slow and
// the compile target predates BigInt literals.

const RATE_BYTES = 136; // 1600-bit state minus 2 x 256-bit capacity

// Round constants as [hi, lo] pairs.
const ROUND_CONSTANTS: ReadonlyArray<readonly [number, number]> = [
	[0x00000000, 0x00000001],
	[0x00000000, 0x00008082],
	[0x80000000, 0x0000808a],
	[0x80000000, 0x80008000],
	[0x00000000, 0x0000808b],
	[0x00000000, 0x80000001],
	[0x80000000, 0x80008081],
	[0x80000000, 0x00008009],
	[0x00000000, 0x0000008a],
	[0x00000000, 0x00000088],
	[0x00000000, 0x80008009],
	[0x00000000, 0x8000000a],
	[0x00000000, 0x8000808b],
	[0x80000000, 0x0000008b],
	[0x80000000, 0x00008089],
	[0x80000000, 0x00008003],
	[0x80000000, 0x00008002],
	[0x80000000, 0x00000080],
	[0x00000000, 0x0000800a],
	[0x80000000, 0x8000000a],
	[0x80000000, 0x80008081],
	[0x80000000, 0x00008080],
	[0x00000000, 0x80000001],
	[0x80000000, 0x80008008],
];

// Rotation offsets indexed by lane (x + 5y).
const ROTATIONS = [
	0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

function keccakF1600(state: Uint32Array): void {
	const c = new Uint32Array(10);
	const b = new Uint32Array(50);
	for (const [rcHi, rcLo] of ROUND_CONSTANTS) {
		// theta
		for (let x = 0; x < 5; x++) {
			c[2 * x] = state[2 * x] ^ state[2 * x + 10] ^ state[2 * x + 20] ^ state[2 * x + 30] ^ state[2 * x + 40];
			c[2 * x + 1] =
				state[2 * x + 1] ^ state[2 * x + 11] ^ state[2 * x + 21] ^ state[2 * x + 31] ^ state[2 * x + 41];
		}
		for (let x = 0; x < 5; x++) {
			const prev = (x + 4) % 5;
			const next = (x + 1) % 5;
			const nextLo = c[2 * next];
			const nextHi = c[2 * next + 1];
			const dLo = c[2 * prev] ^ ((nextLo << 1) | (nextHi >>> 31));
			const dHi = c[2 * prev + 1] ^ ((nextHi << 1) | (nextLo >>> 31));
			for (let y = 0; y < 25; y += 5) {
				state[2 * (x + y)] ^= dLo;
				state[2 * (x + y) + 1] ^= dHi;
			}
		}
		// rho and pi: B[y, 2x + 3y] = rot(A[x, y])
		for (let x = 0; x < 5; x++) {
			for (let y = 0; y < 5; y++) {
				const lane = x + 5 * y;
				const lo = state[2 * lane];
				const hi = state[2 * lane + 1];
				const n = ROTATIONS[lane];
				let rLo: number;
				let rHi: number;
				if (n === 0) {
					rLo = lo;
					rHi = hi;
				} else if (n < 32) {
					rLo = (lo << n) | (hi >>> (32 - n));
					rHi = (hi << n) | (lo >>> (32 - n));
				} else if (n === 32) {
					rLo = hi;
					rHi = lo;
				} else {
					const m = n - 32;
					rLo = (hi << m) | (lo >>> (32 - m));
					rHi = (lo << m) | (hi >>> (32 - m));
				}
				const target = y + 5 * ((2 * x + 3 * y) % 5);
				b[2 * target] = rLo;
				b[2 * target + 1] = rHi;
			}
		}
		// chi
		for (let y = 0; y < 25; y += 5) {
			for (let x = 0; x < 5; x++) {
				const lane = x + y;
				const lane1 = ((x + 1) % 5) + y;
				const lane2 = ((x + 2) % 5) + y;
				state[2 * lane] = b[2 * lane] ^ (~b[2 * lane1] & b[2 * lane2]);
				state[2 * lane + 1] = b[2 * lane + 1] ^ (~b[2 * lane1 + 1] & b[2 * lane2 + 1]);
			}
		}
		// iota
		state[0] ^= rcLo;
		state[1] ^= rcHi;
	}
}

/** UTF-8 bytes of a string (kept local so nothing depends on TextEncoder being present). */
export function utf8Bytes(text: string): Uint8Array {
	const bytes: number[] = [];
	for (const char of text) {
		const code = char.codePointAt(0) as number;
		if (code < 0x80) {
			bytes.push(code);
		} else if (code < 0x800) {
			bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
		} else if (code < 0x10000) {
			bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
		} else {
			bytes.push(
				0xf0 | (code >> 18),
				0x80 | ((code >> 12) & 0x3f),
				0x80 | ((code >> 6) & 0x3f),
				0x80 | (code & 0x3f),
			);
		}
	}
	return Uint8Array.from(bytes);
}

/** Keccak-256 digest of `input` (a string is hashed as UTF-8), as 32 bytes. */
export function keccak256(input: string | Uint8Array): Uint8Array {
	const message = typeof input === 'string' ? utf8Bytes(input) : input;
	// Pad to a whole number of blocks: 0x01 after the message, 0x80 on the last byte of the block.
	const paddedLength = (Math.floor(message.length / RATE_BYTES) + 1) * RATE_BYTES;
	const padded = new Uint8Array(paddedLength);
	padded.set(message);
	padded[message.length] ^= 0x01;
	padded[paddedLength - 1] ^= 0x80;

	const state = new Uint32Array(50);
	for (let offset = 0; offset < paddedLength; offset += RATE_BYTES) {
		for (let i = 0; i < RATE_BYTES / 4; i++) {
			const at = offset + 4 * i;
			state[i] ^= padded[at] | (padded[at + 1] << 8) | (padded[at + 2] << 16) | (padded[at + 3] << 24);
		}
		keccakF1600(state);
	}

	const digest = new Uint8Array(32);
	for (let i = 0; i < 8; i++) {
		const word = state[i];
		digest[4 * i] = word & 0xff;
		digest[4 * i + 1] = (word >>> 8) & 0xff;
		digest[4 * i + 2] = (word >>> 16) & 0xff;
		digest[4 * i + 3] = (word >>> 24) & 0xff;
	}
	return digest;
}

/** Keccak-256 digest as 0x-prefixed lowercase hex (the form of an event signature hash). */
export function keccak256Hex(input: string | Uint8Array): string {
	let hex = '0x';
	for (const byte of keccak256(input)) {
		hex += byte.toString(16).padStart(2, '0');
	}
	return hex;
}
