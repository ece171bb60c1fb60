/**
 * Which transactions this process put out per trigger URL, live or in a catch-up, so that a
 * transaction met by both at a gap's edges runs once. In memory only (static data is saved whole,
 * last writer wins); deactivation copies what a catch-up may meet into static data (catchUp.ts).
 */
import { BoundedMap } from './boundedMap';

/** Transactions remembered per URL: far more than arrive around one deactivation or activation. */
export const TRANSACTION_WINDOW_SIZE = 20_000;

export class TransactionWindow {
	/** Lower-case hash -> block number (NaN when unknown). */
	private readonly blocks = new Map<string, number>();

	/**
	 * Claims the transactions not claimed before and returns them (synchronous: of a live delivery
	 * and a catch-up meeting the same transaction in one process, exactly one claims it).
	 */
	claim(transactions: Array<{ hash: string; block: number }>): string[] {
		const claimed: string[] = [];
		for (const { hash, block } of transactions) {
			const key = hash.toLowerCase();
			if (this.blocks.has(key)) continue;
			this.blocks.set(key, block);
			claimed.push(key);
		}
		for (const key of this.blocks.keys()) {
			if (this.blocks.size <= TRANSACTION_WINDOW_SIZE) break;
			this.blocks.delete(key);
		}
		return claimed;
	}

	/** Gives up claims whose run n8n did not accept, so that the service's retry runs them. */
	release(hashes: string[]): void {
		for (const hash of hashes) this.blocks.delete(hash);
	}

	/** The transactions claimed in blocks from `fromBlock` on. */
	since(fromBlock: number): string[] {
		return [...this.blocks].filter(([, block]) => block >= fromBlock).map(([hash]) => hash);
	}
}

export const transactionWindows = new BoundedMap<string, TransactionWindow>(2000);

export function transactionWindowFor(url: string): TransactionWindow {
	let window = transactionWindows.get(url);
	if (window === undefined) {
		window = new TransactionWindow();
		transactionWindows.set(url, window);
	}
	return window;
}
