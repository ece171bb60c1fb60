/**
 * The balance crossings this process alerted on, per trigger (its URL, or the poll trigger's node):
 * several deliveries of one block see the same crossing, and it alerts once. A claim whose run n8n
 * did not accept is given up, so the service's retry alerts.
 */
import { BoundedMap } from './boundedMap';

const claimed = new BoundedMap<string, true>(20_000);

/** Claims a crossing for `scope`; returns how to give it up, or undefined when it was claimed already. */
export function claimCrossing(scope: string, crossing: string): (() => void) | undefined {
	const key = `${scope}|${crossing}`;
	if (claimed.get(key) !== undefined) return undefined;
	claimed.set(key, true);
	return () => claimed.delete(key);
}

export function forgetBalanceCrossings(): void {
	claimed.clear();
}
