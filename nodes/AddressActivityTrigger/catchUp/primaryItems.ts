/**
 * The items of a P-Chain or validator catch-up run: each event as a delivery of it would give it
 * (Events or Raw Message output), marked `catchUp: true`, with what the history could not say; and
 * the items that say what the catch-up did not put out (a gap longer than Catch Up At Most, history
 * not read in time, sub-events the history cannot show).
 */
import type { IDataObject } from 'n8n-workflow';

import { platformDeliverySchema, toPlatformItem } from '../../shared/model/platformItems';
import { EVENT_TYPES } from '../../shared/model/primaryNetwork';
import { DELIVERY_EVENT_TYPES, parseWith } from '../../shared/model/primaryNetworkDeliveries';
import { toValidatorItem, validatorDeliverySchema } from '../../shared/model/validatorItems';
import type { PrimaryNetworkDeliveryParameters } from '../parameters/readPrimaryNetworkParameters';
import type { GapEvent, PrimaryGapRead } from './primaryGapRead';
import type { PrimaryCatchUpRequest, PrimaryGap } from './primaryRequest';
import { CATCH_UP_READ_MS } from './read';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** What the item of an event says beyond its delivery's fields. */
function notes(entry: GapEvent): IDataObject {
	const span = entry.span === undefined ? {} : { happenedAfter: iso(entry.span.from), happenedBy: iso(entry.span.to) };
	return entry.notKnown === undefined ? span : { ...span, notKnown: entry.notKnown, message: entry.message ?? null };
}

/** One event's item, as its delivery gives it, marked as caught up. */
export function eventItem(parameters: PrimaryNetworkDeliveryParameters, request: PrimaryCatchUpRequest, entry: GapEvent): IDataObject {
	// The catch-up's own messageId (unique per catch-up run), so keys built from messageId stay unique.
	const body = { webhookId: request.webhookId, eventType: DELIVERY_EVENT_TYPES[parameters.eventType], messageId: request.messageId, event: entry.event };
	if (parameters.output === 'raw') return { ...body, catchUp: true, ...notes(entry) };
	const parsed =
		parameters.eventType === EVENT_TYPES.validatorActivity
			? parseWith(validatorDeliverySchema, body, toValidatorItem)
			: parseWith(platformDeliverySchema, body, toPlatformItem);
	// The events are built here from the history: they parse (otherwise the message is kept as it is).
	return { ...(parsed.ok ? parsed.value : body), catchUp: true, ...notes(entry) };
}

/** The items that say what is not put out, before the events. */
export function gapItems(request: PrimaryCatchUpRequest, gap: PrimaryGap, read: PrimaryGapRead): IDataObject[] {
	const items: IDataObject[] = [];
	const { webhookId } = request;
	if (gap.notBefore !== null) {
		const began =
			gap.startUnseen === true && gap.gapStartedAt !== null
				? `The trigger cannot tell when its webhook stopped receiving after its last publication at ${new Date(gap.gapStartedAt).toISOString()}`
				: `The trigger stopped receiving ${gap.gapStartedAt === null ? 'at a time it does not know' : `at ${new Date(gap.gapStartedAt).toISOString()}`}`;
		items.push({
			catchUp: true,
			gapTooLong: true,
			message: `${began}, longer ago than Catch Up At Most allows: events before ${iso(gap.notBefore)} are not put out`,
			gapStartedAt: gap.gapStartedAt === null ? null : new Date(gap.gapStartedAt).toISOString(),
			caughtUpFrom: iso(gap.notBefore),
			webhookId,
		});
	}
	if (read.unreadFrom !== undefined) {
		items.push({
			catchUp: true,
			catchUpIncomplete: true,
			message: `The catch-up read the history up to ${iso(read.unreadFrom)} and stopped (${CATCH_UP_READ_MS / 1000} s): events from then on are not put out`,
			notReadFrom: iso(read.unreadFrom),
			webhookId,
		});
	}
	for (const reason of read.notRecoverable) items.push({ catchUp: true, catchUpIncomplete: true, message: `Not put out: ${reason}`, webhookId });
	if (read.unreadable > 0) {
		const message = `${read.unreadable} ${read.unreadable === 1 ? 'entry' : 'entries'} of the history could not be read (not a transaction as the service lists them) and are not put out`;
		items.push({ catchUp: true, catchUpIncomplete: true, message, webhookId });
	}
	return items;
}
