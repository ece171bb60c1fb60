/**
 * A flush of a P-Chain or validator trigger's durable position (sent by
 * ../staticData/positionRequests.ts of whichever process ran the events, as for EVM chains: flush.ts):
 * written here if the record lacks them, closing the sender's window. The answer says whether the
 * record held them all already, which ends the sender's flushes.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { acknowledgeWithoutRun, answer, RECEIVED } from '../receive/answers';
import { healPrimaryAfterStart } from '../receive/primaryRunRecord';
import type { FlushRequest } from '../staticData/positionRequests';
import { PRIMARY_SLOT } from '../staticData/positionSlots';
import { writePosition } from '../staticData/positionWrites';

/** Writes the flush (its webhook already confirmed as this trigger's); a process that has just started heals as at a delivery. */
export function receivePrimaryFlush(context: IWebhookFunctions, url: string, arrivedAt: number, request: FlushRequest): IWebhookResponseData {
	healPrimaryAfterStart(context, { url, webhookId: request.webhookId });
	const transactions = request.flush.transactions.map(([block, time, hash]) => ({ hash: hash.toLowerCase(), block, time }));
	const written = writePosition(context, url, PRIMARY_SLOT, { reason: 'flush', arrivedAt, flushed: { writer: request.flush.writer, transactions } });
	if (!written.wrote && !written.alreadyRecorded) {
		return answer(context, { statusCode: 503, level: 'info', message: 'The trigger is being published: the flush is to be sent again' }, { messageId: request.messageId, webhookId: request.webhookId });
	}
	return acknowledgeWithoutRun(context, { ...RECEIVED, flush: { alreadyRecorded: !written.wrote } });
}
