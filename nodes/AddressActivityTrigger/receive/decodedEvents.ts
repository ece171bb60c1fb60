/** A delivery's Decoded Events items, read from the body as sent (the parsed delivery keeps only what Transfers needs). */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { decodedEventItems, type DeliveredLog } from '../../shared/model/abi/eventItems';
import { isoTime } from '../../shared/model/transfers';
import type { EventDecoding } from '../parameters/eventDefinitions';

export function deliveryEventItems(
	context: IWebhookFunctions,
	decoding: EventDecoding,
	body: unknown,
	source: { messageId: string; webhookId: string; chainId: string },
): IDataObject[] {
	const event = ((body as IDataObject).event ?? {}) as IDataObject;
	const transaction = (event.transaction ?? {}) as IDataObject;
	const logs = Array.isArray(event.logs) ? (event.logs as DeliveredLog[]) : [];
	const items = decodedEventItems(
		logs,
		decoding.decoder,
		{
			txHash: String(transaction.txHash),
			blockNumber: String(transaction.blockNumber),
			time: typeof transaction.blockTimestamp === 'number' ? isoTime(transaction.blockTimestamp) : null,
			chainId: transaction.chainId === undefined || transaction.chainId === null ? source.chainId : String(transaction.chainId),
			messageId: source.messageId,
			webhookId: source.webhookId,
		},
		decoding.unmatched,
	);
	// As Transfers items do: a test event's items say so; production items have no such field.
	return context.getMode() === 'manual' ? items.map((item) => ({ ...item, testEvent: true })) : items;
}
