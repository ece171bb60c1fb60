import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { AddressSet } from '../shared/model/addresses';
import { parsedAddressLists } from './processMemory';
import { parseEventSignatures } from '../shared/model/eventSignatures';
import { parsedTriggerParameter, readWatchParameters, type WatchParameters } from '../shared/parameters/triggerParameters';

export type OnDeactivation = 'delete' | 'keep';

/** The node version from which Chains takes several chains (versions 1 and 2 keep the single Chain). */
export const CHAINS_FROM_VERSION = 3;

/** The trigger's parameters, parsed and validated once, for the lifecycle methods and webhook(). */
export interface TriggerConfig extends WatchParameters {
	eventSignatures: string[];
	includeInternalTxs: boolean;
	includeLogs: boolean;
	onDeactivation: OnDeactivation;
	includeHeaders: boolean;
	verifySignature: boolean;
	webhookName: string;
}

type TriggerContext = IHookFunctions | IWebhookFunctions;

const parsed = parsedTriggerParameter;

/** What webhook() needs for each delivery: reading only these parameters keeps a delivery cheap. */
export type DeliveryConfig = Pick<
	TriggerConfig,
	'chainIds' | 'addresses' | 'output' | 'filters' | 'includeHeaders' | 'verifySignature'
>;

export function readTriggerConfig(this: TriggerContext): TriggerConfig {
	return readConfig(this, true);
}

/** Below this length a list parses faster than a long key is looked up. */
const REMEMBERED_FROM_CHARS = 10_000;

function addressList(value: unknown): AddressSet {
	if (typeof value !== 'string' || value.length < REMEMBERED_FROM_CHARS) return AddressSet.parse(value);
	const remembered = parsedAddressLists.get(value);
	if (remembered !== undefined) return remembered;
	const addresses = AddressSet.parse(value);
	parsedAddressLists.set(value, addresses);
	return addresses;
}

/** The parameters a delivery needs; the event signatures (hashed with keccak) and the rest are not read. */
export function readDeliveryConfig(this: TriggerContext): DeliveryConfig {
	return readConfig(this, false);
}

function readConfig(context: TriggerContext, full: true): TriggerConfig;
function readConfig(context: TriggerContext, full: false): DeliveryConfig;
function readConfig(context: TriggerContext, full: boolean): TriggerConfig | DeliveryConfig {
	const { chainIds, addresses, output, filters } = readWatchParameters(context, CHAINS_FROM_VERSION, addressList);
	const eventSignatures = full
		? parsed(context, 'Event Signatures', () => parseEventSignatures(context.getNodeParameter('eventSignatures', '')))
		: [];
	const options = context.getNodeParameter('options', {}) as IDataObject;

	const delivery: DeliveryConfig = {
		chainIds,
		addresses,
		output,
		filters,
		includeHeaders: output === 'raw' && options.includeHeaders === true,
		verifySignature: options.verifySignature !== false,
	};
	if (!full) return delivery;
	return {
		...delivery,
		eventSignatures,
		includeInternalTxs: context.getNodeParameter('includeInternalTxs', false) as boolean,
		includeLogs: context.getNodeParameter('includeLogs', false) as boolean,
		onDeactivation: (options.onDeactivation as OnDeactivation | undefined) ?? 'delete',
		webhookName: typeof options.webhookName === 'string' ? options.webhookName.trim() : '',
	};
}
