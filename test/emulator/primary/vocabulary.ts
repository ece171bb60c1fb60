// The names of the service's primary-network event types, taken from the vendor SDK's models
// (@avalanche-sdk/chainkit 0.3.13: createwebhook, primarynetworkaddressactivity*,
// validatoractivity*, commonbalancetype). The emulator keeps its own copy: it must not agree with
// the product under test by sharing its code.

export const EVENT_TYPES = {
	addressActivity: 'address_activity',
	primaryNetworkAddressActivity: 'primary_network_address_activity',
	validatorActivity: 'validator_activity',
} as const;
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/** The eventType of deliveries of primary_network_address_activity webhooks. */
export const PLATFORM_DELIVERY_EVENT_TYPE = 'platform_address_activity';

export const NETWORKS = ['mainnet', 'fuji'] as const;
export type PrimaryNetwork = (typeof NETWORKS)[number];

/** The P-Chain's blockchain ID (cb58 of 32 zero bytes), the same on both networks; also the primary network's subnet ID. */
export const P_CHAIN_ID = '11111111111111111111111111111111LpoYY';

export const ADDRESS_SUB_EVENTS = ['balance_change', 'balance_threshold', 'reward_distribution'] as const;

export const VALIDATOR_SUB_EVENTS = [
	'validator_stake',
	'delegator_stake',
	'reward_distribution',
	'l1_validator_balance_increased',
	'l1_validator_disabled',
	'l1_validator_removed',
	'l1_validator_balance_threshold',
] as const;
/** The documentation's other name of the threshold sub-event. */
export const VALIDATOR_THRESHOLD_ALIAS = 'l1_validator_threshold_reached';

export const VALIDATOR_KEY_TYPES = ['nodeId', 'subnetId'] as const;

/** The SDK's CommonBalanceType, in its order. */
export const BALANCE_TYPES = [
	'unlockedUnstaked',
	'unlockedStaked',
	'lockedPlatform',
	'lockedStakeable',
	'lockedStaked',
	'pendingStaked',
	'unlocked',
	'locked',
	'atomicMemoryUnlocked',
	'atomicMemoryLocked',
] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

/** "1500000000" nAVAX (optionally signed) -> "1.5" AVAX. */
export function navaxToAvax(navax: string): string {
	const amount = BigInt(navax);
	const size = amount < 0n ? -amount : amount;
	const fraction = (size % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
	return `${amount < 0n ? '-' : ''}${size / 1_000_000_000n}${fraction ? `.${fraction}` : ''}`;
}

/** The SDK's PChainTransactionType: the txType of a P-Chain transaction. */
export const P_CHAIN_TX_TYPES = [
	'AddValidatorTx',
	'AddSubnetValidatorTx',
	'AddDelegatorTx',
	'CreateChainTx',
	'CreateSubnetTx',
	'ImportTx',
	'ExportTx',
	'AdvanceTimeTx',
	'RewardValidatorTx',
	'RemoveSubnetValidatorTx',
	'TransformSubnetTx',
	'AddPermissionlessValidatorTx',
	'AddPermissionlessDelegatorTx',
	'BaseTx',
	'TransferSubnetOwnershipTx',
	'ConvertSubnetToL1Tx',
	'RegisterL1ValidatorTx',
	'SetL1ValidatorWeightTx',
	'DisableL1ValidatorTx',
	'IncreaseL1ValidatorBalanceTx',
	'UNKNOWN',
] as const;

/** The SDK's PrimaryNetworkTxType: what the history's `txTypes` filter takes (the X-Chain adds two). */
export const PRIMARY_NETWORK_TX_TYPES = [...P_CHAIN_TX_TYPES, 'CreateAssetTx', 'OperationTx'] as const;
