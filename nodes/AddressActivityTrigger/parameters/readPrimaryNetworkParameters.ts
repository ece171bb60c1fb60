import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { PrimaryNetworkWatch } from '../../shared/service/primaryNetworkWebhooks';
import { readPrimaryNetworkWatch, type ReadParameter, type WatchFieldNames } from '../../shared/parameters/primaryNetworkWatch';
import { parsedTriggerParameter } from '../../shared/parameters/watchParameters';
import type { OnDeactivation } from './readParameters';

type TriggerContext = IHookFunctions | IWebhookFunctions;

/** A P-Chain or validator trigger's Event. */
export type PrimaryNetworkEventType = PrimaryNetworkWatch['eventType'];

/** What a delivery of a primary-network type needs: reading only these keeps a delivery cheap. */
export interface PrimaryNetworkDeliveryParameters {
	eventType: PrimaryNetworkEventType;
	output: 'events' | 'raw';
	includeHeaders: boolean;
	verifySignature: boolean;
	/** Deactivation needs no more than this and the event type, so invalid parameters never block it. */
	onDeactivation: OnDeactivation;
}

/** Every parameter, validated, for activation. */
export interface PrimaryNetworkParameters extends PrimaryNetworkDeliveryParameters {
	watch: PrimaryNetworkWatch;
	webhookName: string;
}

/** The trigger's names of the fields Webhook > Create names differently. */
const FIELD_NAMES: WatchFieldNames = {
	pChainAddresses: 'P-Chain Addresses',
	validatorKeyType: 'Watch By',
	validatorKey: (keyType) => (keyType === 'nodeId' ? 'Node ID' : 'Subnet ID'),
};

/** The delivery parameters of a primary-network type (its Event already read). */
export function readPrimaryNetworkDeliveryParameters(context: TriggerContext, eventType: PrimaryNetworkEventType): PrimaryNetworkDeliveryParameters {
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

/** Every parameter of a primary-network type, checked before any request. */
export function readPrimaryNetworkParameters(context: TriggerContext, eventType: PrimaryNetworkEventType): PrimaryNetworkParameters {
	const delivery = readPrimaryNetworkDeliveryParameters(context, eventType);
	const read: ReadParameter = (name, field, parse, fallback) => parsedTriggerParameter(context, field, () => parse(context.getNodeParameter(name, fallback)));
	const watch = readPrimaryNetworkWatch(read, delivery.eventType, FIELD_NAMES);
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		...delivery,
		watch,
		webhookName: typeof options.webhookName === 'string' ? options.webhookName.trim() : '',
	};
}
