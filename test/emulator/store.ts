import { randomBytes, randomUUID } from 'node:crypto';

import { ApiError } from './http/errors';
import { ALL_PRIVILEGES, type EmulatorKey, type Plan, type Privilege, type SignatureScheme } from './types';

export interface KeyRecord {
	key: string;
	accountId: string;
	privileges: Privilege[];
}

export type WebhookStatus = 'active' | 'inactive';

export interface WebhookRecord {
	id: string;
	accountId: string;
	eventType: 'address_activity';
	chainId: string;
	status: WebhookStatus;
	createdAt: number;
	url: string;
	name: string;
	description: string;
	/** monitored addresses, lower-cased and unique, in the order they were added */
	addresses: string[];
	eventSignatures?: string[];
	includeInternalTxs: boolean;
	includeLogs: boolean;
	/** Overrides the account's signature scheme for this webhook (set through the control API). */
	signatureScheme?: SignatureScheme;
}

export interface Account {
	id: string;
	plan: Plan;
	/** 64 lowercase hex chars; created on first get or rotate (or first delivery) */
	sharedSecret?: string;
	signatureScheme: SignatureScheme;
	webhooks: Map<string, WebhookRecord>;
}

/** Keys, accounts, webhooks and shared secrets: everything the webhook routes read and write. */
export class Store {
	private readonly keys = new Map<string, KeyRecord>();

	private readonly accounts = new Map<string, Account>();

	addKey(input: Partial<EmulatorKey>): { key: string; account: string; plan: Plan; privileges: Privilege[] } {
		const key = input.key ?? `emu_${randomBytes(24).toString('hex')}`;
		const accountId = input.account ?? `account-${randomUUID()}`;
		let account = this.accounts.get(accountId);
		if (!account) {
			account = { id: accountId, plan: input.plan ?? 'free', signatureScheme: input.signatureScheme ?? 'jcs', webhooks: new Map() };
			this.accounts.set(accountId, account);
		} else {
			if (input.plan) account.plan = input.plan;
			if (input.signatureScheme) account.signatureScheme = input.signatureScheme;
		}
		const privileges = [...new Set(input.privileges ?? ALL_PRIVILEGES)];
		this.keys.set(key, { key, accountId, privileges });
		return { key, account: accountId, plan: account.plan, privileges };
	}

	findKey(key: string): KeyRecord | undefined {
		return this.keys.get(key);
	}

	account(id: string): Account {
		const account = this.accounts.get(id);
		if (!account) throw new Error(`unknown account ${id}`);
		return account;
	}

	/** Every webhook of every account, oldest first. */
	allWebhooks(): WebhookRecord[] {
		const all: WebhookRecord[] = [];
		for (const account of this.accounts.values()) all.push(...account.webhooks.values());
		return all.sort((a, b) => a.createdAt - b.createdAt);
	}

	findWebhookById(id: string): WebhookRecord | undefined {
		for (const account of this.accounts.values()) {
			const webhook = account.webhooks.get(id);
			if (webhook) return webhook;
		}
		return undefined;
	}

	sharedSecret(accountId: string, rotate = false): string {
		const account = this.account(accountId);
		if (rotate || !account.sharedSecret) account.sharedSecret = randomBytes(32).toString('hex');
		return account.sharedSecret;
	}

	/** The scheme a delivery of `webhook` is signed with: its own, else its account's. */
	signatureScheme(webhook: WebhookRecord): SignatureScheme {
		return webhook.signatureScheme ?? this.account(webhook.accountId).signatureScheme;
	}

	/** Sets how deliveries are signed; returns what it applies to. */
	setSignatureScheme(scheme: SignatureScheme, target: { webhookId?: string; key?: string }): string {
		if (target.webhookId !== undefined) {
			const webhook = this.findWebhookById(target.webhookId);
			if (!webhook) throw new ApiError(404, [`webhook ${target.webhookId} not found`]);
			webhook.signatureScheme = scheme;
			return `webhook ${webhook.id}`;
		}
		if (target.key !== undefined) {
			const record = this.findKey(target.key);
			if (!record) throw new ApiError(404, ['unknown key']);
			this.account(record.accountId).signatureScheme = scheme;
			return 'one account';
		}
		for (const account of this.accounts.values()) account.signatureScheme = scheme;
		return 'every account';
	}
}

/** The Webhook resource as the service returns it. */
export function webhookResource(webhook: WebhookRecord) {
	const metadata: { addresses: string[]; eventSignatures?: string[] } = { addresses: [...webhook.addresses] };
	if (webhook.eventSignatures) metadata.eventSignatures = [...webhook.eventSignatures];
	return {
		id: webhook.id,
		eventType: webhook.eventType,
		chainId: webhook.chainId,
		status: webhook.status,
		createdAt: webhook.createdAt,
		url: webhook.url,
		name: webhook.name,
		description: webhook.description,
		metadata,
		includeInternalTxs: webhook.includeInternalTxs,
		includeLogs: webhook.includeLogs,
	};
}
