import { CHAIN_SPECS, type ChainInfo } from './catalog';
import type { Chain } from './chain';
import { generateChain } from './generator';

/** The catalog plus each chain's history, generated on first use (so start-up stays instant). */
export class Chains {
	private readonly generated = new Map<string, Chain>();

	constructor(private readonly seed: number) {}

	list(): ChainInfo[] {
		return CHAIN_SPECS.map((spec) => spec.info);
	}

	info(chainId: string): ChainInfo | undefined {
		return CHAIN_SPECS.find((spec) => spec.info.chainId === chainId)?.info;
	}

	get(chainId: string): Chain {
		let chain = this.generated.get(chainId);
		if (!chain) {
			const spec = CHAIN_SPECS.find((candidate) => candidate.info.chainId === chainId);
			if (!spec) throw new Error(`unknown chain ${chainId}`);
			chain = generateChain(spec, this.seed);
			this.generated.set(chainId, chain);
		}
		return chain;
	}
}
