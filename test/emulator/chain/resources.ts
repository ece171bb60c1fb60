import type { Chain } from './chain';
import type { ChainBlock, ChainTx, Erc1155Move, Erc20Move, Erc721Move, InternalMove } from './model';

/** Renders chain records into the response shapes of the service's chain data routes. */
const richAddress = (address: string) => ({ address });

export function blockResource(chain: Chain, block: ChainBlock) {
	let feesSpent = 0n;
	for (let i = block.firstTx; i < block.firstTx + block.txCount; i++) {
		const tx = chain.transactions[i];
		feesSpent += BigInt(tx.gasUsed) * tx.gasPrice;
	}
	return {
		chainId: chain.id,
		blockNumber: String(block.number),
		blockTimestamp: block.timestamp,
		blockHash: block.hash,
		txCount: block.txCount,
		baseFee: block.baseFee.toString(),
		gasUsed: String(block.gasUsed),
		gasLimit: String(block.gasLimit),
		gasCost: (BigInt(block.gasUsed) * block.baseFee).toString(),
		parentHash: block.parentHash,
		feesSpent: feesSpent.toString(),
		cumulativeTransactions: String(block.firstTx + block.txCount),
	};
}

export function nativeTransaction(chain: Chain, tx: ChainTx) {
	const block = chain.blockOf(tx);
	return {
		blockNumber: String(tx.blockNumber),
		blockTimestamp: block.timestamp,
		blockHash: block.hash,
		chainId: chain.id,
		blockIndex: tx.blockIndex,
		txHash: tx.hash,
		txStatus: tx.success ? '1' : '0',
		txType: tx.type,
		gasLimit: String(tx.gasLimit),
		gasUsed: String(tx.gasUsed),
		gasPrice: tx.gasPrice.toString(),
		nonce: String(tx.nonce),
		from: richAddress(tx.from),
		to: richAddress(tx.to),
		method: tx.method,
		value: tx.value,
	};
}

const erc20Transfer = (move: Erc20Move) => ({
	from: richAddress(move.from),
	to: richAddress(move.to),
	logIndex: move.logIndex,
	value: move.value,
	erc20Token: { ...move.token, ercType: 'ERC-20' },
});

const erc721Transfer = (move: Erc721Move) => ({
	from: richAddress(move.from),
	to: richAddress(move.to),
	logIndex: move.logIndex,
	erc721Token: {
		...move.token,
		ercType: 'ERC-721',
		tokenId: move.tokenId,
		tokenUri: '',
		metadata: { indexStatus: 'UNINDEXED' },
	},
});

const erc1155Transfer = (move: Erc1155Move) => ({
	from: richAddress(move.from),
	to: richAddress(move.to),
	logIndex: move.logIndex,
	value: move.value,
	erc1155Token: {
		...move.token,
		ercType: 'ERC-1155',
		tokenId: move.tokenId,
		tokenUri: '',
		metadata: { indexStatus: 'UNINDEXED' },
	},
});

const internalTransaction = (move: InternalMove) => ({
	from: richAddress(move.from),
	to: richAddress(move.to),
	internalTxType: move.internalTxType,
	value: move.value,
	isReverted: move.isReverted,
	gasUsed: move.gasUsed,
	gasLimit: move.gasLimit,
});

function transfers(tx: ChainTx) {
	return {
		...(tx.erc20.length ? { erc20Transfers: tx.erc20.map(erc20Transfer) } : {}),
		...(tx.erc721.length ? { erc721Transfers: tx.erc721.map(erc721Transfer) } : {}),
		...(tx.erc1155.length ? { erc1155Transfers: tx.erc1155.map(erc1155Transfer) } : {}),
		...(tx.internal.length ? { internalTransactions: tx.internal.map(internalTransaction) } : {}),
	};
}

/** One item of an address's transaction list. */
export function transactionDetails(chain: Chain, tx: ChainTx) {
	return { nativeTransaction: nativeTransaction(chain, tx), ...transfers(tx) };
}

/** The answer of the get-transaction route. */
export function fullTransaction(chain: Chain, tx: ChainTx) {
	const block = chain.blockOf(tx);
	const { networkToken } = chain.info;
	return {
		nativeTransaction: {
			...nativeTransaction(chain, tx),
			input: tx.input,
			baseFeePerGas: block.baseFee.toString(),
			maxFeePerGas: tx.maxFeePerGas.toString(),
			maxPriorityFeePerGas: tx.maxPriorityFeePerGas.toString(),
			networkToken,
		},
		...transfers(tx),
		networkTokenDetails: { networkToken },
	};
}
