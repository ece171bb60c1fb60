import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { storeInStaticData } from '../../shared/n8n/n8nInternals';
import type { RemoteWebhook } from '../../shared/service/webhooks';
import { testRegistrationsOf } from '../memory/testRegistrations';
import type { TriggerParameters } from '../parameters/readParameters';

/** Where catching up stands on one chain (../catchUp/gaps.ts). */
export interface CatchUpState extends IDataObject {
	/** The chain head once the webhook last received again (a gap nobody saw start begins there). */
	mark?: { block: number; at: number };
	/** A gap not caught up yet: its first block, when it began (ms), transactions already put out. */
	gap?: { fromBlock: number; at: number | null; seen?: string[] };
}

/** What the trigger keeps about one chain: its webhook there, and where catching up stands. */
export interface ChainState extends IDataObject {
	webhookId?: string;
	/** The URL the webhook was registered with. */
	webhookUrl?: string;
	/** Lower-case addresses the trigger itself registered, so that a later activation can remove those it no longer lists. */
	ownAddresses?: string[];
	catchUp?: CatchUpState;
	/** The durable position (position.ts): written by requests to the trigger's URL as well as by the lifecycle. */
	position?: IDataObject;
}

/**
 * The node's static data: per chain ID, what finding its webhook, tidying it up and catching up
 * need. The lifecycle methods write the registration and `catchUp` (n8n runs them one at a time in
 * the main process); requests to the trigger's URL write only `position` (positionWrites.ts). n8n
 * saves the whole document and the last save wins, so a request's save can restore an older
 * registration: the lifecycle finds its webhooks again by URL, and no catch-up start depends on
 * what a request's save can restore.
 */
export type ChainStates = Record<string, ChainState>;

/** The single-chain shape of versions before several chains: moved under `chains` at the next activation. */
const SINGLE_CHAIN_KEYS = ['webhookId', 'webhookUrl', 'chainId', 'ownAddresses', 'catchUp'];
/** Keys earlier versions kept in static data (the secret among them): removed at the next activation. */
const RETIRED_KEYS = ['sharedSecret', 'secretCheckedAt', 'seenMessages', 'extraAddresses', 'addressesCheckedAt', 'nativeToken'];

/**
 * Moves `{webhookId, webhookUrl, chainId, ownAddresses, catchUp}` to `chains[chainId]`, so a
 * workflow activated before the upgrade keeps its webhook. Without a chainId (deactivated with
 * Delete: only the catch-up was left) it belongs to the one configured chain, if there is one.
 */
function moveSingleChainShape(data: IDataObject, chains: ChainStates, configured: string[]): void {
	// A P-Chain or validator registration (it names its network) stays where it is.
	if (data.network !== undefined || !SINGLE_CHAIN_KEYS.some((key) => data[key] !== undefined)) return;
	const chainId = typeof data.chainId === 'string' ? data.chainId : configured.length === 1 ? configured[0] : undefined;
	const entry: ChainState = {};
	for (const key of ['webhookId', 'webhookUrl', 'ownAddresses', 'catchUp']) if (data[key] !== undefined) entry[key] = data[key];
	// A delivery may have written the chain's position already: the old shape's keys join it.
	if (chainId !== undefined) chains[chainId] = { ...entry, ...(chains[chainId] ?? {}) };
	for (const key of SINGLE_CHAIN_KEYS) delete data[key];
}

/** Where test listening keeps its registrations: in this process's memory, never in static data. */
function testStates(context: IHookFunctions): ChainStates {
	return testRegistrationsOf(`${context.getWorkflow().id ?? ''}/${context.getNode().name}`) as ChainStates;
}

/** The per-chain state, read by the lifecycle methods (moved from the single-chain shape if needed). */
export function chainStates(context: IHookFunctions, configured: string[]): ChainStates {
	if (context.getMode() === 'manual') return testStates(context);
	const data = context.getWorkflowStaticData('node');
	const chains = (data.chains ?? {}) as ChainStates;
	moveSingleChainShape(data, chains, configured);
	for (const key of RETIRED_KEYS) delete data[key];
	return chains;
}

/** The state of one chain, created when missing (written only while not test listening: see chainStates). */
export function chainState(chains: ChainStates, chainId: string): ChainState {
	chains[chainId] ??= {};
	return chains[chainId];
}

/** Records the production registration on one chain. */
export function recordRegistration(state: ChainState, webhook: RemoteWebhook, url: string, parameters: TriggerParameters): void {
	Object.assign(state, { webhookId: webhook.id, webhookUrl: url, ownAddresses: parameters.addresses.lowerCase });
}

/**
 * Stores the per-chain state (assigned whole: storeInStaticData), without the chains that hold
 * nothing any more.
 */
export function saveChainStates(context: IHookFunctions, chains: ChainStates): void {
	for (const [chainId, state] of Object.entries(chains)) {
		if (state.catchUp !== undefined && Object.keys(state.catchUp).length === 0) delete state.catchUp;
		if (Object.keys(state).length === 0) delete chains[chainId];
	}
	if (context.getMode() === 'manual') return;
	const data = context.getWorkflowStaticData('node');
	storeInStaticData(data, 'chains', Object.keys(chains).length === 0 ? undefined : chains);
}
