import type { ChainInfo } from './catalog';
import type { ChainBlock, ChainTx } from './model';

/**
 * One chain's blocks and transactions, oldest first, with the indexes the routes need
 * (by hash, by block number, and the transactions each address takes part in).
 */
export class Chain {
	readonly blocks: ChainBlock[] = [];

	readonly transactions: ChainTx[] = [];

	private readonly txIndexByHash = new Map<string, number>();

	private readonly blockIndexByHash = new Map<string, number>();

	private readonly txsByAddress = new Map<string, number[]>();

	private readonly nonces = new Map<string, number>();

	constructor(readonly info: ChainInfo) {}

	get id(): string {
		return this.info.chainId;
	}

	get head(): ChainBlock | undefined {
		return this.blocks[this.blocks.length - 1];
	}

	/** Appends a block and its transactions (already numbered and positioned by the caller). */
	addBlock(block: ChainBlock, transactions: ChainTx[]): void {
		this.blockIndexByHash.set(block.hash, this.blocks.length);
		this.blocks.push(block);
		for (const tx of transactions) this.indexTransaction(tx);
	}

	/** Appends one more transaction to the newest block (its txCount grows by one). */
	addTransaction(tx: ChainTx): void {
		const head = this.head;
		if (!head || tx.blockNumber !== head.number) throw new Error(`transaction ${tx.hash} does not belong to the newest block`);
		head.txCount++;
		this.indexTransaction(tx);
	}

	private indexTransaction(tx: ChainTx): void {
		const index = this.transactions.length;
		this.transactions.push(tx);
		this.txIndexByHash.set(tx.hash, index);
		for (const address of participants(tx)) {
			const list = this.txsByAddress.get(address);
			if (list) list.push(index);
			else this.txsByAddress.set(address, [index]);
		}
	}

	nextNonce(address: string): number {
		const key = address.toLowerCase();
		const nonce = this.nonces.get(key) ?? 0;
		this.nonces.set(key, nonce + 1);
		return nonce;
	}

	findTransaction(hash: string): ChainTx | undefined {
		const index = this.txIndexByHash.get(hash.toLowerCase());
		return index === undefined ? undefined : this.transactions[index];
	}

	/** `blockId` is a block number or a block hash. */
	findBlock(blockId: string): ChainBlock | undefined {
		if (/^\d+$/.test(blockId)) {
			const first = this.blocks[0];
			if (!first) return undefined;
			return this.blocks[Number(blockId) - first.number];
		}
		const index = this.blockIndexByHash.get(blockId.toLowerCase());
		return index === undefined ? undefined : this.blocks[index];
	}

	blockOf(tx: ChainTx): ChainBlock {
		const block = this.findBlock(String(tx.blockNumber));
		if (!block) throw new Error(`block ${tx.blockNumber} missing`);
		return block;
	}

	/** Positions (in `transactions`) of the transactions an address takes part in, oldest first. */
	transactionsOf(address: string): number[] {
		return this.txsByAddress.get(address.toLowerCase()) ?? [];
	}

	/** The most active addresses: handy for tests that need an address with many pages. */
	busiestAddresses(count: number): { address: string; transactions: number }[] {
		return [...this.txsByAddress.entries()]
			.map(([address, list]) => ({ address, transactions: list.length }))
			.sort((a, b) => b.transactions - a.transactions)
			.slice(0, count);
	}
}

/** Every address that takes part in a transaction: sender, recipient, transfer and internal parties, log emitters. */
export function participants(tx: ChainTx): Set<string> {
	const addresses = new Set<string>();
	const add = (address: string | undefined) => {
		if (address) addresses.add(address.toLowerCase());
	};
	add(tx.from);
	add(tx.to);
	add(tx.contractAddress);
	for (const move of tx.erc20) {
		add(move.from);
		add(move.to);
	}
	for (const move of tx.erc721) {
		add(move.from);
		add(move.to);
	}
	for (const move of tx.erc1155) {
		add(move.from);
		add(move.to);
	}
	for (const move of tx.internal) {
		add(move.from);
		add(move.to);
	}
	for (const log of tx.logs) add(log.address);
	return addresses;
}
