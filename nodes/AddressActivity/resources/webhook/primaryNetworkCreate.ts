import type { IExecuteFunctions } from 'n8n-workflow';

import type { PrimaryNetworkWatch } from '../../../shared/service/primaryNetworkWebhooks';
import { readPrimaryNetworkWatch, type WatchFieldNames } from '../../../shared/parameters/primaryNetworkWatch';
import { parsedParameter } from '../../readParameters';

// Reads and checks Webhook > Create's parameters of the two primary-network types (primaryNetworkParameters.ts).

/** Webhook > Create's names of the fields the trigger names differently. */
const FIELD_NAMES: WatchFieldNames = { pChainAddresses: 'Addresses', validatorKeyType: 'Key Type', validatorKey: () => 'Key' };

/** What a P-Chain or validator webhook watches, every field of the item checked. */
export function readWebhookWatch(context: IExecuteFunctions, itemIndex: number, eventType: PrimaryNetworkWatch['eventType']): PrimaryNetworkWatch {
	return readPrimaryNetworkWatch((name, field, parse, fallback) => parsedParameter(context, name, field, itemIndex, parse, fallback), eventType, FIELD_NAMES);
}
