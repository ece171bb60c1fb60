/**
 * The sample request: what the trigger sends its own test URL once n8n has registered the test
 * webhook of Execute step (send.ts), answered by webhook() with a run of the newest transfer of the
 * monitored addresses read from chain data (run.ts). Signed as deliveries are; its eventType is
 * one the service never sends.
 */
import type { IDataObject } from 'n8n-workflow';

export const SAMPLE_EVENT = 'n8n_address_activity_sample';

export interface SampleRequest {
	eventType: typeof SAMPLE_EVENT;
	/** `sample:<uuid>`, one per Execute step: the items' messageId, and the mark of its test registration. */
	messageId: string;
	/** The test webhook registered on each chain (chain ID -> webhook ID): the items' webhookId. */
	webhookIds: Record<string, string>;
	/** Set when the service cannot reach n8n's URL (../lifecycle/publicUrl.ts): the run's items say so. */
	notPublic?: string;
}

/** The sample request in a verified body; undefined for anything else. */
export function sampleRequestIn(body: unknown): SampleRequest | undefined {
	const request = body as Partial<SampleRequest> | undefined;
	if (request?.eventType !== SAMPLE_EVENT || typeof request.messageId !== 'string' || !request.messageId.startsWith('sample:')) return undefined;
	const webhookIds = request.webhookIds as IDataObject | undefined;
	if (webhookIds === null || typeof webhookIds !== 'object' || Object.values(webhookIds).some((id) => typeof id !== 'string')) return undefined;
	if (request.notPublic !== undefined && typeof request.notPublic !== 'string') return undefined;
	return request as SampleRequest;
}
