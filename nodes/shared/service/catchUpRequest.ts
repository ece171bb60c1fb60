/**
 * The catch-up request an Address Activity Trigger's URL answers with a run of what its webhook
 * missed: sent by the trigger itself at activation, and by Webhook > Reactivate once it has turned a
 * trigger's webhook on again. Signed as the service signs deliveries, so the trigger verifies it as one.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { signBody } from '../model/deliverySignature';

/** The eventType of a catch-up request; the service never sends it. */
export const CATCH_UP_EVENT = 'n8n_address_activity_catch_up';
/** How long a sender waits for n8n to accept the catch-up run (the trigger reads the gap's chain data first). */
export const CATCH_UP_ANSWER_MS = 60_000;

/**
 * The form Webhook > Reactivate sends: the trigger works out where the gap starts from what it
 * recorded at its last publication; the sender names only where it ends (the head once the webhook
 * was active again).
 */
export interface ResumeRequest {
	eventType: typeof CATCH_UP_EVENT;
	messageId: string;
	webhookId: string;
	chainId: string;
	resume: { toBlock: number };
}

export function resumeRequest(webhookId: string, chainId: string, toBlock: number): ResumeRequest {
	// The same reactivation sent twice (a retry) has one messageId: the trigger runs it once.
	return { eventType: CATCH_UP_EVENT, messageId: `catch-up:${webhookId}:reactivated:${toBlock}`, webhookId, chainId, resume: { toBlock } };
}

/**
 * The resume form for a P-Chain or validator webhook, whose history is read by time: the trigger
 * reads from what its last publication recorded up to the service's newest entries; `toTimestamp`
 * (seconds, once the webhook was active again) names the reactivation.
 */
export interface PrimaryResumeRequest {
	eventType: typeof CATCH_UP_EVENT;
	messageId: string;
	webhookId: string;
	resume: { toTimestamp: number };
}

export function primaryResumeRequest(webhookId: string, toTimestamp: number): PrimaryResumeRequest {
	return { eventType: CATCH_UP_EVENT, messageId: `catch-up:${webhookId}:reactivated:t${toTimestamp}`, webhookId, resume: { toTimestamp } };
}

export interface CatchUpAnswer {
	statusCode: number;
	body: unknown;
}

interface HttpContext {
	helpers: { httpRequest(options: IHttpRequestOptions): Promise<unknown> };
}

/** Posts a catch-up request to a trigger's URL, signed when a secret is given, waiting `timeout` ms; any HTTP status is an answer. */
export async function postCatchUpRequest(context: HttpContext, url: string, body: object, sharedSecret: string | undefined, timeout = CATCH_UP_ANSWER_MS): Promise<CatchUpAnswer> {
	const headers: IDataObject = {};
	const signed = sharedSecret === undefined ? undefined : signBody(sharedSecret, body);
	if (signed !== undefined) headers['x-signature'] = signed;
	const response = (await context.helpers.httpRequest({
		method: 'POST',
		url,
		body: body as IDataObject,
		json: true,
		headers,
		timeout,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	})) as { statusCode: number; body?: unknown };
	return { statusCode: response.statusCode, body: response.body };
}
