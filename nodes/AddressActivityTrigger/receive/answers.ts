/**
 * How the trigger answers a request to its URL: the acknowledgement, an answer without a run (a
 * refusal, a copy, a message with nothing to put out), and the settling of a claim by the status n8n
 * answered. Below every receiver: the deliveries and the catch-up requests all answer through here.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { onAnswer } from '../../shared/n8n/n8nInternals';

/** The acknowledgement the service expects (any 200 will do); also sent for duplicates, so retries stop. */
export const RECEIVED = { received: true };

export type Refusal = { statusCode: number; message: string; level: 'error' | 'warn' | 'info' };

/** Answers without starting the workflow, and says why in n8n's log (never with the secret or key). */
export function answer(context: IWebhookFunctions, refusal: Refusal, details: IDataObject = {}): IWebhookResponseData {
	const node = context.getNode();
	// n8n's console log shows the message only, so the message carries what a reader needs.
	const about = details.messageId ? ` (message ${String(details.messageId)}, webhook ${String(details.webhookId)})` : '';
	const where = `workflow ${context.getWorkflow().id}, node "${node.name}"`;
	context.logger[refusal.level](`Address Activity Trigger (${where}): ${refusal.message}${about}; answered ${refusal.statusCode}`, {
		workflowId: context.getWorkflow().id,
		nodeName: node.name,
		...details,
	});
	context.getResponseObject().status(refusal.statusCode).json({ received: false, message: refusal.message });
	return { noWebhookResponse: true };
}

export function acknowledgeWithoutRun(context: IWebhookFunctions, body: IDataObject = RECEIVED): IWebhookResponseData {
	context.getResponseObject().status(200).json(body);
	return { noWebhookResponse: true };
}

/**
 * Settles a claim with the status n8n answers: a 2xx means the run was created (or queued). Taken
 * when n8n ends the response, not when the bytes reach the service: if the service stopped waiting
 * and closed the connection, n8n still creates the run, and its retry must not run it again.
 */
export function settleWithAnswer(context: IWebhookFunctions, settle: (acknowledged: boolean) => void): void {
	onAnswer(context, (statusCode) => settle(statusCode >= 200 && statusCode < 300));
}
