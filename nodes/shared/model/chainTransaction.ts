// The same zod 4 API (from n8n's zod 3.25 package) as the webhook trigger's delivery schema.
import { z } from 'zod/v4';

import { decimalAmount, transferSchemas, type DeliveryTransaction } from './deliverySchema';
import { schemaProblems } from './schemaProblems';

// One item of GET /v1/chains/{chainId}/addresses/{address}/transactions:
// {nativeTransaction, erc20Transfers?, erc721Transfers?, erc1155Transfers?, internalTransactions?}.
// Addresses there are objects ({address, name?, ...}) where a delivery has plain strings. Only
// what the Transfers mapping and the cursor read is checked; the Raw output is the item as sent.

/** A "rich address" ({address, ...}); plain text is accepted too. */
const richAddress = z.union([z.string().min(1), z.object({ address: z.string().min(1) }).transform((value) => value.address)]);
const transfers = transferSchemas(richAddress);

const chainTransactionSchema = z.object({
	nativeTransaction: z.object({
		txHash: z.string().min(1),
		txStatus: z.unknown(),
		blockNumber: z.union([z.string().regex(/^[0-9]+$/, 'must be a block number'), z.number().int().nonnegative()]).transform(Number),
		// Any number, as in deliveries: the mapping gives `time: null` for one that is no block time.
		blockTimestamp: z.number(),
		/** Position in the block: orders transactions of one block. */
		blockIndex: z.number().int().nonnegative().optional(),
		chainId: z.union([z.string(), z.number()]).transform((value) => String(value)).optional(),
		from: richAddress,
		to: richAddress.nullish(),
		value: decimalAmount.optional(),
	}),
	erc20Transfers: z.array(transfers.erc20Transfer).nullish(),
	erc721Transfers: z.array(transfers.erc721Transfer).nullish(),
	erc1155Transfers: z.array(transfers.erc1155Transfer).nullish(),
	internalTransactions: z.array(transfers.internalTransaction.extend({ isReverted: z.boolean().optional() })).nullish(),
});

export type ChainTransaction = z.infer<typeof chainTransactionSchema>;

/** Checks one listed transaction; on failure names the first problems. */
export function parseChainTransaction(
	item: unknown,
): { ok: true; transaction: ChainTransaction } | { ok: false; problem: string } {
	const result = chainTransactionSchema.safeParse(item);
	return result.success ? { ok: true, transaction: result.data } : { ok: false, problem: schemaProblems(result.error, 'transaction') };
}

/**
 * The transaction in the shape of a delivery's `event.transaction`, so that the webhook trigger's
 * Transfers mapping applies unchanged: the token transfers are parsed by the delivery's own schemas
 * (their parties read as text), and an NFT's token ID, which chain data puts on the token object,
 * is read from there by the mapping. Internal transactions only when asked for, as a webhook
 * without includeInternalTxs delivers none; a reverted internal call moved nothing.
 */
export function toDeliveryTransaction(item: ChainTransaction, includeInternalTxs: boolean): DeliveryTransaction {
	const { nativeTransaction: native, erc20Transfers, erc721Transfers, erc1155Transfers, internalTransactions } = item;
	return {
		txHash: native.txHash,
		txStatus: native.txStatus,
		blockNumber: String(native.blockNumber),
		blockTimestamp: native.blockTimestamp,
		from: native.from,
		to: native.to,
		value: native.value,
		chainId: native.chainId,
		erc20Transfers,
		erc721Transfers,
		erc1155Transfers,
		internalTransactions: includeInternalTxs ? internalTransactions?.filter((internal) => internal.isReverted !== true) : undefined,
	};
}
