import { NodeOperationError } from 'n8n-workflow';
import type { IHookFunctions } from 'n8n-workflow';

/** The URL n8n gives this trigger (test or production, by the mode): the one its webhooks are registered with. */
export function webhookUrlToRegister(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(context.getNode(), 'n8n did not provide a webhook URL for this trigger');
	return url;
}

/** A listening "test event" registers temporary webhooks at the test URL and keeps them in memory only. */
export function isTestListening(context: IHookFunctions): boolean {
	return context.getMode() === 'manual';
}
