/* eslint-disable @n8n/community-nodes/no-restricted-globals */
/** Talks to the emulator's control API and service routes for the trigger tests. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

export interface EmulatorWebhook {
	id: string;
	url: string;
	chainId: string;
	status: string;
	name: string;
	description: string;
	includeInternalTxs: boolean;
	includeLogs: boolean;
	metadata: { addresses: string[]; eventSignatures?: string[] };
}

export interface SeenRequest {
	method: string;
	path: string;
	statusCode: number;
}

export interface DeliveryAttempt {
	webhookId: string;
	messageId: string;
	attempt: number;
	statusCode: number | null;
	outcome: string;
	body: IDataObject;
	headers: Record<string, string>;
}

export class EmulatorControl {
	constructor(readonly url: string) {}

	private async call<T>(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: T }> {
		const headers: Record<string, string> = { 'content-type': 'application/json' };
		if (key) headers['x-service-api-key'] = key;
		const response = await fetch(`${this.url}${path}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
	}

	/** How deliveries are signed: 'jcs' (documented), 'raw' or 'rawUtf8Key'; for one webhook, one key's account, or all. */
	async setSignatureScheme(target: { scheme: 'jcs' | 'raw' | 'rawUtf8Key'; webhookId?: string; key?: string }): Promise<void> {
		const { status, body } = await this.call('PUT', '/_emulator/signature-scheme', target);
		if (status !== 200) throw new Error(`setting the signature scheme answered ${status}: ${JSON.stringify(body)}`);
	}

	async addKey(options: { plan?: 'free' | 'paid'; account?: string } = {}): Promise<string> {
		const { body } = await this.call<{ key: string }>('POST', '/_emulator/keys', options);
		return body.key;
	}

	async webhooks(): Promise<EmulatorWebhook[]> {
		return (await this.call<{ webhooks: EmulatorWebhook[] }>('GET', '/_emulator/webhooks')).body.webhooks;
	}

	async requests(): Promise<SeenRequest[]> {
		return (await this.call<{ requests: SeenRequest[] }>('GET', '/_emulator/requests')).body.requests;
	}

	async clearRequests(): Promise<void> {
		await this.call('DELETE', '/_emulator/requests');
	}

	async addFault(fault: { method?: string; path: string; count: number; status?: number; delayMs?: number }): Promise<void> {
		const { status } = await this.call('POST', '/_emulator/faults', fault);
		if (status !== 201) throw new Error(`the emulator refused the fault (${status})`);
	}

	async clearFaults(): Promise<void> {
		await this.call('DELETE', '/_emulator/faults');
	}

	async activity(activity: IDataObject): Promise<{ txHash: string; blockNumber: string }> {
		const { status, body } = await this.call<{ txHash: string; blockNumber: string }>('POST', '/_emulator/activity', activity);
		if (status !== 201) throw new Error(`the emulator refused the activity (${status}): ${JSON.stringify(body)}`);
		return body;
	}

	async deliveries(webhookId?: string): Promise<DeliveryAttempt[]> {
		const query = webhookId ? `?webhookId=${encodeURIComponent(webhookId)}` : '';
		return (await this.call<{ deliveries: DeliveryAttempt[] }>('GET', `/_emulator/deliveries${query}`)).body.deliveries;
	}

	/** A service route called directly with a key, as another workflow or the dashboard would. */
	async service<T = IDataObject>(key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
		return await this.call<T>(method, path, body, key);
	}

	async sharedSecret(key: string): Promise<string> {
		return (await this.service<{ secret: string }>(key, 'GET', '/v1/webhooks:getSharedSecret')).body.secret;
	}
}

export const ALICE = '0x1111111111111111111111111111111111111111';
export const BOB = '0x2222222222222222222222222222222222222222';
export const CAROL = '0x3333333333333333333333333333333333333333';
export const DAVE = '0x4444444444444444444444444444444444444444';
export const USDC = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';
export const NFT = '0x5555555555555555555555555555555555555555';
export const ITEMS = '0x6666666666666666666666666666666666666666';
export const FUJI = '43113';

/** Trigger parameters as the editor stores them. */
export function triggerParameters(overrides: INodeParameters = {}): INodeParameters {
	return {
		chainId: { __rl: true, mode: 'list', value: FUJI },
		addresses: `${ALICE}, ${BOB}`,
		eventSignatures: '',
		includeInternalTxs: false,
		includeLogs: false,
		output: 'transfers',
		filters: {},
		options: {},
		...overrides,
	};
}
