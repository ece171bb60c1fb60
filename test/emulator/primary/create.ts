import { randomUUID } from 'node:crypto';

import { parseNodeId, parsePChainAddress, parseSubnetId } from './ids';
import { P_CHAIN_ID, VALIDATOR_THRESHOLD_ALIAS } from './vocabulary';
import type { RequestContext } from '../http/router';
import { parseBody } from '../http/validation';
import { checkAddressAllowance } from '../routes/webhookAccess';
import type { PrimaryNetworkSettings, WebhookRecord } from '../store';
import { primaryNetworkAddressActivitySchema, validatorActivitySchema } from './schemas';

const unique = (values: string[]) => [...new Set(values)];

/** A new webhook of a primary-network type from a POST /v1/webhooks body, validated; undefined for address_activity. */
export function createPrimaryNetworkWebhook(context: RequestContext): WebhookRecord | undefined {
	const eventType = (context.body as { eventType?: unknown } | undefined)?.eventType;
	let settings: PrimaryNetworkSettings;
	let keys: string[];
	let common: { url: string; name?: string; description?: string; eventSignatures?: string[] };
	if (eventType === 'primary_network_address_activity') {
		const input = parseBody(primaryNetworkAddressActivitySchema, context.body);
		const { metadata } = input;
		keys = unique(metadata.keys.map((key) => parsePChainAddress(key)));
		checkAddressAllowance(context, keys.length);
		settings = {
			network: input.network,
			keyType: metadata.keyType,
			subEvents: unique(metadata.subEvents.addressActivitySubEvents),
			balanceThresholdFilter: metadata.balanceThresholdFilter,
		};
		common = { ...input, eventSignatures: metadata.eventSignatures };
	} else if (eventType === 'validator_activity') {
		const input = parseBody(validatorActivitySchema, context.body);
		const { metadata } = input;
		keys = metadata.keys.map(metadata.keyType === 'nodeId' ? parseNodeId : parseSubnetId);
		settings = {
			network: input.network,
			keyType: metadata.keyType,
			// the documentation's other name of the threshold sub-event is stored under the SDK's name
			subEvents: unique(
				metadata.subEvents.validatorActivitySubEvents.map((name) =>
					name === VALIDATOR_THRESHOLD_ALIAS ? 'l1_validator_balance_threshold' : name,
				),
			),
			nodeIds: metadata.nodeIds && unique(metadata.nodeIds.map(parseNodeId)),
			subnetIds: metadata.subnetIds && unique(metadata.subnetIds.map(parseSubnetId)),
			l1ValidatorFeeBalanceThreshold: metadata.l1ValidatorFeeBalanceThreshold,
		};
		common = { ...input, eventSignatures: metadata.eventSignatures };
	} else {
		return undefined;
	}
	return {
		id: randomUUID(),
		accountId: context.account.id,
		eventType,
		chainId: P_CHAIN_ID,
		status: 'active',
		createdAt: context.emulator.clock.now(),
		url: common.url,
		name: common.name ?? '',
		description: common.description ?? '',
		addresses: keys,
		eventSignatures: common.eventSignatures && unique(common.eventSignatures.map((signature) => signature.toLowerCase())),
		includeInternalTxs: false,
		includeLogs: false,
		primary: settings,
	};
}
