/* eslint-disable @n8n/community-nodes/no-restricted-globals */
/** Waiting in tests and scripts: on a condition, bounded, never a bare sleep where a condition exists. */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `check` until it returns something other than undefined, null or false, and returns that.
 * An error `check` throws counts as "not yet" (the last one is named if time runs out). Without
 * `intervalMs`, checks start 20 ms apart and slow to 250 ms, so quick conditions are seen at once
 * and slow ones (an n8n execution) are not polled in a tight loop.
 */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
	timeoutMs = 30_000,
	intervalMs?: number,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let lastError: unknown;
	for (let attempt = 0; ; attempt++) {
		try {
			const value = await check();
			if (value !== undefined && value !== null && value !== false) return value;
		} catch (error) {
			lastError = error;
		}
		if (Date.now() > deadline) {
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
		}
		await sleep(intervalMs ?? Math.min(250, 20 * 2 ** attempt));
	}
}
