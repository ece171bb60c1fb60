/**
 * A flush of the durable position (sent by ../staticData/positionRequests.ts of whichever process
 * ran the transactions): written here if the record lacks them, closing the sender's window. The
 * answer says whether the record held them all already, which ends the sender's flushes.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { DeliveryParameters } from '../parameters/readParameters';
import { acknowledgeWithoutRun, answer, RECEIVED } from '../receive/answers';
import { healAfterStart } from '../receive/liveRunRecord';
import type { VerifiedRequest } from '../receive/verifiedRequest';
import type { FlushRequest } from '../staticData/positionRequests';
import { writePosition } from '../staticData/positionWrites';
import { ownRequestRefusal } from './resume';

export async function receiveFlush(context: IWebhookFunctions, received: VerifiedRequest<DeliveryParameters>, request: FlushRequest): Promise<IWebhookResponseData> {
	const refusal = await ownRequestRefusal(context, received, request, 'flush');
	if (refusal !== undefined) return refusal;
	const { url } = received;
	const { chainId, webhookId } = request;
	healAfterStart(context, { url, chainId, webhookId });
	const transactions = request.flush.transactions.map(([block, time, hash]) => ({ hash: hash.toLowerCase(), block, time }));
	const written = writePosition(context, url, chainId, { reason: 'flush', arrivedAt: received.arrival.arrivedAt, flushed: { writer: request.flush.writer, transactions } });
	if (!written.wrote && !written.alreadyRecorded) {
		return answer(context, { statusCode: 503, level: 'info', message: 'The trigger is being published: the flush is to be sent again' }, { messageId: request.messageId, webhookId });
	}
	return acknowledgeWithoutRun(context, { ...RECEIVED, flush: { alreadyRecorded: !written.wrote } });
}
