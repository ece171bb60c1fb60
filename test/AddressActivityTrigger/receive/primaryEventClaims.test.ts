/**
 * Whether a P-Chain delivery's event runs, against what a catch-up put out in this process, through
 * n8n-core against the emulator: a late delivery of an event the catch-up ran is acknowledged
 * without a run, another event of the same transaction runs; a delivery whose run n8n failed to
 * start gives its event up, so the next catch-up puts it out.
 */
import type { IDataObject } from 'n8n-workflow';

import { primaryResumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { pChainAddress } from '../../emulator/primary/ids';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { AVAX, pChainParameters, usePrimaryTriggerStack } from '../eventTypesSupport';

const primary = usePrimaryTriggerStack();
const { stack } = primary;

/** A P-Chain trigger with static data kept as n8n keeps it (loaded per request, saved whole at its end). */
async function watching(name: string): Promise<{ trigger: TriggerHarness; treasury: string; webhookId: string }> {
	const treasury = pChainAddress('fuji', `primaryEventClaims ${name}`);
	const trigger = await primary.published(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'], output: 'raw' }), { persistence: 'n8n' });
	return { trigger, treasury, webhookId: String(trigger.state.webhookId) };
}

/** A delivery of `event` as the service sends it, signed with the account's shared secret. */
async function delivery(webhookId: string, messageId: string, event: IDataObject) {
	return signedDelivery({ webhookId, eventType: 'platform_address_activity', messageId, event }, await stack.control.sharedSecret(stack.key));
}

describe('a P-Chain delivery', () => {
	it('of an event a catch-up put out is acknowledged without a run, also when the catch-up\'s save was lost; another balance type of the same transaction runs', async () => {
		const { trigger, treasury, webhookId } = await watching('late copy');
		await primary.setWebhookStatus('inactive');
		await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(3) }] });
		await primary.setWebhookStatus('active');
		const secret = await stack.control.sharedSecret(stack.key);
		// The catch-up's save of static data is lost (n8n logs and swallows it): only this process's memory knows what it ran.
		trigger.dropNextSaves = 1;
		await trigger.receive(signedDelivery(primaryResumeRequest(webhookId, Math.floor(Date.now() / 1000)), secret));
		expect(trigger.startedRuns).toHaveLength(1);
		const caughtUp = trigger.startedRuns[0][0].json.event as IDataObject;

		const late = await trigger.receive(await delivery(webhookId, 'late-delivery-1', caughtUp));
		expect({ statusCode: late.statusCode, items: late.items }).toEqual({ statusCode: 200, items: undefined });
		expect(trigger.startedRuns).toHaveLength(1);

		const otherType = await trigger.receive(await delivery(webhookId, 'late-delivery-2', { ...caughtUp, balanceType: 'lockedStaked' }));
		expect(otherType.statusCode).toBe(200);
		expect(trigger.startedRuns).toHaveLength(2);
		expect((trigger.startedRuns[1][0].json.event as IDataObject).balanceType).toBe('lockedStaked');
	});

	it('whose run n8n failed to start gives its event up: the next catch-up puts it out', async () => {
		const { trigger, treasury, webhookId } = await watching('run not started');
		await primary.setWebhookStatus('inactive');
		const { txHash } = await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(2) }] });
		const [entry] = (await stack.control.service<{ transactions: IDataObject[] }>(stack.key, 'GET', `/v1/networks/fuji/blockchains/p-chain/transactions?addresses=${treasury}`)).body.transactions;
		const event = { eventType: 'balance_change', network: 'fuji', chainId: '11111111111111111111111111111111LpoYY', addresses: [treasury], txHash, txType: entry.txType, blockNumber: Number(entry.blockNumber), blockTimestamp: Number(entry.blockTimestamp), balanceType: 'unlockedUnstaked', balance: AVAX(2), balanceChange: AVAX(2) };
		trigger.failExecutionStart = 1;
		const failed = await trigger.receive(await delivery(webhookId, 'not-started-1', event));
		expect(failed.statusCode).toBe(500);
		expect(trigger.startedRuns).toEqual([]);
		await primary.setWebhookStatus('active');
		const secret = await stack.control.sharedSecret(stack.key);
		const caughtUp = await trigger.receive(signedDelivery(primaryResumeRequest(webhookId, Math.floor(Date.now() / 1000)), secret));
		expect((caughtUp.body as IDataObject).catchUp).toMatchObject({ events: 1 });
		expect(trigger.startedRuns.map((run) => run.map((item) => [(item.json.event as IDataObject).txHash, item.json.catchUp]))).toEqual([[[txHash, true]]]);
	});
});
