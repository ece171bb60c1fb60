import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { serviceList, serviceRequest } from '../../../shared/transport';
import type { RetryPolicy } from '../../../shared/transport';
import { parsedParameter, positiveInteger } from '../../parameters';

// A peer service caps one address change at 500 addresses; large enough to need few requests.
export const DEFAULT_BATCH_SIZE = 500;

export const batchSizeOption: INodeProperties = {
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_BATCH_SIZE,
	description: 'How many addresses go into one request; more addresses are sent in several requests',
};

export function batchSizeParameter(context: IExecuteFunctions, itemIndex: number): number {
	return parsedParameter(context, 'options.batchSize', 'Batch Size', itemIndex, positiveInteger, DEFAULT_BATCH_SIZE);
}

interface BatchRequest {
	webhookId: string;
	addresses: string[];
	batchSize: number;
	itemIndex: number;
	retry: RetryPolicy;
	/** Said first when a batch fails, e.g. that the webhook was created before. */
	context?: string;
}

async function sendInBatches(
	this: IExecuteFunctions,
	method: 'PATCH' | 'DELETE',
	request: BatchRequest,
): Promise<IDataObject | undefined> {
	let webhook: IDataObject | undefined;
	for (let start = 0; start < request.addresses.length; start += request.batchSize) {
		const batch = request.addresses.slice(start, start + request.batchSize);
		try {
			webhook = (await serviceRequest.call(this, {
				method,
				path: `/v1/webhooks/${request.webhookId}/addresses`,
				body: { addresses: batch },
				itemIndex: request.itemIndex,
				retry: request.retry,
			})) as IDataObject;
		} catch (error) {
			// Earlier batches took effect: say how far it got, so the user knows what to redo.
			const progress = `${start} of ${request.addresses.length} addresses were ${method === 'PATCH' ? 'added' : 'removed'} before batch ${
				start / request.batchSize + 1
			} failed`;
			// Nothing happened yet when the first batch fails: the service's message says it all.
			const lead = start === 0 ? request.context : `${request.context ? `${request.context}; ` : ''}${progress}`;
			if (error instanceof NodeApiError) {
				if (lead) error.message = `${lead}: ${error.message}`;
				throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
			}
			throw new NodeOperationError(this.getNode(), error as Error, {
				itemIndex: request.itemIndex,
				message: lead ? `${lead}: ${(error as Error).message}` : (error as Error).message,
			});
		}
	}
	return webhook;
}

/** Adds addresses to a webhook, `batchSize` per PATCH; returns the webhook after the last batch. */
export async function addInBatches(
	this: IExecuteFunctions,
	request: BatchRequest,
): Promise<{ webhook: IDataObject }> {
	const webhook = await sendInBatches.call(this, 'PATCH', request);
	return { webhook: webhook ?? {} };
}

/** Removes addresses from a webhook, `batchSize` per DELETE; returns the webhook after the last batch. */
export async function removeInBatches(
	this: IExecuteFunctions,
	request: BatchRequest,
): Promise<{ webhook: IDataObject | undefined }> {
	return { webhook: await sendInBatches.call(this, 'DELETE', request) };
}

/**
 * The webhook's monitored addresses, keyed by lower case (addresses match case-insensitively).
 * Taken from the webhook record; a record without them is completed from the addresses route.
 */
export async function monitoredAddresses(
	this: IExecuteFunctions,
	webhookId: string,
	itemIndex: number,
	retry: RetryPolicy,
	webhook?: IDataObject,
): Promise<Map<string, string>> {
	let record = webhook;
	if (record === undefined) {
		record = (await serviceRequest.call(this, {
			method: 'GET',
			path: `/v1/webhooks/${webhookId}`,
			itemIndex,
			retry,
		})) as IDataObject;
	}
	let addresses = (record.metadata as IDataObject | undefined)?.addresses as string[] | undefined;
	if (!Array.isArray(addresses)) {
		addresses = (await serviceList.call(this, {
			path: `/v1/webhooks/${webhookId}/addresses`,
			listField: 'addresses',
			returnAll: true,
			itemIndex,
			retry,
		})) as string[];
	}
	return new Map(addresses.map((address) => [address.toLowerCase(), address]));
}
