import type { RateLimitPolicy } from '../types';

interface Window {
	startedAt: number;
	count: number;
}

export interface RateLimitDecision {
	limited: boolean;
	headers: Record<string, string>;
}

/**
 * Fixed-window request counting per API key on the emulator clock. Every response to a valid
 * key carries the three IETF draft headers; a 429 adds ratelimit-reset and retry-after (seconds).
 */
export class RateLimiter {
	private readonly perKey = new Map<string, RateLimitPolicy>();

	private readonly windows = new Map<string, Window>();

	constructor(private defaultPolicy: RateLimitPolicy) {}

	setPolicy(policy: RateLimitPolicy, key?: string): void {
		if (key === undefined) {
			this.defaultPolicy = policy;
			this.perKey.clear();
			this.windows.clear();
		} else {
			this.perKey.set(key, policy);
			this.windows.delete(key);
		}
	}

	consume(key: string, now: number): RateLimitDecision {
		const policy = this.perKey.get(key) ?? this.defaultPolicy;
		const windowMs = policy.windowSeconds * 1000;
		let window = this.windows.get(key);
		if (!window || now - window.startedAt >= windowMs) {
			window = { startedAt: now, count: 0 };
			this.windows.set(key, window);
		}
		const headers: Record<string, string> = {
			'ratelimit-policy': `${policy.limit};w=${policy.windowSeconds}`,
			'ratelimit-limit': String(policy.limit),
		};
		if (window.count >= policy.limit) {
			const resetSeconds = String(Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)));
			headers['ratelimit-remaining'] = '0';
			headers['ratelimit-reset'] = resetSeconds;
			headers['retry-after'] = resetSeconds;
			return { limited: true, headers };
		}
		window.count++;
		headers['ratelimit-remaining'] = String(policy.limit - window.count);
		return { limited: false, headers };
	}
}
