import { z } from 'zod/v4';

// The same delivery schema as deliverySchema.ts, written with zod 4 (shipped inside the zod 3.25
// package n8n provides), which compiles object checks once and validates several times faster.
// parseDelivery tries it first; whatever it rejects goes to the zod 3 schema, which stays the
// authority (it words the 400 answer as before). Keep the two schemas identical:
// test/trigger/deliverySchema.test.ts compares them.

/** Decimal amounts arrive as strings; a few producers send small integers as numbers. */
const decimalAmount = z
	.union([z.string().regex(/^[0-9]+$/, 'must be a decimal integer'), z.number().int().nonnegative()])
	.transform((value) => String(value));

const address = z.string().min(1);
/** Some transfers (mints, burns, contract creation) have no counterparty address. */
const optionalAddress = z.string().nullish();
const tokenId = z.union([z.string(), z.number()]).transform((value) => String(value));

const erc20Transfer = z.object({
	from: address,
	to: address,
	value: decimalAmount,
	logIndex: z.number().int().optional(),
	erc20Token: z.object({
		address,
		name: z.string().optional(),
		symbol: z.string().optional(),
		decimals: z.number().int().nonnegative().max(255).optional(),
	}),
});

/** NFT token objects: the spec leaves them open, so accept the common shapes. */
const nftToken = z.object({
	address,
	name: z.string().nullish(),
	symbol: z.string().nullish(),
	tokenId: tokenId.optional(),
});

const erc721Transfer = z.object({
	from: address,
	to: address,
	tokenId: tokenId.optional(),
	logIndex: z.number().int().optional(),
	erc721Token: nftToken,
});

const erc1155Transfer = z.object({
	from: address,
	to: address,
	tokenId: tokenId.optional(),
	value: decimalAmount,
	logIndex: z.number().int().optional(),
	erc1155Token: nftToken,
});

const internalTransaction = z.object({
	from: address,
	to: optionalAddress,
	value: decimalAmount,
	internalTxType: z.string().optional(),
});

const transaction = z.object({
	txHash: z.string().min(1),
	/** Read as given ("0" = failed); any value is accepted. */
	txStatus: z.unknown(),
	blockNumber: z.union([z.string().min(1), z.number()]).transform((value) => String(value)),
	blockTimestamp: z.number().int().nonnegative(),
	from: address,
	to: optionalAddress,
	value: decimalAmount.optional(),
	chainId: z
		.union([z.string(), z.number()])
		.transform((value) => String(value))
		.optional(),
	networkToken: z
		.object({
			tokenSymbol: z.string().optional(),
			tokenDecimals: z.number().int().nonnegative().max(255).optional(),
			valueWithDecimals: z.string().optional(),
		})
		.optional(),
	erc20Transfers: z.array(erc20Transfer).nullish(),
	erc721Transfers: z.array(erc721Transfer).nullish(),
	erc1155Transfers: z.array(erc1155Transfer).nullish(),
	internalTransactions: z.array(internalTransaction).nullish(),
});

export const fastDeliverySchema = z.object({
	webhookId: z.string().min(1),
	eventType: z.string().min(1),
	messageId: z.string().min(1),
	event: z.object({
		transaction,
		logs: z.array(z.object({})).nullish(),
	}),
});
