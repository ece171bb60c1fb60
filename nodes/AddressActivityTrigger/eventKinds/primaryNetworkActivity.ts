/**
 * The trigger watching a P-Chain or validator event type: one webhook, no catch-up
 * (../lifecycle/primaryNetworkLifecycle.ts), and one kind of POST at its URL, deliveries of its type
 * (../receive/primaryNetworkDelivery.ts). Its parameters are checked before any request.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { ServiceCall } from '../../shared/service/transport';
import { withinLifecycleBudget } from '../lifecycle/lifecycleBudget';
import {
	checkPrimaryNetworkWebhook,
	createPrimaryNetworkWebhook,
	removeOtherEventTypeWebhooks,
	removePrimaryNetworkWebhook,
	type Lifecycle,
} from '../lifecycle/primaryNetworkLifecycle';
import { webhookLabel } from '../lifecycle/reconcile';
import { isTestListening, webhookUrlToRegister } from '../lifecycle/triggerUrl';
import {
	readPrimaryNetworkDeliveryParameters,
	readPrimaryNetworkParameters,
	type PrimaryNetworkEventType,
	type PrimaryNetworkParameters,
} from '../parameters/readPrimaryNetworkParameters';
import { verifiedRequest } from '../receive/verifiedRequest';
import type { EventKind, ReceivedRequest } from './eventKind';

/** Where a P-Chain or validator trigger's lifecycle stands (its parameters are checked first, before any request). */
function lifecycleOf(context: IHookFunctions, parameters: PrimaryNetworkParameters, call: ServiceCall): Lifecycle {
	const isTest = isTestListening(context);
	return { url: webhookUrlToRegister(context), isTest, label: webhookLabel(context, parameters, isTest), call };
}

export function primaryNetworkActivity(eventType: PrimaryNetworkEventType): EventKind {
	return {
		async checkExists(context) {
			const parameters = readPrimaryNetworkParameters(context, eventType);
			return await withinLifecycleBudget(context, async (call) => {
				// After the parameters were checked (no request before a bad one is refused).
				await removeOtherEventTypeWebhooks(context, true, call);
				return await checkPrimaryNetworkWebhook(context, parameters, lifecycleOf(context, parameters, call));
			});
		},

		async create(context) {
			const parameters = readPrimaryNetworkParameters(context, eventType);
			return await withinLifecycleBudget(context, async (call) => await createPrimaryNetworkWebhook(context, parameters, lifecycleOf(context, parameters, call)));
		},

		async delete(context) {
			const parameters = readPrimaryNetworkDeliveryParameters(context, eventType);
			const lifecycle = { url: webhookUrlToRegister(context), isTest: isTestListening(context) };
			return await withinLifecycleBudget(context, async (call) => await removePrimaryNetworkWebhook(context, parameters, { ...lifecycle, call }));
		},

		async received(context: IWebhookFunctions): Promise<ReceivedRequest> {
			const verification = await verifiedRequest(context, readPrimaryNetworkDeliveryParameters(context, eventType));
			if (!verification.ok) return { receiver: 'refusal', answer: verification.refusal };
			return { receiver: 'primaryNetworkDelivery', request: verification.request };
		},
	};
}
