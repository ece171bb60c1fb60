/**
 * A flush of a P-Chain or validator trigger's durable position, as a process that ran events sends
 * it to the trigger's URL (signed as deliveries are, named by the primary network's slot): written
 * if the record lacks the events, answered with whether it held them all already; no run. Then a
 * catch-up after a restart leaves the flushed event out.
 */
import { randomBytes } from 'crypto';

import type { IDataObject } from 'n8n-workflow';

import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import { primaryEventKey } from '../../../nodes/AddressActivityTrigger/receive/primaryEventKeys';
import { ranKeys, readPosition, transactionKey } from '../../../nodes/AddressActivityTrigger/staticData/position';
import type { FlushedTransaction } from '../../../nodes/AddressActivityTrigger/staticData/positionRequests';
import { ranEvent } from '../../../nodes/AddressActivityTrigger/staticData/primaryPosition';
import { CATCH_UP_EVENT, primaryResumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { pChainAddress } from '../../emulator/primary/ids';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { waitFor } from '../../harness/wait';
import { AVAX, pChainParameters, usePrimaryTriggerStack } from '../eventTypesSupport';

/** Another process, as the record's windows name their writers. */
const OTHER_PROCESS = 'a1b2c3d4e5f6';

const primary = usePrimaryTriggerStack();
const { stack } = primary;
let trigger: TriggerHarness;
let webhookId: string;
let treasury: string;

beforeEach(async () => {
	treasury = pChainAddress('fuji', `primaryFlush ${randomBytes(4).toString('hex')}`);
	trigger = await primary.published(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'], output: 'raw' }), { persistence: 'n8n' });
	webhookId = String(trigger.state.webhookId);
});

/** A balance change of a P-Chain transaction, as the record names it once it ran: [second, second, hash of its key]. */
function ranBalanceChange(txHash: string, at: number): FlushedTransaction {
	const ran = ranEvent(primaryEventKey('pChain', { txHash, eventType: 'balance_change', balanceType: 'unlockedUnstaked' })!, at);
	return [ran.block, ran.time, ran.hash];
}

function flushRequest(transactions: FlushedTransaction[], overrides: IDataObject = {}): IDataObject {
	return { eventType: CATCH_UP_EVENT, messageId: `flush:${OTHER_PROCESS}:primaryNetwork:${Date.now()}`, webhookId, chainId: 'primaryNetwork', flush: { writer: OTHER_PROCESS, transactions }, ...overrides };
}

async function flush(body: IDataObject) {
	return await trigger.receive(signedDelivery(body, await stack.control.sharedSecret(stack.key)));
}

/** Sends the flush again until it is written, as its sender does (within half a second of a publication's end it is answered 503). */
async function flushUntilWritten(transactions: FlushedTransaction[]) {
	return await waitFor('the flush written', async () => {
		const answer = await flush(flushRequest(transactions));
		return answer.statusCode === 503 ? undefined : answer;
	});
}

const listed = ([, , hash]: FlushedTransaction) => ranKeys(readPosition(trigger.state.primaryPosition)).has(transactionKey(hash));

describe('a flush of a P-Chain trigger\'s durable position', () => {
	it('writes the events the record lacks and answers that it lacked them; the same flush again is answered as recorded; nothing runs', async () => {
		const now = Math.floor(Date.now() / 1000);
		const events = [ranBalanceChange('flushed one', now + 1), ranBalanceChange('flushed two', now + 2)];
		expect(events.map(listed)).toEqual([false, false]);
		const written = await flushUntilWritten(events);
		expect({ statusCode: written.statusCode, body: written.body, items: written.items }).toEqual({ statusCode: 200, body: { received: true, flush: { alreadyRecorded: false } }, items: undefined });
		expect(events.map(listed)).toEqual([true, true]);
		const again = await flush(flushRequest(events));
		expect({ statusCode: again.statusCode, body: again.body }).toEqual({ statusCode: 200, body: { received: true, flush: { alreadyRecorded: true } } });
		expect(trigger.startedRuns).toEqual([]);
	});

	it('with nothing to write is answered as recorded', async () => {
		const answer = await flushUntilWritten([]);
		expect({ statusCode: answer.statusCode, body: answer.body }).toEqual({ statusCode: 200, body: { received: true, flush: { alreadyRecorded: true } } });
	});

	it('keeps a flushed event out of Webhook > Reactivate\'s catch-up after a restart; the event not flushed is put out, once, marked catchUp', async () => {
		await primary.setWebhookStatus('inactive');
		const change = async (avax: number) => (await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: AVAX(avax) }] })) as { txHash: string; blockTimestamp: number };
		const ranElsewhere = await change(5);
		const missed = await change(-1);
		await flushUntilWritten([ranBalanceChange(ranElsewhere.txHash, ranElsewhere.blockTimestamp)]);
		forgetProcessMemory();
		await primary.setWebhookStatus('active');
		const answer = await trigger.receive(signedDelivery(primaryResumeRequest(webhookId, Math.floor(Date.now() / 1000)), await stack.control.sharedSecret(stack.key)));
		expect(answer.statusCode).toBe(200);
		expect(trigger.startedRuns.map((run) => run.map((item) => [((item.json as IDataObject).event as IDataObject | undefined)?.txHash, item.json.catchUp]))).toEqual([[[missed.txHash, true]]]);
	});
});
