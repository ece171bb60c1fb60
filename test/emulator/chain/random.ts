/** Small deterministic PRNG (mulberry32) with the helpers the chain generator needs. */
export class Random {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	uint32(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return (t ^ (t >>> 14)) >>> 0;
	}

	/** uniform in [0, 1) */
	next(): number {
		return this.uint32() / 4294967296;
	}

	int(minInclusive: number, maxInclusive: number): number {
		return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
	}

	hex(bytes: number): string {
		let out = '';
		for (let i = 0; i < bytes; i += 4) out += this.uint32().toString(16).padStart(8, '0');
		return out.slice(0, bytes * 2);
	}

	address(): string {
		return `0x${this.hex(20)}`;
	}

	hash(): string {
		return `0x${this.hex(32)}`;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}
}

/** Mixes the seed and a chain id into one 32-bit generator seed (FNV-1a over both). */
export function chainSeed(seed: number, chainId: string): number {
	let h = 2166136261;
	for (const char of `${seed}:${chainId}`) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
	return h >>> 0;
}
