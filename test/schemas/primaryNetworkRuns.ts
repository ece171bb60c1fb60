/**
 * The P-Chain and validator items of the webhook trigger, for its output schema: one signed
 * delivery of every sub-event, each with every published field, handed to an active trigger; and
 * a catch-up of a validator trigger through Webhook > Reactivate.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { P_CHAIN_ID } from '../../nodes/shared/model/primaryNetwork';
import { nodeId, pChainAddress, pChainTxId, subnetId } from '../emulator/primary/ids';
import type { AddressActivityCredentialData } from '../harness/credentials';
import type { TestService } from '../harness/fixtures';
import { signedDelivery } from '../harness/signing';
import { runNode } from '../harness/runNode';
import { TriggerHarness, type DeliveryReceiver } from '../harness/trigger';

const BLOCK_TIME = 1764100000;
const common = { network: 'fuji', txHash: pChainTxId('schema'), blockTimestamp: BLOCK_TIME };

const platformEvents: IDataObject[] = [
	{ eventType: 'balance_change', balanceType: 'unlockedUnstaked', balance: '2600000000000', balanceChange: '-150000000000' },
	{ eventType: 'balance_threshold', balanceType: 'unlockedUnstaked', balance: '2400000000000', balanceChange: '-200000000000', balanceThreshold: '2500000000000', crossed: 'below' },
	{ eventType: 'reward_distribution', rewardAmount: '1234567890', rewardType: 'validator', nodeId: nodeId('schema') },
].map((event) => ({ ...common, chainId: P_CHAIN_ID, addresses: [pChainAddress('fuji', 'schema')], txType: 'BaseTx', blockNumber: '181234', ...event }));

const validatorEvents: IDataObject[] = [
	{ eventType: 'validator_stake', amount: '2000000000000', startTime: 1764000000, endTime: 1795536000 },
	{ eventType: 'delegator_stake', amount: '25000000000', startTime: 1764000000, endTime: 1765209600 },
	{ eventType: 'reward_distribution', amount: '7500000', rewardType: 'delegator' },
	{ eventType: 'l1_validator_balance_increased', amount: '500000000', feeBalance: '1700000000', validationId: pChainTxId('validation') },
	{ eventType: 'l1_validator_balance_threshold', feeBalance: '1200000000', feeBalanceThreshold: '1250000000', validationId: pChainTxId('validation') },
	{ eventType: 'l1_validator_disabled', feeBalance: '0', validationId: pChainTxId('validation') },
].map((event) => ({ ...common, nodeId: nodeId('schema'), subnetId: subnetId('schema'), ...event }));

async function itemsOf(service: TestService, credentials: AddressActivityCredentialData, parameters: INodeParameters, deliveryType: string, events: IDataObject[]): Promise<IDataObject[]> {
	const trigger = new TriggerHarness({ parameters: { ...parameters, network: 'fuji', output: 'events', options: {} }, credentials });
	await trigger.activate();
	try {
		const secret = await service.control.sharedSecret(credentials.apiKey);
		const webhookId = String(trigger.state.webhookId);
		const items: IDataObject[] = [];
		for (const [index, event] of events.entries()) {
			const body = { webhookId, eventType: deliveryType, messageId: `schema-${deliveryType}-${index}`, event };
			const outcome = await trigger.receive(signedDelivery(body, secret));
			items.push(...(outcome.items ?? []).map((item) => item.json));
		}
		return items;
	} finally {
		await trigger.deactivate();
	}
}

/** Items of a P-Chain Address Activity trigger and of a Validator Activity trigger. */
export async function primaryNetworkItems(service: TestService, credentials: AddressActivityCredentialData): Promise<IDataObject[]> {
	const pChain = { eventType: 'primary_network_address_activity', pChainAddresses: pChainAddress('fuji', 'schema'), addressSubEvents: ['balance_change', 'reward_distribution'] };
	const validator = { eventType: 'validator_activity', validatorKeyType: 'nodeId', validatorKey: nodeId('schema'), validatorSubEvents: ['validator_stake'], validatorFilters: {} };
	return [
		...(await itemsOf(service, credentials, pChain, 'platform_address_activity', platformEvents)),
		...(await itemsOf(service, credentials, validator, 'validator_activity', validatorEvents)),
	];
}

/**
 * A Validator Activity trigger whose webhook the service turned off while an L1 validator's fee
 * balance fell below the threshold: Webhook > Reactivate's output for a primary-network webhook, and
 * the catch-up run's item (what the history cannot say included).
 */
export async function primaryCatchUpRun(
	service: TestService,
	credentials: AddressActivityCredentialData,
	receiver: DeliveryReceiver,
	receiverUrl: string,
): Promise<{ reactivated: IDataObject[]; items: IDataObject[] }> {
	const [node, l1] = [nodeId('schema catch-up'), subnetId('schema catch-up')];
	const parameters = {
		eventType: 'validator_activity',
		network: 'fuji',
		validatorKeyType: 'subnetId',
		validatorKey: l1,
		validatorSubEvents: ['l1_validator_balance_threshold'],
		feeBalanceThreshold: '1.25',
		validatorFilters: {},
		output: 'events',
		options: {},
	};
	const trigger = new TriggerHarness({ parameters, credentials, publicUrl: receiverUrl, webhookId: 'c0ffee00-0000-4000-8000-00000000005c' });
	const fee = async (change: string) => await service.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: node, subnetId: l1, change });
	receiver.harness = trigger;
	try {
		await trigger.activate();
		await fee('3000000000');
		const webhookId = String(trigger.state.webhookId);
		await service.control.service(credentials.apiKey, 'PATCH', `/v1/webhooks/${webhookId}`, { status: 'inactive' });
		await fee('-2000000000');
		const result = await runNode({ credentials, typeVersion: 1.1, parameters: { resource: 'webhook', operation: 'reactivate', webhookId: { __rl: true, mode: 'id', value: webhookId } } });
		const reactivated = result.items.map((item) => item.json);
		const items = trigger.startedRuns.flat().map((item) => item.json);
		if (result.error || (reactivated[0]?.catchUp as IDataObject | undefined)?.events !== 1 || !items.some((item) => item.catchUp === true)) {
			throw new Error(`the validator catch-up put out nothing: ${JSON.stringify(result.error?.message ?? reactivated)}`);
		}
		return { reactivated, items };
	} finally {
		receiver.harness = undefined;
		await trigger.deactivate();
	}
}
