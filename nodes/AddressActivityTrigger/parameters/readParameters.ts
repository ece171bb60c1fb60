import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { AddressSet } from '../../shared/model/addresses';
import { EVENT_TYPES, type EventType } from '../../shared/model/primaryNetwork';
import { rememberAddressList, rememberedAddressList } from '../memory/parsedAddressLists';
import { parseEventSignatures } from '../../shared/model/eventSignatures';
import { parsedTriggerParameter, readWatchParameters, type WatchParameters } from '../../shared/parameters/watchParameters';
import { definitionSignatures, readEventDecoding, type EventDecoding } from './eventDefinitions';

export type OnDeactivation = 'delete' | 'keep';

/** The node version from which Chains takes several chains (versions 1 and 2 keep the single Chain). */
export const CHAINS_FROM_VERSION = 3;

/** The trigger's parameters, parsed and validated once, for the lifecycle methods and webhook(). */
export interface TriggerParameters extends WatchParameters {
	eventSignatures: string[];
	includeInternalTxs: boolean;
	includeLogs: boolean;
	onDeactivation: OnDeactivation;
	includeHeaders: boolean;
	verifySignature: boolean;
	webhookName: string;
}

type TriggerContext = IHookFunctions | IWebhookFunctions;

/** The trigger's Event; a workflow saved before the parameter existed watches EVM address activity. */
export function readEventType(context: TriggerContext): EventType {
	return context.getNodeParameter('eventType', EVENT_TYPES.addressActivity) as EventType;
}

const parsed = parsedTriggerParameter;

/** What webhook() needs for each delivery: reading only these parameters keeps a delivery cheap. */
export type DeliveryParameters = Pick<
	TriggerParameters,
	'chainIds' | 'addresses' | 'output' | 'filters' | 'balances' | 'includeHeaders' | 'verifySignature'
> & {
	/** The Decoded Events output's definitions; only for that output. */
	events?: EventDecoding;
};

export function readTriggerParameters(this: TriggerContext): TriggerParameters {
	return parametersOf(this, true);
}

/** Below this length a list parses faster than a long key is looked up. */
const REMEMBERED_FROM_CHARS = 10_000;

function addressList(value: unknown): AddressSet {
	if (typeof value !== 'string' || value.length < REMEMBERED_FROM_CHARS) return AddressSet.parse(value);
	const remembered = rememberedAddressList(value);
	if (remembered !== undefined) return remembered;
	const addresses = AddressSet.parse(value);
	rememberAddressList(value, addresses);
	return addresses;
}

/** The parameters a delivery needs; the event signatures (hashed with keccak) and the rest are not read. */
export function readDeliveryParameters(this: TriggerContext): DeliveryParameters {
	return parametersOf(this, false);
}

function parametersOf(context: TriggerContext, full: true): TriggerParameters;
function parametersOf(context: TriggerContext, full: false): DeliveryParameters;
function parametersOf(context: TriggerContext, full: boolean): TriggerParameters | DeliveryParameters {
	const { chainIds, addresses, output, filters, balances } = readWatchParameters(context, CHAINS_FROM_VERSION, addressList);
	const explicitSignatures = full
		? parsed(context, 'Event Signatures', () => parseEventSignatures(context.getNodeParameter('eventSignatures', '')))
		: [];
	const events = output === 'decodedEvents' ? readEventDecoding(context) : undefined;
	const options = context.getNodeParameter('options', {}) as IDataObject;

	const delivery: DeliveryParameters = {
		chainIds,
		addresses,
		output,
		filters,
		balances,
		includeHeaders: output === 'raw' && options.includeHeaders === true,
		verifySignature: options.verifySignature !== false,
		events,
	};
	if (!full) return delivery;
	return {
		...delivery,
		// Given Event Signatures filter as they are; otherwise Decoded Events asks for its own events.
		eventSignatures: explicitSignatures.length > 0 || events === undefined ? explicitSignatures : definitionSignatures(events),
		includeInternalTxs: context.getNodeParameter('includeInternalTxs', false) as boolean,
		// Decoding needs the logs.
		includeLogs: events !== undefined || (context.getNodeParameter('includeLogs', false) as boolean),
		onDeactivation: (options.onDeactivation as OnDeactivation | undefined) ?? 'delete',
		webhookName: typeof options.webhookName === 'string' ? options.webhookName.trim() : '',
	};
}

/** Default of Catch Up At Most (hours). */
export const DEFAULT_CATCH_UP_HOURS = 24;

/** Catch Up At Most in ms; 0 turns the catch-up off. */
export function catchUpLimitMs(context: TriggerContext): number {
	const hours = (context.getNodeParameter('options.catchUpHours', DEFAULT_CATCH_UP_HOURS) as number) ?? DEFAULT_CATCH_UP_HOURS;
	return Number.isFinite(hours) && hours > 0 ? hours * 3_600_000 : 0;
}
