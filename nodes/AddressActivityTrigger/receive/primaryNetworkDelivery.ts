/**
 * A P-Chain or validator delivery, after its signature held (verifiedRequest.ts): checked to be of
 * the trigger's type and webhook, run once per messageId, as EVM deliveries are, and not when a
 * catch-up put its event out already. One delivery is one item (no transfers to split it into).
 * The first to reach a process that has just started also asks for its heal (primaryRunRecord.ts).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { EVENT_TYPES } from '../../shared/model/primaryNetwork';
import { DELIVERY_EVENT_TYPES, parseWith } from '../../shared/model/primaryNetworkDeliveries';
import { platformDeliverySchema, toPlatformItem } from '../../shared/model/platformItems';
import { toValidatorItem, validatorDeliverySchema } from '../../shared/model/validatorItems';
import type { PrimaryNetworkDeliveryParameters } from '../parameters/readPrimaryNetworkParameters';
import { acknowledgeWithoutRun, answer, RECEIVED } from './answers';
import { claimMessage } from './copies';
import { claimLiveEvent } from './primaryEventClaims';
import { healPrimaryAfterStart, keepPrimaryLiveRun, primaryEventRanAlready, recordedEventOf } from './primaryRunRecord';
import { ownWebhook } from './ownership';
import { rawMessageItem } from './rawMessage';
import type { VerifiedRequest } from './verifiedRequest';

/** The Events output's item of a delivery of the trigger's type; a problem when the body is not one. */
type EventItem = { ok: true; item: IDataObject; messageId: string; webhookId: string } | { ok: false; problem: string };

function eventItem(eventType: PrimaryNetworkDeliveryParameters['eventType'], body: unknown): EventItem {
	const parsed =
		eventType === EVENT_TYPES.validatorActivity
			? parseWith(validatorDeliverySchema, body, toValidatorItem)
			: parseWith(platformDeliverySchema, body, toPlatformItem);
	if (!parsed.ok) return parsed;
	return { ok: true, item: parsed.value, messageId: String(parsed.value.messageId), webhookId: String(parsed.value.webhookId) };
}

export async function receivePrimaryNetworkDelivery(
	context: IWebhookFunctions,
	{ parameters, url, arrival, body }: VerifiedRequest<PrimaryNetworkDeliveryParameters>,
): Promise<IWebhookResponseData> {
	const expected = DELIVERY_EVENT_TYPES[parameters.eventType];
	const deliveredType = (body as IDataObject | null)?.eventType;
	const parsed = deliveredType === expected ? eventItem(parameters.eventType, body) : { ok: false as const, problem: `eventType is ${JSON.stringify(deliveredType)}` };
	if (!parsed.ok) {
		// Acknowledged, so that the service does not retry it for two days and deactivate the webhook over it.
		return answer(context, { statusCode: 200, level: 'warn', message: `Skipped a message that is not a valid ${expected} delivery: ${parsed.problem}` });
	}
	const details = { messageId: parsed.messageId, webhookId: parsed.webhookId };

	const ownership = await ownWebhook(context, url, parsed.webhookId, arrival, { eventType: parameters.eventType });
	if (ownership.kind === 'unreachable') {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not confirm the delivery's webhook with the service (${ownership.reason}); the service will retry` }, details);
	}
	if (ownership.kind === 'foreign') {
		return answer(context, { statusCode: 401, level: 'warn', message: `Refused a delivery for webhook ${parsed.webhookId}, which is not registered at this trigger's URL` }, details);
	}

	healPrimaryAfterStart(context, { url, webhookId: parsed.webhookId });
	const copy = await claimMessage(context, url, parsed.messageId, details);
	if (copy !== undefined) return copy;
	const event = ((body as IDataObject).event ?? {}) as IDataObject;
	const at = typeof event.blockTimestamp === 'number' ? event.blockTimestamp : Math.floor(arrival.arrivedAt / 1000);
	const ran = recordedEventOf(parameters.eventType === EVENT_TYPES.validatorActivity ? 'validator' : 'pChain', event, at);
	if (primaryEventRanAlready(context, ran)) {
		context.logger.debug(`Address Activity Trigger "${context.getNode().name}": the event ran already (recorded); acknowledged without a run`, details);
		return acknowledgeWithoutRun(context);
	}
	if (!claimLiveEvent(context, url, parameters.eventType, body)) {
		context.logger.debug(`Address Activity Trigger "${context.getNode().name}": a catch-up put this event out already; acknowledged without a run`, details);
		return acknowledgeWithoutRun(context);
	}

	const item = parameters.output === 'raw' ? rawMessageItem(context, parameters, body) : parsed.item;
	// "Listen for test event": the webhook is the temporary one registered for the test.
	const items = context.getMode() === 'manual' && parameters.output !== 'raw' ? [{ ...item, testEvent: true }] : [item];
	keepPrimaryLiveRun(context, { url, webhookId: parsed.webhookId }, ran, arrival.arrivedAt);
	return { workflowData: [context.helpers.returnJsonArray(items)], webhookResponse: RECEIVED };
}
