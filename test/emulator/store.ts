import { randomBytes, randomUUID } from 'node:crypto';

import type { EventType, PrimaryNetwork } from './primary/vocabulary';
import { ApiError } from './http/errors';
import { ALL_PRIVILEGES, type EmulatorKey, type Plan, type Privilege, type SignatureScheme } from './types';

export interface KeyRecord {
	key: string;
	accountId: string;
	privileges: Privilege[];
}

export type WebhookStatus = 'active' | 'inactive';

/** What a primary-network webhook watches besides its keys (SERVICE.md, "Primary-network event types"). */
export interface PrimaryNetworkSettings {
	network: PrimaryNetwork;
	keyType: 'addresses' | 'nodeId' | 'subnetId';
	/** as given, de-duplicated (addressActivitySubEvents or validatorActivitySubEvents) */
	subEvents: string[];
	balanceThresholdFilter?: { balanceType: string; balanceThreshold: string };
	nodeIds?: string[];
	subnetIds?: string[];
	l1ValidatorFeeBalanceThreshold?: string;
}

export interface WebhookRecord {
	id: string;
	accountId: string;
	eventType: EventType;
	/** decimal EVM chain id; the P-Chain's blockchain ID for the primary-network types */
	chainId: string;
	status: WebhookStatus;
	createdAt: number;
	url: string;
	name: string;
	description: string;
	/**
	 * address_activity: monitored addresses, lower-cased and unique, in the order they were added;
	 * the primary-network types: metadata.keys (P-Chain addresses as "P-" + lower case, or the one node or subnet ID)
	 */
	addresses: string[];
	/** set for the primary-network types only */
	primary?: PrimaryNetworkSettings;
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

/** The Webhook resource as the service returns it, in the shape of its event type. */
export function webhookResource(webhook: WebhookRecord): WebhookResource {
	return webhook.primary ? primaryNetworkResource(webhook, webhook.primary) : addressActivityResource(webhook);
}

function addressActivityResource(webhook: WebhookRecord) {
	const metadata: { addresses: string[]; eventSignatures?: string[] } = { addresses: [...webhook.addresses] };
	if (webhook.eventSignatures) metadata.eventSignatures = [...webhook.eventSignatures];
	return {
		id: webhook.id,
		eventType: 'address_activity' as const,
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

/** The SDK's PrimaryNetworkAddressActivityResponse / ValidatorActivityResponse: no network, no include flags. */
function primaryNetworkResource(webhook: WebhookRecord, settings: PrimaryNetworkSettings) {
	const { keyType, subEvents, balanceThresholdFilter, nodeIds, subnetIds, l1ValidatorFeeBalanceThreshold } = settings;
	const validator = webhook.eventType === 'validator_activity';
	const metadata: PrimaryNetworkMetadata = {
		keyType,
		keys: [...webhook.addresses],
		subEvents: validator ? { validatorActivitySubEvents: [...subEvents] } : { addressActivitySubEvents: [...subEvents] },
		...(balanceThresholdFilter ? { balanceThresholdFilter: { ...balanceThresholdFilter } } : {}),
		...(nodeIds ? { nodeIds: [...nodeIds] } : {}),
		...(subnetIds ? { subnetIds: [...subnetIds] } : {}),
		...(l1ValidatorFeeBalanceThreshold !== undefined ? { l1ValidatorFeeBalanceThreshold } : {}),
		...(webhook.eventSignatures ? { eventSignatures: [...webhook.eventSignatures] } : {}),
	};
	return {
		id: webhook.id,
		url: webhook.url,
		chainId: webhook.chainId,
		status: webhook.status,
		createdAt: webhook.createdAt,
		name: webhook.name,
		description: webhook.description,
		eventType: webhook.eventType as 'primary_network_address_activity' | 'validator_activity',
		metadata,
	};
}

export interface PrimaryNetworkMetadata {
	keyType: string;
	keys: string[];
	subEvents: { addressActivitySubEvents?: string[]; validatorActivitySubEvents?: string[] };
	balanceThresholdFilter?: { balanceType: string; balanceThreshold: string };
	nodeIds?: string[];
	subnetIds?: string[];
	l1ValidatorFeeBalanceThreshold?: string;
	eventSignatures?: string[];
}

export type AddressActivityResource = ReturnType<typeof addressActivityResource>;
export type PrimaryNetworkResource = ReturnType<typeof primaryNetworkResource>;
export type WebhookResource = AddressActivityResource | PrimaryNetworkResource;
