/**
 * The catch-up run of a P-Chain or validator trigger: webhook() receiving the request the trigger
 * sends itself at activation (primaryGaps.ts), Webhook > Reactivate's resume form, or the heal of a
 * process that has just started (../receive/primaryRunRecord.ts), reads the gap's events from the
 * primary network's history (pChainGap.ts, validatorGap.ts) and puts them out in one run, in time
 * order, each once and marked `catchUp: true`: those the durable position
 * (../staticData/primaryPosition.ts) lists as run are left out, those in one of its open windows (or
 * a heal's minute before its process started) get `possibleRepeat: true`, and what it put out is
 * written there with the run.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { publishedStaticData } from '../../shared/n8n/n8nInternals';
import { EVENT_TYPES } from '../../shared/model/primaryNetwork';
import { answeredInTime } from '../../shared/service/transport';
import { getWebhook } from '../../shared/service/webhooks';
import { primaryEventWindowFor } from '../memory/primaryEvents';
import { positionMemoryFor, type RanTransaction } from '../memory/positionMemory';
import { catchUpLimitMs } from '../parameters/readParameters';
import { readPrimaryNetworkParameters, type PrimaryNetworkDeliveryParameters } from '../parameters/readPrimaryNetworkParameters';
import { acknowledgeWithoutRun, answer, RECEIVED, settleWithAnswer } from '../receive/answers';
import { claimMessage } from '../receive/copies';
import { ownWebhook } from '../receive/ownership';
import type { VerifiedRequest } from '../receive/verifiedRequest';
import { ranKeys, type Position } from '../staticData/position';
import { PRIMARY_SLOT } from '../staticData/positionSlots';
import { answersBeforeRun, LATE_MS, loadedPosition, noteRunAnswered, noteRunStarted, writePosition } from '../staticData/positionWrites';
import { primaryCatchUpOf } from '../staticData/primaryCatchUp';
import { eventStanding, ranEvent, ranValidationEvent, spanStanding, type Standing } from '../staticData/primaryPosition';
import { receivePrimaryFlush } from './primaryFlush';
import { readPChainGap } from './pChainGap';
import type { GapEvent, PrimaryGapRead } from './primaryGapRead';
import { eventItem, gapItems } from './primaryItems';
import type { PrimaryCatchUpRequest, PrimaryGap, PrimaryOwnRequest } from './primaryRequest';
import { CATCH_UP_READ_MS } from './read';
import { predecessorRan } from './request';
import { readValidatorGap } from './validatorGap';

type Received = VerifiedRequest<PrimaryNetworkDeliveryParameters>;

/** The gap as the last publication left it (Webhook > Reactivate); a text when there is none to catch up. */
function recordedGap(context: IWebhookFunctions, now: number): PrimaryGap | string {
	const limit = catchUpLimitMs(context);
	if (limit === 0) return 'Catch Up At Most is 0: the catch-up is off';
	const state = primaryCatchUpOf(publishedStaticData(context) as IDataObject);
	const { mark } = state;
	const start = state.gap ?? (mark === undefined ? undefined : { from: Math.floor(mark.at / 1000), at: mark.at, afterHeight: mark.height, validators: mark.validators, seen: [] });
	if (start === undefined) return 'No catch-up: the trigger has recorded no moment to start from (it records one each time the workflow is published with the catch-up on)';
	const tooLong = start.at === null || now - start.at > limit;
	return {
		from: start.from,
		gapStartedAt: start.at,
		...(start.afterHeight === undefined ? {} : { afterHeight: start.afterHeight }),
		notBefore: tooLong ? Math.floor((now - limit) / 1000) : null,
		validators: start.validators,
		seen: start.seen,
		startUnseen: state.gap === undefined,
	};
}

/** The watch with the webhook's own keys (P-Chain addresses added to it elsewhere are delivered too). */
async function watchOf(context: IWebhookFunctions, parameters: PrimaryNetworkDeliveryParameters, webhookId: string, deadline: number) {
	const { watch } = readPrimaryNetworkParameters(context, parameters.eventType);
	if (watch.eventType !== EVENT_TYPES.primaryNetworkAddressActivity) return watch;
	const webhook = await answeredInTime(getWebhook.call(context, webhookId, { deadline }));
	const keys = (webhook?.metadata?.keys ?? []).filter((key) => /^p-/i.test(key)).map((key) => `P-${key.slice(2).toLowerCase()}`);
	return { ...watch, addresses: [...new Set([...watch.addresses, ...keys])] };
}

/** How the durable position names an event of the gap (a fee balance alert or disabling by the second it is put out at). */
function ranOf(entry: GapEvent): RanTransaction | undefined {
	if (entry.key !== undefined) return ranEvent(entry.key, entry.at);
	return entry.span === undefined ? undefined : ranValidationEvent(entry.span.validationId, String(entry.event.eventType), entry.at);
}

/** Whether the durable position says the event ran (live, or in an earlier catch-up), may have, or did not. */
function standingIn(position: Position | undefined, keys: Set<string>, entry: GapEvent, mayHaveRun: PrimaryGap['mayHaveRun']): Standing {
	if (entry.key !== undefined) return eventStanding(position, keys, ranEvent(entry.key, entry.at), LATE_MS, mayHaveRun);
	if (entry.span === undefined) return 'new';
	const { validationId, from, to } = entry.span;
	return spanStanding(position, keys, { validationId, subEvent: String(entry.event.eventType), from, to }, LATE_MS, mayHaveRun);
}

/** A heal's events: made before it was asked (a fee balance alert: its span began before); later ones come live. */
function madeInTime(gap: PrimaryGap, entry: GapEvent): boolean {
	return gap.madeBefore === undefined || (entry.span?.from ?? entry.at) * 1000 <= gap.madeBefore;
}

/** The gap's events not put out before (live or by a catch-up), claimed for this run; gives them up unless n8n accepts it. */
function claimEvents(context: IWebhookFunctions, url: string, gap: PrimaryGap, events: GapEvent[]): { put: GapEvent[]; release(): void; settleWithRun(): void } {
	const window = primaryEventWindowFor(url);
	const seen = new Set(gap.seen);
	const keyed = events.filter((entry) => entry.key !== undefined && !seen.has(entry.key));
	const claimed = window.claimCaughtUp(keyed.map((entry) => ({ key: entry.key!, at: entry.at })));
	const releases: Array<() => void> = [];
	const put = events.filter((entry) => {
		if (entry.key !== undefined) return claimed.has(entry.key);
		const { span } = entry;
		if (span === undefined) return false;
		releases.push(window.cover(span.validationId, String(entry.event.eventType), span));
		return true;
	});
	const release = () => {
		window.release(claimed);
		for (const undo of releases) undo();
	};
	const settleWithRun = () =>
		settleWithAnswer(context, (acknowledged) => {
			if (!acknowledged) release();
		});
	return { put, release, settleWithRun };
}

async function runCatchUp(context: IWebhookFunctions, { parameters, url }: Received, request: PrimaryCatchUpRequest): Promise<IWebhookResponseData> {
	const details = { messageId: request.messageId, webhookId: request.webhookId };
	const copy = await claimMessage(context, url, request.messageId, details);
	if (copy !== undefined) return copy;
	const gap = request.primaryCatchUp;
	const from = Math.max(gap.from, gap.notBefore ?? 0);
	const deadline = Date.now() + CATCH_UP_READ_MS;
	let read: PrimaryGapRead;
	try {
		const watch = await watchOf(context, parameters, request.webhookId, deadline);
		read =
			watch.eventType === EVENT_TYPES.primaryNetworkAddressActivity
				? await readPChainGap(context, watch, from, gap.afterHeight, deadline)
				: await readValidatorGap(context, watch, gap, from, deadline, primaryEventWindowFor(url));
	} catch (error) {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not read the history of the gap: ${(error as Error).message}` }, details);
	}
	const position = loadedPosition(context, PRIMARY_SLOT);
	const keys = ranKeys(position);
	const standings = new Map(read.events.map((entry) => [entry, standingIn(position, keys, entry, gap.mayHaveRun)]));
	const claims = claimEvents(context, url, gap, read.events.filter((entry) => entry.at >= from && madeInTime(gap, entry) && standings.get(entry) !== 'recorded'));
	const marks = (entry: GapEvent): IDataObject => (standings.get(entry) === 'possibleRepeat' ? { possibleRepeat: true } : {});
	const items = [...gapItems(request, gap, read), ...claims.put.map((entry) => ({ ...eventItem(parameters, request, entry), ...marks(entry) }))];
	const ran = claims.put.map(ranOf).filter((entry): entry is RanTransaction => entry !== undefined);
	// Saved with the run on n8n 2.x; on 1.x (saved before the run exists) written later, like a delivery's.
	const written = writePosition(context, url, PRIMARY_SLOT, { reason: 'catchUp', arrivedAt: Date.now(), own: answersBeforeRun(context) ? [] : ran });
	// The answer says what was caught up (Webhook > Reactivate shows it); the activation's also the position, which its publication keeps.
	const caughtUp = (events: number): IDataObject => ({
		...RECEIVED,
		catchUp: { fromTimestamp: from, toTimestamp: read.readAt, events },
		...(request.answerWithPosition === true && written.position !== undefined ? { position: written.position } : {}),
	});
	const memory = positionMemoryFor(url, PRIMARY_SLOT);
	if (items.length === 0) {
		claims.release();
		memory.heal = 'done';
		return acknowledgeWithoutRun(context, caughtUp(0));
	}
	claims.settleWithRun();
	noteRunStarted(url, PRIMARY_SLOT, ran);
	settleWithAnswer(context, (acknowledged) => {
		noteRunAnswered(context, url, PRIMARY_SLOT, ran, acknowledged);
		// What this process may have acknowledged while it started is now put out.
		if (acknowledged) memory.heal = 'done';
	});
	context.logger.info(`Address Activity Trigger "${context.getNode().name}": catching up on ${claims.put.length} ${parameters.eventType} events since ${new Date(from * 1000).toISOString()}`, details);
	return { workflowData: [context.helpers.returnJsonArray(items)], webhookResponse: caughtUp(claims.put.length) };
}

/** Answers the trigger's own catch-up request, flush or heal, or Webhook > Reactivate's resume form (signature already verified). */
export async function receivePrimaryCatchUp(
	context: IWebhookFunctions,
	received: Received,
	own: PrimaryOwnRequest,
): Promise<IWebhookResponseData> {
	const { messageId, webhookId } = own.request;
	const details = { messageId, webhookId };
	if (context.getMode() === 'manual') {
		return answer(context, { statusCode: 200, level: 'info', message: 'No catch-up while listening for a test event' }, details);
	}
	const ownership = await ownWebhook(context, received.url, webhookId, received.arrival, { eventType: received.parameters.eventType });
	if (ownership.kind === 'unreachable') {
		return answer(context, { statusCode: 503, level: 'warn', message: `Could not confirm the catch-up's webhook with the service (${ownership.reason})` }, details);
	}
	if (ownership.kind === 'foreign') {
		return answer(context, { statusCode: 401, level: 'warn', message: `Refused a catch-up for webhook ${webhookId}, which is not registered at this trigger's URL` }, details);
	}
	if (own.kind === 'flush') return receivePrimaryFlush(context, received.url, received.arrival.arrivedAt, own.request);
	if (own.kind === 'catchUp') return await runCatchUp(context, received, own.request);
	// Reactivate's resume form or a heal: from the recorded gap or mark; a heal to when it was asked.
	const gap = recordedGap(context, Date.now());
	if (typeof gap === 'string') return answer(context, { statusCode: 200, level: 'warn', message: gap }, details);
	const heal = own.kind === 'heal' ? { madeBefore: own.request.heal.madeBefore, ...predecessorRan(own.request.heal.predecessorRan) } : {};
	return await runCatchUp(context, received, { eventType: own.request.eventType, messageId, webhookId, primaryCatchUp: { ...gap, ...heal } });
}
