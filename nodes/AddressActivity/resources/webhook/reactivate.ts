import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { postCatchUpRequest, primaryResumeRequest, resumeRequest, type CatchUpAnswer } from '../../../shared/service/catchUpRequest';
import { fetchHeadBlock } from '../../../shared/service/chainData';
import { EVENT_TYPES } from '../../../shared/model/primaryNetwork';
import { fetchSharedSecret, getWebhook, updateWebhook, type RemoteWebhook } from '../../../shared/service/webhooks';
import { answeredInTime, type ServiceCall } from '../../../shared/service/transport';
import { webhookLocator } from '../../commonParameters';
import { readWebhookCall, type WebhookCall } from '../../readParameters';
import { withAvaxThresholds } from './readableThresholds';

const properties: INodeProperties[] = [webhookLocator()];

export const description = updateDisplayOptions({ show: { resource: ['webhook'], operation: ['reactivate'] } }, properties);

export const read = readWebhookCall;

/** What the catch-up came to, in the output's words. */
interface CatchUpOutcome extends IDataObject {
	requested: boolean;
	statusCode?: number;
	fromBlock?: number;
	toBlock?: number;
	transactions?: number;
	/** P-Chain and validator webhooks: the history read, in seconds, and the events put out. */
	fromTimestamp?: number;
	toTimestamp?: number;
	events?: number;
	reason?: string;
}

/**
 * How long the catch-up's reads (the chain's newest block, the shared secret) may take. n8n gives an
 * action no time limit of its own (a workflow's Timeout setting, off by default, ends the whole
 * execution), so the limit is the node's: the webhook is on again by then, and a service that does
 * not answer costs the catch-up only, which the item says, instead of holding the item for the
 * transport's 60 s per attempt and its retries. As long as the trigger gives its own read of the gap.
 */
const CATCH_UP_READS_MS = 20_000;

/** How the Address Activity Trigger describes the webhooks it creates (its lifecycle/reconcile.ts). */
const TRIGGER_DESCRIPTION = 'Created by the Address Activity Trigger';

/** Why the webhook gets no catch-up request, or undefined when it is a trigger's production webhook. */
function notCaughtUp(webhook: RemoteWebhook): string | undefined {
	if (!String(webhook.description ?? '').startsWith(TRIGGER_DESCRIPTION)) return 'not created by an Address Activity Trigger';
	if (String(webhook.description).includes(' for a test event') || String(webhook.url).includes('/webhook-test/')) {
		return "a trigger's test webhook (a test event in the editor): nothing to catch up";
	}
	return undefined;
}

function messageOf(body: unknown): string | undefined {
	const message = (body as IDataObject | undefined)?.message;
	if (Array.isArray(message)) return message.join('; ');
	return typeof message === 'string' ? message : undefined;
}

/** The trigger's answer to the catch-up request, in plain words. */
function outcomeOf(answer: CatchUpAnswer): CatchUpOutcome {
	const { statusCode, body } = answer;
	const caughtUp = (body as IDataObject | undefined)?.catchUp as IDataObject | undefined;
	if (statusCode >= 200 && statusCode < 300 && typeof caughtUp?.fromBlock === 'number') {
		return { requested: true, statusCode, fromBlock: caughtUp.fromBlock, toBlock: caughtUp.toBlock as number, transactions: caughtUp.transactions as number };
	}
	if (statusCode >= 200 && statusCode < 300 && typeof caughtUp?.fromTimestamp === 'number') {
		// A P-Chain or validator webhook: its history is read by time, and a gap holds events.
		return { requested: true, statusCode, fromTimestamp: caughtUp.fromTimestamp, toTimestamp: caughtUp.toTimestamp as number, events: caughtUp.events as number };
	}
	const message = messageOf(body);
	if (statusCode === 404) return { requested: true, statusCode, reason: 'the workflow is not published (n8n answered 404)' };
	if (statusCode >= 200 && statusCode < 300) {
		// A plain acknowledgement answers a request the trigger has handled already (same webhook, same head block).
		return { requested: true, statusCode, reason: message ?? 'the trigger had received this catch-up request already' };
	}
	return { requested: true, statusCode, reason: `n8n answered ${statusCode}${message === undefined ? '' : `: ${message}`}` };
}

/** The catch-up of a P-Chain or validator webhook: from what its trigger recorded up to now (its history is read by time). */
async function requestPrimaryCatchUp(context: IExecuteFunctions, webhook: RemoteWebhook, reads: ServiceCall): Promise<CatchUpOutcome> {
	const secret = await answeredInTime(fetchSharedSecret.call(context, reads));
	if (secret === undefined) {
		return { requested: false, reason: `the service did not answer the read of the shared secret within ${CATCH_UP_READS_MS / 1000} s: no catch-up was requested (run Reactivate again to request it)` };
	}
	try {
		return outcomeOf(await postCatchUpRequest(context, webhook.url, primaryResumeRequest(webhook.id, Math.floor(Date.now() / 1000)), secret));
	} catch (error) {
		return { requested: false, reason: `could not reach the trigger at ${webhook.url}: ${(error as Error).message}` };
	}
}

/** Sends the trigger's URL the signed catch-up request for the time its webhook was off. */
async function requestCatchUp(context: IExecuteFunctions, webhook: RemoteWebhook, call: ServiceCall): Promise<CatchUpOutcome> {
	const reason = notCaughtUp(webhook);
	if (reason !== undefined) return { requested: false, reason };
	const reads: ServiceCall = { ...call, deadline: Date.now() + CATCH_UP_READS_MS };
	if (webhook.eventType !== EVENT_TYPES.addressActivity) return await requestPrimaryCatchUp(context, webhook, reads);
	const chainId = String(webhook.chainId);
	// Read once the webhook is active: from here on the service delivers, before it the catch-up reads.
	const head = await answeredInTime(fetchHeadBlock(context, chainId, reads));
	const secret = head === undefined ? undefined : await answeredInTime(fetchSharedSecret.call(context, reads));
	if (head === undefined || secret === undefined) {
		const read = head === undefined ? `chain ${chainId}'s newest block` : 'the shared secret';
		const reason = `the service did not answer the read of ${read} within ${CATCH_UP_READS_MS / 1000} s: no catch-up was requested (run Reactivate again to request it)`;
		return { requested: false, reason };
	}
	let answer: CatchUpAnswer;
	try {
		answer = await postCatchUpRequest(context, webhook.url, resumeRequest(webhook.id, chainId, head.number), secret);
	} catch (error) {
		return { requested: false, reason: `could not reach the trigger at ${webhook.url}: ${(error as Error).message}` };
	}
	return outcomeOf(answer);
}

export async function execute(this: IExecuteFunctions, { webhookId, retry }: WebhookCall, itemIndex: number): Promise<IDataObject> {
	const call = { itemIndex, retry };
	let webhook = await getWebhook.call(this, webhookId, call);
	const reactivated = webhook.status !== 'active';
	if (reactivated) webhook = await updateWebhook.call(this, webhookId, { status: 'active' }, call);
	const catchUp = await requestCatchUp(this, webhook, call);
	if (reactivated && catchUp.statusCode === 404) {
		// Its workflow is not published (kept inactive by On Deactivation: Keep): deliveries would fail and count against the webhook.
		webhook = await updateWebhook.call(this, webhookId, { status: 'inactive' }, call);
		return { ...withAvaxThresholds(webhook), reactivated: false, catchUp: { ...catchUp, reason: `${catchUp.reason}: the webhook is left inactive` } };
	}
	return { ...withAvaxThresholds(webhook), reactivated, catchUp };
}
