/**
 * Catch-ups without a publication: after Webhook > Reactivate turned this trigger's webhook on again
 * (the service had turned it off; n8n gave the trigger no chance to run code), and a heal (a process
 * that has just started may have had deliveries answered by n8n's "starting up" and run nothing).
 * The request names where the gap ends (Reactivate: the chain head once the webhook was active
 * again; a heal: the head now); it starts at the durable position (../staticData/position.ts), so
 * what ran is left out and two catch-ups in a row put out each gap once; a trigger that has no
 * position yet starts where its last publication recorded (a gap, or the head once the webhook
 * received again: `mark`).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { CATCH_UP_EVENT, type ResumeRequest } from '../../shared/service/catchUpRequest';
import { publishedStaticData } from '../../shared/n8n/n8nInternals';
import { fetchHeadBlock } from '../../shared/service/chainData';
import { catchUpLimitMs, type DeliveryParameters } from '../parameters/readParameters';
import { acknowledgeWithoutRun, answer, RECEIVED } from '../receive/answers';
import { ownWebhook } from '../receive/ownership';
import type { VerifiedRequest } from '../receive/verifiedRequest';
import type { ChainStates } from '../staticData/chainStates';
import { readPosition, recordStart } from '../staticData/position';
import type { HealRequest } from '../staticData/positionRequests';
import { predecessorRan, type CatchUpRequest } from './request';
import { receiveCatchUp } from './run';

/** A heal reads the chain head within this long (it waits for the answer, not the service). */
const HEAL_HEAD_MS = 10_000;

/**
 * Where the gap starts: the durable position (what ran, up to where), else what the last
 * publication recorded (a gap, or the head once the webhook last received again); up to `toBlock`.
 * A text when there is nothing to catch up from.
 */
function recordedGap(context: IWebhookFunctions, chainId: string, toBlock: number, now: number): CatchUpRequest['catchUp'] | string {
	const limit = catchUpLimitMs(context);
	if (limit === 0) return 'Catch Up At Most is 0: the catch-up is off';
	const chains = publishedStaticData(context).chains as ChainStates | undefined;
	const state = chains?.[chainId]?.catchUp;
	const position = readPosition(chains?.[chainId]?.position);
	// A gap the last publication could not catch up on; else the head once the webhook last received again.
	const legacy = state?.gap ?? (state?.mark === undefined ? undefined : { fromBlock: state.mark.block + 1, at: state.mark.at, seen: [] });
	const start = position === undefined ? legacy : recordStart(position, state?.mark);
	if (start === undefined) {
		return `No catch-up of chain ${chainId}: the trigger has recorded no block to start from (it records one each time the workflow is published with the catch-up on)`;
	}
	const tooLong = start.at === null || now - start.at > limit;
	return {
		fromBlock: start.fromBlock,
		toBlock,
		gapStartedAt: start.at,
		notBefore: tooLong ? now - limit : null,
		includeInternalTxs: context.getNodeParameter('includeInternalTxs', false) as boolean,
		seen: start.seen ?? [],
		startUnseen: state?.gap === undefined || position !== undefined,
		...(position !== undefined ? { startRecorded: true } : {}),
	};
}

/**
 * Why the trigger does not act on one of its own requests (test listening, a chain or webhook not
 * its own, the service not reachable to confirm the webhook); undefined when it does.
 */
export async function ownRequestRefusal(
	context: IWebhookFunctions,
	{ parameters, url, arrival }: VerifiedRequest<DeliveryParameters>,
	request: { messageId: string; webhookId: string; chainId: string },
	what: string,
): Promise<IWebhookResponseData | undefined> {
	const details = { messageId: request.messageId, webhookId: request.webhookId };
	if (context.getMode() === 'manual') return answer(context, { statusCode: 200, level: 'info', message: `No ${what} while listening for a test event` }, details);
	const ownership = await ownWebhook(context, url, request.webhookId, arrival, { chainIds: parameters.chainIds });
	if (ownership.kind === 'unreachable') {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not confirm the ${what}'s webhook with the service (${ownership.reason})` }, details);
	}
	if (ownership.kind === 'foreign' || ownership.webhook.chainId !== request.chainId) {
		const message = `Refused a ${what} for webhook ${request.webhookId}, which is not registered at this trigger's URL on chain ${request.chainId}`;
		return answer(context, { statusCode: 401, level: 'warn', message }, details);
	}
	return undefined;
}

/** Runs the catch-up of a recorded gap up to `toBlock`, or answers why there is none. */
async function catchUpTo(
	context: IWebhookFunctions,
	received: VerifiedRequest<DeliveryParameters>,
	request: { messageId: string; webhookId: string; chainId: string },
	toBlock: number,
	heal: { madeBefore?: number; mayHaveRun?: [number, number] } = {},
): Promise<IWebhookResponseData> {
	const details = { messageId: request.messageId, webhookId: request.webhookId };
	const gap = recordedGap(context, request.chainId, toBlock, Date.now());
	if (typeof gap === 'string') return answer(context, { statusCode: 200, level: 'warn', message: gap }, details);
	if (gap.fromBlock > gap.toBlock) {
		const nothing: IDataObject = { ...RECEIVED, catchUp: { fromBlock: gap.fromBlock, toBlock: gap.toBlock, transactions: 0 } };
		return acknowledgeWithoutRun(context, nothing);
	}
	const { messageId, webhookId, chainId } = request;
	return await receiveCatchUp(context, received, { eventType: CATCH_UP_EVENT, messageId, webhookId, chainId, catchUp: { ...gap, ...heal } });
}

/** Answers a resume request (signature already verified): a run with the gap's items, or an answer saying why none. */
export async function receiveResume(context: IWebhookFunctions, received: VerifiedRequest<DeliveryParameters>, request: ResumeRequest): Promise<IWebhookResponseData> {
	return (await ownRequestRefusal(context, received, request, 'catch-up')) ?? (await catchUpTo(context, received, request, request.resume.toBlock));
}

/**
 * Answers a heal (a process that has just started): the catch-up from the durable position to the
 * head when the process asked (or, when it could not read it, to the head now, of what was made
 * before the process asked); later transactions come live.
 */
export async function receiveHeal(context: IWebhookFunctions, received: VerifiedRequest<DeliveryParameters>, request: HealRequest): Promise<IWebhookResponseData> {
	const refusal = await ownRequestRefusal(context, received, request, 'catch-up');
	if (refusal !== undefined) return refusal;
	// The head when the process asked: everything up to it, whatever its block times.
	const predecessor = predecessorRan(request.heal.predecessorRan);
	if (request.heal.toBlock !== undefined) return await catchUpTo(context, received, request, request.heal.toBlock, predecessor);
	let head: number;
	try {
		head = (await fetchHeadBlock(context, request.chainId, { deadline: Date.now() + HEAL_HEAD_MS })).number;
	} catch (error) {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not read the head of chain ${request.chainId} to catch up: ${(error as Error).message}` }, { messageId: request.messageId, webhookId: request.webhookId });
	}
	return await catchUpTo(context, received, request, head, { madeBefore: request.heal.madeBefore, ...predecessor });
}
