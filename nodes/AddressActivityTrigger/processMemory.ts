/**
 * What the trigger keeps in one n8n process's memory, never in static data (saved whole by whoever
 * writes last). Any of it may be lost at any moment and is re-read from the service when needed.
 */
import { BoundedMap } from './boundedMap';
import type { MessageWindow } from './duplicates';
import type { AddressSet } from '../shared/addresses';
import type { NativeToken } from '../shared/transfers';
import { transactionWindows } from './transactionWindow';

/** The webhook registered at one of this process's trigger URLs, as last read from the service. */
export interface KnownWebhook {
	id: string;
	/** Its monitored addresses at the service. */
	addresses: AddressSet;
	/** When a delivery last made this process read it again (ms; 0 = never). */
	rereadAt: number;
}

/** Per trigger URL (unique to workflow and node). */
export const knownWebhooks = new BoundedMap<string, KnownWebhook>(2000);

/** Webhook ids a delivery named that the service says deliver elsewhere (or no longer exist), with when (ms). */
export const foreignWebhooks = new BoundedMap<string, number>(2000);

/** The account's shared secret per credential, and when it was last read from the service. */
export interface SecretEntry {
	secret?: string;
	/** When this process's last read of it started (ms; 0 = at activation, or never). */
	readStartedAt: number;
	/** A read in progress: concurrent deliveries wait for it instead of sending their own. */
	reading?: Promise<string | undefined>;
}

export const sharedSecrets = new BoundedMap<string, SecretEntry>(200);

/** When a trigger's activation or deactivation that has not succeeded yet began (per workflow, node and URL kind). */
export const lifecycleStarts = new BoundedMap<string, number>(2000);

/** Per trigger URL: the messageIds this process has run or is running (duplicates.ts). */
export const messageWindows = new BoundedMap<string, MessageWindow>(2000);

/** Reads of a trigger's webhook under way, per URL: deliveries that need one wait for it together. */
export const webhookReads = new Map<string, { startedAt: number; read: Promise<KnownWebhook | undefined> }>();

/** Native token per chain, learned at activation (deliveries usually name it themselves). */
export const nativeTokens = new BoundedMap<string, NativeToken>(200);

/**
 * Long Addresses parameters, parsed: each delivery reads the parameter again, and parsing 100,000
 * addresses took 140 ms a delivery (0.26 ms with this; `npm run bench`). Keyed by the text itself.
 */
export const parsedAddressLists = new BoundedMap<string, AddressSet>(8);

/** Forgets everything (tests use it to stand for a restarted or another process). */
export function forgetProcessMemory(): void {
	knownWebhooks.clear();
	foreignWebhooks.clear();
	sharedSecrets.clear();
	nativeTokens.clear();
	lifecycleStarts.clear();
	messageWindows.clear();
	parsedAddressLists.clear();
	webhookReads.clear();
	transactionWindows.clear();
}
