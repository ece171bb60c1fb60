/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// The load side of `npm run bench:n8n`: posts prepared bodies to one URL with a fixed number of
// requests in flight, bounded in count and time, and summarises the answers' latencies (over
// several rounds, so that nodes measured in turn share the machine's ups and downs).

export interface PreparedRequest {
	body: string;
	headers: Record<string, string>;
}

export interface Round {
	latencies: number[];
	failures: string[];
	seconds: number;
}

export interface CellResult {
	/** Requests answered (any status). */
	sent: number;
	/** Answers other than 200 (or connection errors). */
	failed: number;
	failures: string[];
	seconds: number;
	perSecond: number;
	p50Ms: number;
	p99Ms: number;
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: number[], q: number): number {
	if (!sorted.length) return NaN;
	const rank = Math.max(1, Math.ceil(q * sorted.length));
	return sorted[Math.min(sorted.length, rank) - 1];
}

/**
 * Sends `requests` in order with `concurrency` in flight; stops starting new ones after
 * `maxSeconds`. Each latency is from just before fetch() to the end of the answer's body.
 */
export async function runLoad(url: string, requests: PreparedRequest[], concurrency: number, maxSeconds: number): Promise<Round> {
	const latencies: number[] = [];
	const failures: string[] = [];
	let next = 0;
	const started = process.hrtime.bigint();
	const deadline = Date.now() + maxSeconds * 1000;
	const lane = async () => {
		while (next < requests.length && Date.now() < deadline) {
			const request = requests[next++];
			const before = process.hrtime.bigint();
			try {
				const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...request.headers }, body: request.body });
				const text = await response.text();
				if (response.status !== 200) failures.push(`${response.status} ${text.slice(0, 120)}`);
			} catch (error) {
				failures.push((error as Error).message);
			}
			latencies.push(Number(process.hrtime.bigint() - before) / 1e6);
		}
	};
	await Promise.all(Array.from({ length: concurrency }, lane));
	return { latencies, failures, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Deliveries per second over the rounds' sending time, and latency quantiles over all answers. */
export function summarise(rounds: Round[]): CellResult {
	const latencies = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
	const failures = rounds.flatMap((round) => round.failures);
	const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
	return {
		sent: latencies.length,
		failed: failures.length,
		failures: [...new Set(failures)].slice(0, 3),
		seconds,
		perSecond: latencies.length / seconds,
		p50Ms: quantile(latencies, 0.5),
		p99Ms: quantile(latencies, 0.99),
	};
}
