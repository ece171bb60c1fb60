import { randomBytes } from 'node:crypto';
import { z } from 'zod';

import { addressSchema, decimalStringSchema } from '../http/validation';
import type { Chain } from './chain';
import { GWEI, type ChainBlock, type ChainTx } from './model';
import { assignLogs } from './transferLogs';

const hexSchema = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hexadecimal bytes');
const topicSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hexadecimal characters');
const chainIdSchema = z.union([z.string(), z.number().int()]).transform(String);

/** Body of `POST /_emulator/activity`: one transaction to put on a chain in a new block. */
export const activitySchema = z
	.object({
		chainId: chainIdSchema,
		from: addressSchema,
		to: addressSchema,
		value: decimalStringSchema.default('0'),
		status: z.enum(['success', 'failed']).default('success'),
		/** "head" adds the transaction to the chain's newest block, so a block can hold several. */
		block: z.enum(['new', 'head']).default('new'),
		input: hexSchema.default('0x'),
		erc20Transfers: z
			.array(
				z.object({
					token: z.object({
						address: addressSchema,
						name: z.string(),
						symbol: z.string(),
						decimals: z.number().int().min(0).max(77),
					}),
					from: addressSchema,
					to: addressSchema,
					value: decimalStringSchema,
				}),
			)
			.default([]),
		erc721Transfers: z
			.array(
				z.object({
					token: z.object({ address: addressSchema, name: z.string(), symbol: z.string() }),
					from: addressSchema,
					to: addressSchema,
					tokenId: decimalStringSchema,
				}),
			)
			.default([]),
		erc1155Transfers: z
			.array(
				z.object({
					token: z.object({ address: addressSchema, name: z.string().optional(), symbol: z.string().optional() }),
					from: addressSchema,
					to: addressSchema,
					tokenId: decimalStringSchema,
					value: decimalStringSchema,
				}),
			)
			.default([]),
		internalTransactions: z
			.array(
				z.object({
					from: addressSchema,
					to: addressSchema,
					value: decimalStringSchema,
					internalTxType: z.string().default('CALL'),
				}),
			)
			.default([]),
		logs: z
			.array(z.object({ address: addressSchema, topics: z.array(topicSchema).min(1).max(4), data: hexSchema.default('0x') }))
			.default([]),
	})
	.strict();

export type ActivityInput = z.infer<typeof activitySchema>;

const randomHash = () => `0x${randomBytes(32).toString('hex')}`;

function newBlock(chain: Chain, nowMs: number): ChainBlock {
	const parent = chain.head;
	return {
		number: parent ? parent.number + 1 : 1,
		hash: randomHash(),
		parentHash: parent ? parent.hash : randomHash(),
		timestamp: Math.max(Math.floor(nowMs / 1000), parent ? parent.timestamp + 1 : 0),
		firstTx: chain.transactions.length,
		txCount: 0,
		baseFee: 25n * GWEI,
		gasUsed: 0,
		gasLimit: 15_000_000,
	};
}

/**
 * Puts the activity on the chain: as the one transaction of a new block, or with `block: "head"`
 * as the next transaction of the newest block (its block number and time stay those of the block).
 */
export function appendActivity(chain: Chain, input: ActivityInput, nowMs: number): ChainTx {
	const head = chain.head;
	const block = input.block === 'head' && head ? head : newBlock(chain, nowMs);
	const simple =
		input.input === '0x' &&
		!input.erc20Transfers.length &&
		!input.erc721Transfers.length &&
		!input.erc1155Transfers.length &&
		!input.internalTransactions.length &&
		!input.logs.length;
	const gasLimit = simple ? 21_000 : 250_000;
	const priority = 2n * GWEI;
	const success = input.status === 'success';
	const tx: ChainTx = {
		hash: randomHash(),
		blockNumber: block.number,
		blockIndex: block.txCount,
		from: input.from,
		to: input.to,
		value: input.value,
		nonce: chain.nextNonce(input.from),
		gasLimit,
		gasUsed: simple ? 21_000 : success ? 148_201 : 31_377,
		cumulativeGasUsed: 0,
		gasPrice: block.baseFee + priority,
		maxFeePerGas: block.baseFee * 2n + priority,
		maxPriorityFeePerGas: priority,
		type: 2,
		success,
		input: input.input,
		method: simple
			? { callType: 'NATIVE_TRANSFER', methodHash: '', methodName: 'Native Transfer' }
			: { callType: 'CONTRACT_CALL', methodHash: input.input.slice(0, 10) },
		erc20: input.erc20Transfers.map((move) => ({ ...move, logIndex: 0 })),
		erc721: input.erc721Transfers.map((move) => ({ ...move, logIndex: 0 })),
		erc1155: input.erc1155Transfers.map((move) => ({ ...move, logIndex: 0 })),
		internal: input.internalTransactions.map((move, index) => ({
			...move,
			gasUsed: String(index === 0 ? 21_000 : 2_300),
			gasLimit: String(index === 0 ? gasLimit : 2_300),
			isReverted: !success,
		})),
		logs: [],
	};
	const previous = block.txCount ? chain.transactions[block.firstTx + block.txCount - 1] : undefined;
	const firstLogIndex = previous ? previous.logs.reduce((next, log) => Math.max(next, log.logIndex + 1), 0) : 0;
	assignLogs(tx, input.logs, firstLogIndex);
	tx.cumulativeGasUsed = (previous?.cumulativeGasUsed ?? 0) + tx.gasUsed;
	block.gasUsed += tx.gasUsed;
	if (block === head) {
		chain.addTransaction(tx);
	} else {
		block.txCount = 1;
		chain.addBlock(block, [tx]);
	}
	return tx;
}
