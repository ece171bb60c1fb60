import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { EVENT_TYPES, type EventType } from '../shared/model/primaryNetwork';
import type { PrimaryNetworkWatch } from '../shared/service/primaryNetworkWebhooks';
import { readPrimaryNetworkWatch, type ReadParameter, type WatchFieldNames } from '../shared/parameters/primaryNetworkWatch';
import { parsedTriggerParameter } from '../shared/parameters/triggerParameters';
import type { OnDeactivation } from './triggerConfig';

type TriggerContext = IHookFunctions | IWebhookFunctions;

/** The trigger's Event; a workflow saved before the parameter existed watches EVM address activity. */
function triggerEventType(context: TriggerContext): EventType {
	return context.getNodeParameter('eventType', EVENT_TYPES.addressActivity) as EventType;
}

/** What a delivery of a primary-network type needs: reading only these keeps a delivery cheap. */
export interface PrimaryNetworkDeliveryConfig {
	eventType: PrimaryNetworkWatch['eventType'];
	output: 'events' | 'raw';
	includeHeaders: boolean;
	verifySignature: boolean;
	/** Deactivation needs no more than this and the event type, so invalid parameters never block it. */
	onDeactivation: OnDeactivation;
}

/** The whole configuration, validated, for activation. */
export interface PrimaryNetworkConfig extends PrimaryNetworkDeliveryConfig {
	watch: PrimaryNetworkWatch;
	webhookName: string;
}

/** The trigger's names of the fields Webhook > Create names differently. */
const FIELD_NAMES: WatchFieldNames = {
	pChainAddresses: 'P-Chain Addresses',
	validatorKeyType: 'Watch By',
	validatorKey: (keyType) => (keyType === 'nodeId' ? 'Node ID' : 'Subnet ID'),
};

/** The delivery parameters of a primary-network type; undefined when the trigger watches EVM activity. */
export function readPrimaryNetworkDeliveryConfig(context: TriggerContext): PrimaryNetworkDeliveryConfig | undefined {
	const eventType = triggerEventType(context);
	if (eventType === EVENT_TYPES.addressActivity) return undefined;
	const output = context.getNodeParameter('output', 'events') === 'raw' ? 'raw' : 'events';
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		eventType,
		output,
		includeHeaders: output === 'raw' && options.includeHeaders === true,
		verifySignature: options.verifySignature !== false,
		onDeactivation: options.onDeactivation === 'keep' ? 'keep' : 'delete',
	};
}

/** Every parameter of a primary-network type, checked before any request; undefined for EVM activity. */
export function readPrimaryNetworkConfig(context: TriggerContext): PrimaryNetworkConfig | undefined {
	const delivery = readPrimaryNetworkDeliveryConfig(context);
	if (delivery === undefined) return undefined;
	const read: ReadParameter = (name, field, parse, fallback) => parsedTriggerParameter(context, field, () => parse(context.getNodeParameter(name, fallback)));
	const watch = readPrimaryNetworkWatch(read, delivery.eventType, FIELD_NAMES);
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		...delivery,
		watch,
		webhookName: typeof options.webhookName === 'string' ? options.webhookName.trim() : '',
	};
}
