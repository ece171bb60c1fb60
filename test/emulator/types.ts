/** Public option and key types of the emulator (the contract other test suites build on). */
export type Privilege = 'read' | 'webhooks';
export type Plan = 'free' | 'paid';

export interface EmulatorKey {
	key: string;
	account?: string;
	plan?: Plan;
	privileges?: Privilege[];
	/** How deliveries to this account's webhooks are signed (default jcs, the documented scheme). */
	signatureScheme?: SignatureScheme;
}

/**
 * The ways the service's own material signs deliveries: `jcs` (documented: JCS body, hex-decoded
 * secret), `raw` (the body bytes, hex-decoded secret), `rawUtf8Key` (the body bytes, the secret's
 * text as the key, as the SDK's generated webhook hook does).
 */
export type SignatureScheme = 'jcs' | 'raw' | 'rawUtf8Key';

export interface RateLimitPolicy {
	limit: number;
	windowSeconds: number;
}

export interface StartEmulatorOptions {
	/** default 0 = a free port; always binds 127.0.0.1 */
	port?: number;
	/** chain generator seed, default 1 */
	seed?: number;
	/** divides the delivery retry schedule (default 1 = real time) */
	timeScale?: number;
	/** default 10000, not scaled */
	receiverTimeoutMs?: number;
	/** keys valid from the start */
	apiKeys?: EmulatorKey[];
	/** default 100000 (a peer service allows 100,000 addresses per webhook) */
	paidAddressLimit?: number;
	/** default { limit: 1000, windowSeconds: 60 } */
	rateLimit?: RateLimitPolicy;
}

export interface RunningEmulator {
	/** http://127.0.0.1:PORT, no trailing slash */
	url: string;
	port: number;
	close(): Promise<void>;
}

export const ALL_PRIVILEGES: Privilege[] = ['read', 'webhooks'];
export const FREE_PLAN_ADDRESS_LIMIT = 5;
