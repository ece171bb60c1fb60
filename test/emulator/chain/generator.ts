import { Chain } from './chain';
import type { ChainSpec } from './catalog';
import { GWEI, type ChainBlock, type ChainTx, type Erc20Token, type MethodInfo, type NftToken } from './model';
import { Random, chainSeed } from './random';
import { assignLogs, word } from './transferLogs';

/** The synthetic history ends here (2025-01-01T00:00:00Z); injected blocks follow at the emulator clock. */
const HISTORY_END_SECONDS = 1_735_689_600;
const BLOCK_SECONDS = 2;
const BLOCK_GAS_LIMIT = 15_000_000;
const WEI_PER_MICRO = 1_000_000_000_000n;

const ERC20_TOKENS: Omit<Erc20Token, 'address'>[] = [
	{ name: 'USD Coin', symbol: 'USDC', decimals: 6 },
	{ name: 'TetherToken', symbol: 'USDt', decimals: 6 },
	{ name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 },
	{ name: 'JoeToken', symbol: 'JOE', decimals: 18 },
	{ name: 'Bitcoin', symbol: 'BTC.b', decimals: 8 },
];
const NFT_COLLECTIONS = [
	{ name: 'Dokyo', symbol: 'DOKYO' },
	{ name: 'Smol Joes', symbol: 'SMOL' },
];

const METHODS: Record<string, MethodInfo> = {
	native: { callType: 'NATIVE_TRANSFER', methodHash: '', methodName: 'Native Transfer' },
	transfer: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
	swap: {
		callType: 'CONTRACT_CALL',
		methodHash: '0x7ff36ab5',
		methodName: 'swapExactAVAXForTokens(uint256,address[],address,uint256)',
	},
	transferFrom: { callType: 'CONTRACT_CALL', methodHash: '0x23b872dd', methodName: 'transferFrom(address,address,uint256)' },
	safeTransferFrom: {
		callType: 'CONTRACT_CALL',
		methodHash: '0xf242432a',
		methodName: 'safeTransferFrom(address,address,uint256,uint256,bytes)',
	},
};

/** Random amount of a token with `decimals`, between 0.000001 and about 5,000 whole units. */
function tokenAmount(random: Random, decimals: number): bigint {
	const micro = BigInt(Math.floor(random.next() ** 3 * 5_000_000_000) + 1);
	return decimals >= 6 ? micro * 10n ** BigInt(decimals - 6) : micro / 10n ** BigInt(6 - decimals) + 1n;
}

/**
 * Builds a chain's synthetic history from the seed: the same seed always gives the same blocks,
 * hashes and transactions. Mix: native transfers, ERC-20 transfers (with Transfer logs), swaps
 * through a router (internal transactions plus a token transfer), NFT transfers and failed calls.
 * Address activity is skewed, so a few addresses have hundreds of transactions.
 */
export function generateChain(spec: ChainSpec, seed: number): Chain {
	const chain = new Chain(spec.info);
	const random = new Random(chainSeed(seed, spec.info.chainId));
	const accounts = Array.from({ length: 400 }, () => random.address());
	const tokens: Erc20Token[] = ERC20_TOKENS.map((token) => ({ ...token, address: random.address() }));
	const nfts: NftToken[] = NFT_COLLECTIONS.map((collection) => ({ ...collection, address: random.address() }));
	const multiToken: NftToken = { address: random.address(), name: 'Avalanche Game Items', symbol: 'ITEM' };
	const router = random.address();
	const pools = tokens.map(() => random.address());
	const wavax = tokens[2];
	const someone = () => accounts[Math.floor(accounts.length * random.next() ** 2.5)];

	const blockCount = Math.ceil(spec.transactions / 4.5);
	const firstTimestamp = HISTORY_END_SECONDS - blockCount * BLOCK_SECONDS;
	let parentHash = random.hash();
	let generated = 0;
	for (let b = 0; generated < spec.transactions; b++) {
		const block: ChainBlock = {
			number: spec.firstBlock + b,
			hash: random.hash(),
			parentHash,
			timestamp: firstTimestamp + b * BLOCK_SECONDS,
			firstTx: generated,
			txCount: 0,
			baseFee: 25n * GWEI + BigInt(random.int(0, 10_000)) * 1_000_000n,
			gasUsed: 0,
			gasLimit: BLOCK_GAS_LIMIT,
		};
		const count = Math.min(random.int(1, 8), spec.transactions - generated);
		const txs: ChainTx[] = [];
		let logIndex = 0;
		for (let i = 0; i < count; i++) {
			const from = someone();
			const priority = BigInt(random.int(1, 20)) * (GWEI / 10n);
			const tx: ChainTx = {
				hash: random.hash(),
				blockNumber: block.number,
				blockIndex: i,
				from,
				to: someone(),
				value: '0',
				nonce: chain.nextNonce(from),
				gasLimit: 21_000,
				gasUsed: 21_000,
				cumulativeGasUsed: 0,
				gasPrice: block.baseFee + priority,
				maxFeePerGas: block.baseFee * 2n + priority,
				maxPriorityFeePerGas: priority,
				type: 2,
				success: true,
				input: '0x',
				method: METHODS.native,
				erc20: [],
				erc721: [],
				erc1155: [],
				internal: [],
				logs: [],
			};
			const roll = random.next();
			if (roll < 0.5) {
				tx.value = (BigInt(Math.floor(random.next() ** 2 * 50_000_000) + 1_000) * WEI_PER_MICRO).toString();
			} else if (roll < 0.75 || roll >= 0.92) {
				const token = random.pick(tokens);
				const recipient = tx.to;
				const amount = tokenAmount(random, token.decimals);
				tx.to = token.address;
				tx.method = METHODS.transfer;
				tx.input = `0xa9059cbb${word(recipient)}${word(amount)}`;
				tx.gasLimit = 65_000;
				tx.gasUsed = random.int(34_000, 52_000);
				if (roll >= 0.92) {
					// a failed call: reverted, gas spent, nothing moved
					tx.success = false;
					tx.gasUsed = random.int(22_000, 30_000);
				} else {
					tx.erc20.push({ token, from, to: recipient, value: amount.toString(), logIndex: 0 });
				}
			} else if (roll < 0.85) {
				const pool = random.int(0, tokens.length - 1);
				const token = tokens[pool];
				const paid = BigInt(Math.floor(random.next() * 20_000_000) + 10_000) * WEI_PER_MICRO;
				tx.to = router;
				tx.value = paid.toString();
				tx.method = METHODS.swap;
				tx.input = `0x7ff36ab5${word('0')}${word('80')}${word(from)}${word(BigInt(block.timestamp + 600))}`;
				tx.gasLimit = 250_000;
				tx.gasUsed = random.int(120_000, 200_000);
				tx.internal.push(
					{ from, to: router, value: paid.toString(), internalTxType: 'CALL', gasUsed: String(tx.gasUsed), gasLimit: '250000', isReverted: false },
					{ from: router, to: wavax.address, value: paid.toString(), internalTxType: 'CALL', gasUsed: '23974', gasLimit: '231000', isReverted: false },
					{ from: router, to: pools[pool], value: '0', internalTxType: 'DELEGATECALL', gasUsed: '61208', gasLimit: '190000', isReverted: false },
				);
				tx.erc20.push({ token, from: pools[pool], to: from, value: tokenAmount(random, token.decimals).toString(), logIndex: 0 });
			} else if (roll < 0.9) {
				const collection = random.pick(nfts);
				const tokenId = String(random.int(1, 9_999));
				const recipient = tx.to;
				tx.to = collection.address;
				tx.method = METHODS.transferFrom;
				tx.input = `0x23b872dd${word(from)}${word(recipient)}${word(BigInt(tokenId))}`;
				tx.gasLimit = 90_000;
				tx.gasUsed = random.int(50_000, 80_000);
				tx.erc721.push({ token: collection, from, to: recipient, tokenId, logIndex: 0 });
			} else {
				const recipient = tx.to;
				const tokenId = String(random.int(1, 40));
				const amount = String(random.int(1, 25));
				tx.to = multiToken.address;
				tx.method = METHODS.safeTransferFrom;
				tx.input = `0xf242432a${word(from)}${word(recipient)}${word(BigInt(tokenId))}${word(BigInt(amount))}${word('a0')}${word('0')}`;
				tx.gasLimit = 90_000;
				tx.gasUsed = random.int(45_000, 70_000);
				tx.erc1155.push({ token: multiToken, from, to: recipient, tokenId, value: amount, logIndex: 0 });
			}
			logIndex = assignLogs(tx, [], logIndex);
			block.gasUsed += tx.gasUsed;
			tx.cumulativeGasUsed = block.gasUsed;
			txs.push(tx);
		}
		block.txCount = txs.length;
		generated += txs.length;
		chain.addBlock(block, txs);
		parentHash = block.hash;
	}
	return chain;
}
