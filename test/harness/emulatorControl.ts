import type { IDataObject } from 'n8n-workflow';
import type { z } from 'zod';

import type { EmulatorKey, RateLimitPolicy } from '../emulator';
import type { DeliveryAttempt, Outstanding } from '../emulator/delivery/engine';
import type { LoggedRequest } from '../emulator/http/requestLog';
import type { AddressActivityResource, PrimaryNetworkResource } from '../emulator/store';
import type { pChainActivitySchema, validatorActivityInputSchema } from '../emulator/primary/activitySchemas';
import type { SignatureScheme } from '../emulator/types';

export type { DeliveryAttempt, Outstanding };
/** Valid P-Chain addresses, node IDs and subnet IDs from a seed, for tests of the primary-network types. */
export { nodeId, pChainAddress, subnetId } from '../emulator/primary/ids';

/** Body of POST /_emulator/p-chain/transactions (test/emulator/README.md). */
export type PChainActivity = z.input<typeof pChainActivitySchema>;
export interface PChainActivityResult {
	txHash: string;
	blockNumber: string;
	blockTimestamp: number;
	/** delivery messages started */
	deliveries: number;
	/** every non-zero balance type of each address of the transaction afterwards, nAVAX */
	balances: Record<string, Record<string, string>>;
}

/** Body of POST /_emulator/validators/activity (test/emulator/README.md). */
export type ValidatorActivity = z.input<typeof validatorActivityInputSchema>;
export interface ValidatorActivityResult {
	txHash?: string;
	blockTimestamp: number;
	/** for L1 validators */
	validationId?: string;
	feeBalance?: string;
	deliveries: number;
}

/** A /v1 request as the emulator logged it (never the key). */
export type SeenRequest = LoggedRequest;

/**
 * An address_activity webhook as the control API lists it: the service's resource, and why it was
 * set inactive. Lists hold every event type: check eventType before reading metadata.addresses.
 */
export type EmulatorWebhook = AddressActivityResource & { deactivationReason?: string };

/** A primary_network_address_activity or validator_activity webhook as the control API lists it (with its network, which the service's resource lacks). */
export type EmulatorPrimaryNetworkWebhook = PrimaryNetworkResource & { deactivationReason?: string; network: 'mainnet' | 'fuji' };

export interface FaultSpec {
	method?: string;
	path: string;
	count: number;
	status?: number;
	delayMs?: number;
	drop?: boolean;
	/** Carry the request out, then answer with the fault. */
	afterHandling?: boolean;
	/** Let this many matching requests through first. */
	skip?: number;
}

export interface ServiceAnswer<T> {
	status: number;
	body: T;
}

/**
 * Talks to the emulator for tests and scripts: its control API (/_emulator/..., to set up and
 * observe the service) and its service routes (/v1/..., as another client of the account would).
 */
export class EmulatorControl {
	constructor(readonly url: string) {}

	/** Any route, with an API key when given; answers whatever the status. */
	async service<T = IDataObject>(key: string | undefined, method: string, path: string, body?: unknown): Promise<ServiceAnswer<T>> {
		const headers: Record<string, string> = {};
		if (key !== undefined) headers['x-service-api-key'] = key;
		if (body !== undefined) headers['content-type'] = 'application/json';
		const response = await fetch(`${this.url}${path}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
	}

	/** A route that must succeed: its answer; throws with the status and answer otherwise. */
	async call<T = IDataObject>(method: string, path: string, body?: unknown, key?: string): Promise<T> {
		const answer = await this.service<T>(key, method, path, body);
		if (answer.status < 200 || answer.status > 299) {
			throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
		}
		return answer.body;
	}

	/** A new key (its own account unless `account` names one); the key's full record. */
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

	/** Every webhook of every account (of every event type: see EmulatorWebhook). */
	async webhooks(): Promise<EmulatorWebhook[]> {
		return (await this.call<{ webhooks: EmulatorWebhook[] }>('GET', '/_emulator/webhooks')).webhooks;
	}

	/** Every primary_network_address_activity and validator_activity webhook of every account. */
	async primaryNetworkWebhooks(): Promise<EmulatorPrimaryNetworkWebhook[]> {
		const all = (await this.call<{ webhooks: Array<EmulatorWebhook | EmulatorPrimaryNetworkWebhook> }>('GET', '/_emulator/webhooks')).webhooks;
		return all.filter((webhook): webhook is EmulatorPrimaryNetworkWebhook => webhook.eventType !== 'address_activity');
	}

	/** Puts a P-Chain transaction on a network: balance changes per address and balance type, and/or a reward. */
	async pChainTransaction(activity: PChainActivity): Promise<PChainActivityResult> {
		return await this.call('POST', '/_emulator/p-chain/transactions', activity);
	}

	/** Something happens to a validator: a stake, a delegation, a reward, an L1 fee balance change, disabling, removal. */
	async validatorActivity(activity: ValidatorActivity): Promise<ValidatorActivityResult> {
		return await this.call('POST', '/_emulator/validators/activity', activity);
	}

	async chains(): Promise<
		Array<{ chainId: string; blocks: number; transactions: number; headBlockNumber: string | number; busiestAddresses: Array<{ address: string; transactions: number }> }>
	> {
		return (await this.call<{ chains: never[] }>('GET', '/_emulator/chains')).chains;
	}

	/** How deliveries are signed: 'jcs' (documented), 'raw' or 'rawUtf8Key'; for one webhook, one key's account, or all. */
	async setSignatureScheme(target: { scheme: SignatureScheme; webhookId?: string; key?: string }): Promise<void> {
		await this.call('PUT', '/_emulator/signature-scheme', target);
	}

	/** Puts a transaction on a chain (and delivers it to the webhooks it concerns: `deliveries` messages started). */
	async activity(activity: Record<string, unknown>): Promise<{ txHash: string; blockNumber: string; deliveries: number }> {
		return await this.call('POST', '/_emulator/activity', activity);
	}

	/** Delivery attempts the emulator made, one row per attempt. */
	async deliveries(filter: { webhookId?: string; messageId?: string } = {}): Promise<DeliveryAttempt[]> {
		const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== undefined) as Array<[string, string]>);
		return (await this.call<{ deliveries: DeliveryAttempt[] }>('GET', `/_emulator/deliveries?${query.toString()}`)).deliveries;
	}

	/** Attempts under way and retries scheduled (for one webhook, or all): both empty once the emulator has nothing more to send. */
	async outstanding(filter: { webhookId?: string } = {}): Promise<Outstanding> {
		const query = filter.webhookId === undefined ? '' : `?webhookId=${encodeURIComponent(filter.webhookId)}`;
		return await this.call<Outstanding>('GET', `/_emulator/deliveries/outstanding${query}`);
	}

	/** The account's shared secret, read the way any client of the service reads it. */
	async sharedSecret(key: string): Promise<string> {
		return (await this.call<{ secret: string }>('GET', '/v1/webhooks:getSharedSecret', undefined, key)).secret;
	}
}
