import { Random, chainSeed } from './random';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export const AVAX_ASSET_IDS: Record<string, string> = {
	mainnet: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
	fuji: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
};

export interface Utxo {
	addresses: string[];
	asset: { assetId: string; name: string; symbol: string; denomination: number; type: 'secp256k1'; amount: string };
	utxoId: string;
	txHash: string;
	outputIndex: number;
	blockNumber: string;
	blockTimestamp: number;
	createdOnChainTxHash?: string;
	consumingTxHash?: string;
	consumingBlockNumber?: string;
	consumingBlockTimestamp?: number;
	threshold: number;
	utxoType: 'TRANSFER' | 'STAKEABLE_LOCK';
	platformLocktime: number;
	staked: boolean;
}

function base58(random: Random, length: number): string {
	let out = '';
	for (let i = 0; i < length; i++) out += BASE58[random.uint32() % BASE58.length];
	return out;
}

/**
 * The UTXOs of one primary-network address, derived from the seed and the address, so the same
 * address always owns the same outputs (between 0 and 30, about a fifth of them spent).
 */
export function utxosOf(seed: number, network: string, blockchain: string, address: string): Utxo[] {
	const random = new Random(chainSeed(seed, `${network}/${blockchain}/${address}`));
	const count = random.int(0, 30);
	const bare = address.replace(/^[PXC]-/, '');
	const utxos: Utxo[] = [];
	let timestamp = 1_700_000_000 + random.int(0, 1_000_000);
	for (let i = 0; i < count; i++) {
		timestamp += random.int(600, 400_000);
		const txHash = base58(random, 49);
		const spent = random.next() < 0.2;
		const utxo: Utxo = {
			addresses: [bare],
			asset: {
				assetId: AVAX_ASSET_IDS[network],
				name: 'Avalanche',
				symbol: 'AVAX',
				denomination: 9,
				type: 'secp256k1',
				amount: String(random.int(1, 5_000_000) * 1_000),
			},
			utxoId: base58(random, 50),
			txHash,
			outputIndex: random.int(0, 3),
			blockNumber: String(9_000_000 + Math.floor((timestamp - 1_700_000_000) / 3)),
			blockTimestamp: timestamp,
			createdOnChainTxHash: txHash,
			threshold: 1,
			utxoType: random.next() < 0.85 ? 'TRANSFER' : 'STAKEABLE_LOCK',
			platformLocktime: 0,
			staked: false,
		};
		if (spent) {
			utxo.consumingTxHash = base58(random, 49);
			utxo.consumingBlockTimestamp = timestamp + random.int(60, 100_000);
			utxo.consumingBlockNumber = String(Number(utxo.blockNumber) + random.int(1, 30_000));
		}
		utxos.push(utxo);
	}
	return utxos;
}
