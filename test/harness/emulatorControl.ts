import type { EmulatorKey, RateLimitPolicy } from '../emulator';

export interface SeenRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string>;
	statusCode: number;
	at: number;
}

export interface FaultSpec {
	method?: string;
	path: string;
	count: number;
	status?: number;
	delayMs?: number;
	drop?: boolean;
	/** Carry the request out, then answer with the fault. */
	afterHandling?: boolean;
}

/** The emulator's control API (/_emulator/...), for tests to set up and observe the service. */
export class EmulatorControl {
	constructor(private readonly baseUrl: string) {}

	private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.baseUrl}${path}`, {
			method,
			headers: body === undefined ? undefined : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
		return (text ? JSON.parse(text) : {}) as T;
	}

	async createKey(key: Partial<EmulatorKey> = {}): Promise<Required<EmulatorKey>> {
		return await this.call('POST', '/_emulator/keys', key);
	}

	async requests(): Promise<SeenRequest[]> {
		return (await this.call<{ requests: SeenRequest[] }>('GET', '/_emulator/requests')).requests;
	}

	async clearRequests(): Promise<void> {
		await this.call('DELETE', '/_emulator/requests');
	}

	async setRateLimit(policy: RateLimitPolicy & { key?: string }): Promise<void> {
		await this.call('PUT', '/_emulator/rate-limit', policy);
	}

	async addFault(fault: FaultSpec): Promise<void> {
		await this.call('POST', '/_emulator/faults', fault);
	}

	async clearFaults(): Promise<void> {
		await this.call('DELETE', '/_emulator/faults');
	}

	async advanceClock(advanceMs: number): Promise<void> {
		await this.call('POST', '/_emulator/clock', { advanceMs });
	}

	async webhooks(): Promise<Array<Record<string, unknown>>> {
		return (await this.call<{ webhooks: Array<Record<string, unknown>> }>('GET', '/_emulator/webhooks')).webhooks;
	}

	async chains(): Promise<
		Array<{ chainId: string; blocks: number; transactions: number; busiestAddresses: Array<{ address: string; transactions: number }> }>
	> {
		return (await this.call<{ chains: never[] }>('GET', '/_emulator/chains')).chains;
	}

	/** How deliveries are signed: 'jcs' (documented), 'raw' or 'rawUtf8Key'; for one webhook, one key's account, or all. */
	async setSignatureScheme(target: { scheme: 'jcs' | 'raw' | 'rawUtf8Key'; webhookId?: string; key?: string }): Promise<void> {
		await this.call('PUT', '/_emulator/signature-scheme', target);
	}

	async activity(activity: Record<string, unknown>): Promise<{ txHash: string; blockNumber: string }> {
		return await this.call('POST', '/_emulator/activity', activity);
	}
}
