import { appendActivity, type ActivityInput } from './chain/activity';
import { Chains } from './chain/chains';
import { Clock } from './clock';
import { DeliveryEngine } from './delivery/engine';
import { ApiError, badRequest } from './http/errors';
import { Faults } from './http/faults';
import { RateLimiter } from './http/rateLimit';
import { RequestLog } from './http/requestLog';
import { Router } from './http/router';
import { PageTokens } from './pagination';
import { PChainLedger } from './primary/pChain';
import { ValidatorSet } from './primary/validatorSet';
import { apiRoutes } from './routes';
import { Scheduler } from './scheduler';
import { Store } from './store';
import type { RateLimitPolicy, StartEmulatorOptions } from './types';

export interface EmulatorOptions {
	port: number;
	seed: number;
	timeScale: number;
	receiverTimeoutMs: number;
	paidAddressLimit: number;
	rateLimit: RateLimitPolicy;
}

export function resolveOptions(options: StartEmulatorOptions = {}): EmulatorOptions {
	const resolved = {
		port: options.port ?? 0,
		seed: options.seed ?? 1,
		timeScale: options.timeScale ?? 1,
		receiverTimeoutMs: options.receiverTimeoutMs ?? 10_000,
		paidAddressLimit: options.paidAddressLimit ?? 100_000,
		rateLimit: options.rateLimit ?? { limit: 1000, windowSeconds: 60 },
	};
	if (!(resolved.timeScale > 0)) throw new Error('timeScale must be a positive number');
	return resolved;
}

/** The emulated service's state and components, shared by the HTTP layer, routes and control API. */
export class Emulator {
	readonly options: EmulatorOptions;

	readonly clock = new Clock();

	readonly scheduler = new Scheduler(this.clock);

	readonly store = new Store();

	readonly chains: Chains;

	readonly pageTokens = new PageTokens(this.clock);

	readonly rateLimiter: RateLimiter;

	readonly requestLog = new RequestLog();

	readonly faults = new Faults();

	readonly deliveries = new DeliveryEngine(this);

	readonly router = new Router(apiRoutes);

	/** P-Chain balances per address and balance type and the P-Chain history, for primary_network_address_activity deliveries and the history routes. */
	readonly pChain = new PChainLedger();

	/** Validation periods and L1 validators with their fee balances, for validator_activity deliveries and the validator routes. */
	readonly validators = new ValidatorSet();

	constructor(options: StartEmulatorOptions = {}) {
		this.options = resolveOptions(options);
		this.chains = new Chains(this.options.seed);
		this.rateLimiter = new RateLimiter(this.options.rateLimit);
		for (const key of options.apiKeys ?? []) this.store.addKey(key);
	}

	/** Puts activity on a chain as a transaction in a new block, then delivers it asynchronously. */
	injectActivity(input: ActivityInput): { txHash: string; blockNumber: string; deliveries: number } {
		const info = this.chains.info(input.chainId);
		if (!info) throw badRequest(`chainId ${input.chainId} is not a supported chain`);
		if (info.status !== 'OK') throw new ApiError(503, [`chain ${input.chainId} is unavailable`]);
		const chain = this.chains.get(input.chainId);
		const tx = appendActivity(chain, input, this.clock.now());
		const deliveries = this.deliveries.onTransaction(chain, tx);
		return { txHash: tx.hash, blockNumber: String(tx.blockNumber), deliveries };
	}

	async close(): Promise<void> {
		this.scheduler.cancelAll();
		await this.deliveries.close();
	}
}
