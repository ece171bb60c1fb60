/**
 * One EVM delivery, top to bottom (receiveEvmDelivery), after its signature held (verifiedRequest.ts):
 * parse, check that the webhook is this trigger's, drop copies of a message already run, turn the
 * transaction into items (with balances when asked), claim the transaction (a catch-up may have put it
 * out) and a balance alert's crossing, hand the run to n8n.
 * The items are made in ../../shared/model/transfers.ts.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { AddressLookup } from '../../shared/model/addresses';
import { parseDelivery, type Delivery } from '../../shared/model/deliverySchema';
import { eitherOf, mentionsMonitored, toTransfers, type Transfer } from '../../shared/model/transfers';
import { transfersWithBalances, type BalancedItems } from '../../shared/memory/balanceReadings';
import { ONE_ATTEMPT } from '../../shared/service/transport';
import type { KnownWebhook } from '../memory/knownWebhooks';
import { knownNativeToken } from '../memory/nativeTokens';
import type { DeliveryParameters } from '../parameters/readParameters';
import { acknowledgeWithoutRun, answer, RECEIVED } from './answers';
import { claimCrossings, claimLiveTransaction, claimMessage } from './copies';
import { deliveryEventItems } from './decodedEvents';
import { healAfterStart, keepLiveRun, ranAlready } from './liveRunRecord';
import { freshKnownWebhook, ownWebhook } from './ownership';
import { rawMessageItem } from './rawMessage';
import type { VerifiedRequest } from './verifiedRequest';

/**
 * One delivery. n8n answers the service once the execution exists, so a failure is a non-2xx and
 * the service retries.
 */
export async function receiveEvmDelivery(context: IWebhookFunctions, request: VerifiedRequest<DeliveryParameters>): Promise<IWebhookResponseData> {
	const { parameters, url, arrival, body } = request;
	const parsed = parseDelivery(body);
	if (!parsed.ok) {
		// Signed (or unverified by choice) but not a delivery the trigger can read: acknowledged, so
		// that the service does not retry it for two days and deactivate the webhook over it.
		return answer(context, { statusCode: 200, level: 'warn', message: `Skipped a message that is not a valid address_activity delivery: ${parsed.problem}` });
	}
	const delivery = parsed.delivery;
	const details = { messageId: delivery.messageId, webhookId: delivery.webhookId };

	const ownership = await ownWebhook(context, url, delivery.webhookId, arrival, { chainIds: parameters.chainIds });
	if (ownership.kind === 'unreachable') {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not confirm the delivery's webhook with the service (${ownership.reason}); the service will retry` }, details);
	}
	if (ownership.kind === 'foreign') {
		return answer(
			context,
			{ statusCode: 401, level: 'warn', message: `Refused a delivery for webhook ${delivery.webhookId}, which is not registered at this trigger's URL on one of its chains` },
			details,
		);
	}

	const chainId = chainOf(ownership.webhook, parameters);
	const target = { url, chainId, webhookId: delivery.webhookId };
	// Decoded Events cannot be caught up (chain data carries no logs): no catch-up after a start.
	if (parameters.events === undefined) healAfterStart(context, target);
	const copy = await claimMessage(context, url, delivery.messageId, details);
	if (copy !== undefined) return copy;

	let output: IDataObject[] | { transfers: Transfer[] } | undefined;
	try {
		output = await outputItems(context, request, ownership.webhook, delivery);
	} catch (error) {
		// The schema bounds what the mapping reads; should a body still defeat it, the message is
		// acknowledged and logged rather than failing on every retry for two days.
		return answer(context, { statusCode: 200, level: 'error', message: `Could not turn message ${delivery.messageId} into transfers: ${(error as Error).message}` }, details);
	}
	if (output === undefined) {
		// The delivery names no address known here, and the webhook's current list could not be
		// read: acknowledging could drop the transfers of an address added elsewhere.
		return answer(context, { statusCode: 503, level: 'warn', message: "Could not read the webhook's monitored addresses from the service to place this delivery; the service will retry" }, details);
	}
	if (ranAlready(context, chainId, delivery.event.transaction)) {
		context.logger.debug(`Address Activity Trigger "${context.getNode().name}": transaction ${delivery.event.transaction.txHash} ran already (recorded); acknowledged without a run`, details);
		return acknowledgeWithoutRun(context);
	}
	let balanced: BalancedItems;
	try {
		// Balance reads share the delivery's time with the reads before them (one attempt each).
		balanced = Array.isArray(output) ? { items: output } : await transfersWithBalances(context, output.transfers, parameters.balances, { retry: ONE_ATTEMPT, deadline: request.arrival.deadline });
	} catch (error) {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not read a monitored address's balance from the service (${(error as Error).message}); the service will retry` }, details);
	}
	if (balanced.items.length === 0) return acknowledgeWithoutRun(context);
	if (!claimLiveTransaction(context, url, chainId, delivery.event.transaction)) return acknowledgeWithoutRun(context);
	const items = claimCrossings(context, url, balanced);
	if (items.length === 0) return acknowledgeWithoutRun(context);
	keepLiveRun(context, target, delivery.event.transaction, arrival.arrivedAt);
	// "Listen for test event": webhookId is the temporary webhook registered for the test (deleted
	// when listening stops), so these items say they are a test; production items have no such field.
	const marked = context.getMode() === 'manual' && !Array.isArray(output) ? items.map((item) => ({ ...item, testEvent: true })) : items;
	return { workflowData: [context.helpers.returnJsonArray(marked)], webhookResponse: RECEIVED };
}

/**
 * The run's items: the message as sent (Raw Message) or its Decoded Events; or its Transfers, which
 * get their balances next; undefined when the webhook's list could not be read.
 */
async function outputItems(
	context: IWebhookFunctions,
	request: VerifiedRequest<DeliveryParameters>,
	webhook: KnownWebhook,
	delivery: Delivery,
): Promise<IDataObject[] | { transfers: Transfer[] } | undefined> {
	const { parameters, body } = request;
	if (parameters.output === 'raw') return [rawMessageItem(context, parameters, body)];
	if (parameters.events !== undefined) {
		return deliveryEventItems(context, parameters.events, body, { messageId: delivery.messageId, webhookId: delivery.webhookId, chainId: chainOf(webhook, parameters) });
	}
	const monitored = await countedAddresses(context, request, webhook, delivery);
	if (monitored === undefined) return undefined;
	const chainId = chainOf(webhook, parameters);
	return { transfers: toTransfers(delivery.event.transaction, delivery, monitored, knownNativeToken(chainId) ?? {}, parameters.filters, chainId) };
}

/**
 * The addresses that count as monitored: the trigger's own and those the webhook monitors at the
 * service (added elsewhere, e.g. by the Address Activity node). A delivery about none of them
 * means the webhook's list changed since it was read: read it again (deliveries waiting for it share one read).
 */
async function countedAddresses(
	context: IWebhookFunctions,
	{ parameters, url, arrival }: VerifiedRequest<DeliveryParameters>,
	webhook: KnownWebhook,
	delivery: Delivery,
): Promise<AddressLookup | undefined> {
	const own = parameters.addresses;
	const known = eitherOf(own, webhook.addresses);
	// A known address is involved (perhaps only as a token contract or a log's emitter): nothing unknown to look up.
	if (mentionsMonitored(delivery, known)) return known;
	const fresh = await freshKnownWebhook(context, url, webhook, arrival);
	return fresh === undefined ? undefined : eitherOf(own, fresh.addresses);
}

/** The delivery's chain: its webhook's (one webhook per chain, each on one of the trigger's chains). */
function chainOf(webhook: KnownWebhook, parameters: DeliveryParameters): string {
	return webhook.chainId ?? parameters.chainIds[0];
}
