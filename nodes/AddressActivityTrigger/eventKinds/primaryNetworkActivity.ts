/**
 * The trigger watching a P-Chain or validator event type: one webhook
 * (../lifecycle/primaryNetworkLifecycle.ts), and three kinds of POST at its URL: deliveries of its type
 * (../receive/primaryNetworkDelivery.ts), its own catch-up requests (../catchUp/primaryRun.ts) and,
 * for Execute step, its own sample requests (../sample/primarySample.ts), told apart once their
 * signature held. Its parameters are checked before any request.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { ServiceCall } from '../../shared/service/transport';
import { primaryCatchUpRequestIn } from '../catchUp/primaryRequest';
import { withinLifecycleBudget } from '../lifecycle/lifecycleBudget';
import { refuseUnreachableUrl } from '../lifecycle/publicUrl';
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
import { sampleRequestIn } from '../sample/request';
import { requestPrimarySampleAfterTestRegistration } from '../sample/send';
import type { EventKind, ReceivedRequest } from './eventKind';

/** Where a P-Chain or validator trigger's lifecycle stands (its parameters are checked first, before any request). */
function lifecycleOf(context: IHookFunctions, parameters: PrimaryNetworkParameters, call: ServiceCall, registered?: (webhookId: string) => void): Lifecycle {
	const isTest = isTestListening(context);
	return { url: webhookUrlToRegister(context), isTest, label: webhookLabel(context, parameters, isTest), call, registered };
}

/** What the parameters watch, or undefined when they are no longer valid (deactivation goes on all the same). */
function watchIfValid(context: IHookFunctions, eventType: PrimaryNetworkEventType): PrimaryNetworkParameters['watch'] | undefined {
	try {
		return readPrimaryNetworkParameters(context, eventType).watch;
	} catch {
		return undefined;
	}
}

export function primaryNetworkActivity(eventType: PrimaryNetworkEventType): EventKind {
	return {
		async checkExists(context) {
			const parameters = readPrimaryNetworkParameters(context, eventType);
			await refuseUnreachableUrl(context);
			let webhookId: string | undefined;
			const exists = await withinLifecycleBudget(context, async (call) => {
				// After the parameters were checked (no request before a bad one is refused).
				await removeOtherEventTypeWebhooks(context, true, call);
				return await checkPrimaryNetworkWebhook(context, parameters, lifecycleOf(context, parameters, call, (id) => (webhookId = id)));
			});
			if (exists) await requestPrimarySampleAfterTestRegistration(context, parameters, webhookId);
			return exists;
		},

		async create(context) {
			const parameters = readPrimaryNetworkParameters(context, eventType);
			await refuseUnreachableUrl(context);
			let webhookId: string | undefined;
			const created = await withinLifecycleBudget(context, async (call) => await createPrimaryNetworkWebhook(context, parameters, lifecycleOf(context, parameters, call, (id) => (webhookId = id))));
			await requestPrimarySampleAfterTestRegistration(context, parameters, webhookId);
			return created;
		},

		async delete(context) {
			const parameters = { ...readPrimaryNetworkDeliveryParameters(context, eventType), watch: watchIfValid(context, eventType) };
			const lifecycle = { url: webhookUrlToRegister(context), isTest: isTestListening(context) };
			return await withinLifecycleBudget(context, async (call) => await removePrimaryNetworkWebhook(context, parameters, { ...lifecycle, call }));
		},

		async received(context: IWebhookFunctions): Promise<ReceivedRequest> {
			const verification = await verifiedRequest(context, readPrimaryNetworkDeliveryParameters(context, eventType));
			if (!verification.ok) return { receiver: 'refusal', answer: verification.refusal };
			const { request } = verification;
			// The trigger's own catch-up requests come to this URL too, signed as deliveries are.
			const own = primaryCatchUpRequestIn(request.body);
			if (own !== undefined) return { receiver: 'primaryCatchUp', request, own };
			const sample = sampleRequestIn(request.body);
			if (sample !== undefined) return { receiver: 'primarySample', request, sample };
			return { receiver: 'primaryNetworkDelivery', request };
		},
	};
}
