/**
 * Create bodies of the two primary-network event types, exactly as the vendor SDK models them
 * (PrimaryNetworkAddressActivityRequest, ValidatorActivityRequest; test/emulator/SERVICE.md
 * "Primary-network event types"). Amounts are already nAVAX here: callers convert from AVAX.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	EVENT_TYPES,
	P_CHAIN_ID,
	type PrimaryNetwork,
	type ADDRESS_SUB_EVENTS,
	type BALANCE_TYPES,
	type VALIDATOR_KEY_TYPES,
	type VALIDATOR_SUB_EVENTS,
} from '../model/primaryNetwork';

type AddressSubEvent = (typeof ADDRESS_SUB_EVENTS)[number];
type ValidatorSubEvent = (typeof VALIDATOR_SUB_EVENTS)[number];
type BalanceType = (typeof BALANCE_TYPES)[number];
export type ValidatorKeyType = (typeof VALIDATOR_KEY_TYPES)[number];

/** What a primary_network_address_activity webhook watches. */
export interface PlatformWatch {
	eventType: typeof EVENT_TYPES.primaryNetworkAddressActivity;
	network: PrimaryNetwork;
	/** P-Chain addresses of that network. */
	addresses: string[];
	subEvents: AddressSubEvent[];
	/** Only with the balance_threshold sub-event; the threshold in nAVAX. */
	balanceThreshold?: { balanceType: BalanceType; navax: string };
}

/** What a validator_activity webhook watches: one key, of one key type. */
export interface ValidatorWatch {
	eventType: typeof EVENT_TYPES.validatorActivity;
	network: PrimaryNetwork;
	keyType: ValidatorKeyType;
	key: string;
	subEvents: ValidatorSubEvent[];
	nodeIds: string[];
	subnetIds: string[];
	/** Only with the l1_validator_balance_threshold sub-event; nAVAX. */
	feeBalanceThresholdNavax?: string;
}

export type PrimaryNetworkWatch = PlatformWatch | ValidatorWatch;

/** The metadata of the create body: also what an existing webhook is compared with. */
export function primaryNetworkMetadata(watch: PrimaryNetworkWatch): IDataObject {
	if (watch.eventType === EVENT_TYPES.primaryNetworkAddressActivity) {
		const metadata: IDataObject = {
			keyType: 'addresses',
			keys: watch.addresses,
			subEvents: { addressActivitySubEvents: watch.subEvents },
		};
		if (watch.balanceThreshold !== undefined) {
			metadata.balanceThresholdFilter = { balanceType: watch.balanceThreshold.balanceType, balanceThreshold: watch.balanceThreshold.navax };
		}
		return metadata;
	}
	const metadata: IDataObject = {
		keyType: watch.keyType,
		keys: [watch.key],
		subEvents: { validatorActivitySubEvents: watch.subEvents },
	};
	if (watch.nodeIds.length > 0) metadata.nodeIds = watch.nodeIds;
	if (watch.subnetIds.length > 0) metadata.subnetIds = watch.subnetIds;
	if (watch.feeBalanceThresholdNavax !== undefined) metadata.l1ValidatorFeeBalanceThreshold = watch.feeBalanceThresholdNavax;
	return metadata;
}

/** POST /v1/webhooks body: P-Chain webhooks name the P-Chain as their chain, validator webhooks no chain. */
export function primaryNetworkCreateBody(watch: PrimaryNetworkWatch, webhook: { url: string; name?: string; description?: string }): IDataObject {
	const body: IDataObject = { eventType: watch.eventType, url: webhook.url };
	if (webhook.name) body.name = webhook.name;
	if (webhook.description) body.description = webhook.description;
	body.network = watch.network;
	if (watch.eventType === EVENT_TYPES.primaryNetworkAddressActivity) body.chainId = P_CHAIN_ID;
	body.metadata = primaryNetworkMetadata(watch);
	return body;
}
