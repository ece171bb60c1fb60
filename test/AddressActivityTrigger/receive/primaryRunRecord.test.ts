/**
 * What a live P-Chain or validator delivery's run leaves in the trigger's durable position (static
 * data as n8n saves it): how the record names a delivered event, that a live run is written there,
 * and that nothing is written with the catch-up off.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { primaryEventKey } from '../../../nodes/AddressActivityTrigger/receive/primaryEventKeys';
import { recordedEventOf } from '../../../nodes/AddressActivityTrigger/receive/primaryRunRecord';
import { ranKeys, readPosition, transactionKey } from '../../../nodes/AddressActivityTrigger/staticData/position';
import { ranEvent, ranValidationEvent } from '../../../nodes/AddressActivityTrigger/staticData/primaryPosition';
import { pChainAddress } from '../../emulator/primary/ids';
import type { TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { AVAX, pChainParameters, usePrimaryTriggerStack } from '../eventTypesSupport';

const AT = 1_800_000_000;

describe('how the record names a delivered event', () => {
	it('an event of a transaction: by its key, at its second, the same for a copy and for the run', () => {
		const event = { eventType: 'balance_change', txHash: 'tx-1', balanceType: 'unlockedUnstaked' };
		const ran = ranEvent(primaryEventKey('pChain', event)!, AT);
		expect(recordedEventOf('pChain', event, AT)).toEqual({ copy: ran, ran: [ran] });
	});

	it('a fee balance alert: as this delivery (with its fee balance) and as any of that second\'s', () => {
		const event = { eventType: 'l1_validator_threshold_reached', validationId: 'v-1', feeBalance: '1000' };
		const delivery = ranValidationEvent('v-1', 'l1_validator_balance_threshold', AT, '1000');
		expect(recordedEventOf('validator', event, AT)).toEqual({ copy: delivery, ran: [delivery, ranValidationEvent('v-1', 'l1_validator_balance_threshold', AT)] });
		expect(delivery.hash).not.toBe(ranValidationEvent('v-1', 'l1_validator_balance_threshold', AT, '900').hash);
	});

	it('nothing for an event it cannot tell apart: no transaction, and no validation (or a P-Chain event)', () => {
		expect(recordedEventOf('validator', { eventType: 'l1_validator_disabled' }, AT)).toBeUndefined();
		expect(recordedEventOf('pChain', { eventType: 'balance_change', validationId: 'v-1' }, AT)).toBeUndefined();
	});
});

describe('a live P-Chain delivery\'s run', () => {
	const primary = usePrimaryTriggerStack();
	const { stack } = primary;

	async function delivered(options: INodeParameters): Promise<{ trigger: TriggerHarness; event: IDataObject }> {
		const treasury = pChainAddress('fuji', `primaryRunRecord ${JSON.stringify(options)}`);
		const trigger = await primary.published(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'], output: 'raw', options }), { persistence: 'n8n' });
		await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(2) }] });
		await waitFor('the live run', () => trigger.startedRuns.length === 1);
		return { trigger, event: trigger.startedRuns[0][0].json.event as IDataObject };
	}

	const listed = (trigger: TriggerHarness, event: IDataObject) =>
		ranKeys(readPosition(trigger.state.primaryPosition)).has(transactionKey(recordedEventOf('pChain', event, Number(event.blockTimestamp))!.copy.hash));

	it('is written to the durable position', async () => {
		const { trigger, event } = await delivered({});
		await waitFor('the run in the durable position', () => listed(trigger, event), 30_000);
	});

	it('is not written with the catch-up off (Catch Up At Most 0), which keeps no position', async () => {
		const { trigger } = await delivered({ catchUpHours: 0 });
		// Unpublished: the publication's end is where a run not yet written would be written at the latest.
		await trigger.deactivate();
		expect(trigger.state.primaryPosition).toBeUndefined();
	});
});
