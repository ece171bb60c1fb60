/**
 * The catch-up after Webhook > Reactivate turned this trigger's webhook on again (the service had
 * turned it off; n8n gave the trigger no chance to run code). The request names where the gap ends
 * (the chain head once the webhook was active again); where it starts is what the last publication
 * recorded in static data: a gap, or the head once the webhook received again (`mark`). Static data
 * is only read here: n8n saves it whole and the last writer wins, so the delivery path writes none.
 * The mark therefore stays where the last publication left it, and what followed it is read again.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { CATCH_UP_EVENT, type ResumeRequest } from '../../shared/service/catchUpRequest';
import { publishedStaticData } from '../../shared/n8n/n8nInternals';
import { catchUpLimitMs, type DeliveryParameters } from '../parameters/readParameters';
import { acknowledgeWithoutRun, answer, RECEIVED } from '../receive/answers';
import { ownWebhook } from '../receive/ownership';
import type { VerifiedRequest } from '../receive/verifiedRequest';
import type { ChainStates } from '../staticData/chainStates';
import type { CatchUpRequest } from './request';
import { receiveCatchUp } from './run';

/** The gap as the last publication left it, up to the request's block; a text when there is none to catch up. */
function recordedGap(context: IWebhookFunctions, request: ResumeRequest, now: number): CatchUpRequest['catchUp'] | string {
	const limit = catchUpLimitMs(context);
	if (limit === 0) return 'Catch Up At Most is 0: the catch-up is off';
	const chains = publishedStaticData(context).chains as ChainStates | undefined;
	const state = chains?.[request.chainId]?.catchUp;
	// A gap the last publication could not catch up on; else the head once the webhook last received again.
	const start = state?.gap ?? (state?.mark === undefined ? undefined : { fromBlock: state.mark.block + 1, at: state.mark.at, seen: [] });
	if (start === undefined) {
		return `No catch-up of chain ${request.chainId}: the trigger has recorded no block to start from (it records one each time the workflow is published with the catch-up on)`;
	}
	const tooLong = start.at === null || now - start.at > limit;
	return {
		fromBlock: start.fromBlock,
		toBlock: request.resume.toBlock,
		gapStartedAt: start.at,
		notBefore: tooLong ? now - limit : null,
		includeInternalTxs: context.getNodeParameter('includeInternalTxs', false) as boolean,
		seen: start.seen ?? [],
		startUnseen: state?.gap === undefined,
	};
}

/** Answers a resume request (signature already verified): a run with the gap's items, or an answer saying why none. */
export async function receiveResume(context: IWebhookFunctions, received: VerifiedRequest<DeliveryParameters>, request: ResumeRequest): Promise<IWebhookResponseData> {
	const { parameters, url, arrival } = received;
	const details = { messageId: request.messageId, webhookId: request.webhookId };
	if (context.getMode() === 'manual') {
		return answer(context, { statusCode: 200, level: 'info', message: 'No catch-up while listening for a test event' }, details);
	}
	const ownership = await ownWebhook(context, url, request.webhookId, arrival, { chainIds: parameters.chainIds });
	if (ownership.kind === 'unreachable') {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not confirm the catch-up's webhook with the service (${ownership.reason})` }, details);
	}
	if (ownership.kind === 'foreign' || ownership.webhook.chainId !== request.chainId) {
		const message = `Refused a catch-up for webhook ${request.webhookId}, which is not registered at this trigger's URL on chain ${request.chainId}`;
		return answer(context, { statusCode: 401, level: 'warn', message }, details);
	}
	const gap = recordedGap(context, request, Date.now());
	if (typeof gap === 'string') return answer(context, { statusCode: 200, level: 'warn', message: gap }, details);
	if (gap.fromBlock > gap.toBlock) {
		const nothing: IDataObject = { ...RECEIVED, catchUp: { fromBlock: gap.fromBlock, toBlock: gap.toBlock, transactions: 0 } };
		return acknowledgeWithoutRun(context, nothing);
	}
	const { messageId, webhookId, chainId } = request;
	return await receiveCatchUp(context, received, { eventType: CATCH_UP_EVENT, messageId, webhookId, chainId, catchUp: gap });
}
