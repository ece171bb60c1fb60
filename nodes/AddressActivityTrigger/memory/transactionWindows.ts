/**
 * Which transactions this process put out per trigger URL and chain, live or in a catch-up, so that
 * a transaction met by both at a gap's edges runs once. Deactivation copies what a catch-up may meet
 * into static data (../catchUp/gaps.ts).
 */
import { BoundedMap } from '../../shared/memory/boundedMap';

/** Transactions remembered per URL and chain: far more than arrive around one deactivation or activation. */
const TRANSACTION_WINDOW_SIZE = 20_000;

class TransactionWindow {
	/** Lower-case hash -> its block, and whether a catch-up put it out. */
	private readonly entries = new Map<string, { block: number; caughtUp: boolean }>();

	/**
	 * For a catch-up: claims the transactions not put out before, live or caught up, and returns them
	 * (synchronous: of a live delivery and a catch-up meeting one transaction in a process, one runs it).
	 */
	claimCaughtUp(transactions: Array<{ hash: string; block: number }>): string[] {
		const claimed: string[] = [];
		for (const { hash, block } of transactions) {
			const key = hash.toLowerCase();
			if (this.entries.has(key)) continue;
			this.entries.set(key, { block, caughtUp: true });
			claimed.push(key);
		}
		this.trim();
		return claimed;
	}

	/** For a live delivery: false when a catch-up put the transaction out; else records it (returns its key). */
	claimLive(hash: string, block: number): string | undefined {
		const key = hash.toLowerCase();
		if (this.entries.get(key)?.caughtUp === true) return undefined;
		this.entries.delete(key);
		this.entries.set(key, { block, caughtUp: false });
		this.trim();
		return key;
	}

	/** Gives up claims whose run n8n did not accept, so that the service's retry or the next catch-up runs them. */
	release(hashes: string[]): void {
		for (const hash of hashes) this.entries.delete(hash);
	}

	/** The transactions put out in blocks from `fromBlock` on. */
	since(fromBlock: number): string[] {
		return [...this.entries].filter(([, entry]) => entry.block >= fromBlock).map(([hash]) => hash);
	}

	private trim(): void {
		for (const key of this.entries.keys()) {
			if (this.entries.size <= TRANSACTION_WINDOW_SIZE) break;
			this.entries.delete(key);
		}
	}
}

/** Per trigger URL and chain: the transactions this process put out. */
const transactionWindows = new BoundedMap<string, TransactionWindow>(2000);

/** One window per trigger URL and chain: a gap's blocks are numbered per chain. */
export function transactionWindowFor(url: string, chainId: string): TransactionWindow {
	const key = `${chainId} ${url}`;
	let window = transactionWindows.get(key);
	if (window === undefined) {
		window = new TransactionWindow();
		transactionWindows.set(key, window);
	}
	return window;
}

/** Forgets which transactions were put out (with the rest of the process's memory). */
export function forgetTransactionWindows(): void {
	transactionWindows.clear();
}
