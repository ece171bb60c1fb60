// zod 4's API, as in deliverySchema.ts: deliveries of the two primary-network event types
// (test/emulator/SERVICE.md "Primary-network event types": mostly assumed, so every field is
// optional but the envelope, and every field the service sends is kept in the item).
import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod/v4';

import { schemaProblems } from './schemaProblems';
import { EVENT_TYPES, navaxToAvax, PLATFORM_DELIVERY_EVENT_TYPE, type EventType } from './primaryNetwork';
import { isoTime } from './transfers';

/** nAVAX amounts arrive as decimal strings (a change may be negative); small ones perhaps as numbers. */
export const navaxAmount = z
	.union([z.string().regex(/^-?[0-9]+$/, 'must be a decimal integer of nAVAX'), z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER)])
	.transform((value) => String(value))
	.nullish();
export const text = z.string().nullish();
/** Seconds since 1970. */
export const seconds = z.number().nullish();

/** The envelope both types share; `event` is kept whole (loose), its known fields checked. */
function deliveryEnvelope<Event extends z.ZodType>(event: Event) {
	return z.looseObject({ webhookId: z.string().min(1), eventType: z.string().min(1), messageId: z.string().min(1), event });
}

/** A parsed delivery: the envelope's fields, the event, and whatever else the service sent. */
type Delivery<Event> = { webhookId: string; eventType: string; messageId: string; event: Event } & Record<string, unknown>;

/**
 * A delivery type: its schema (the envelope around `event`) and its item: the event's fields as
 * `eventFields` shows them, then the envelope's, then every other delivered field as it came.
 */
export function deliveryType<Event extends z.ZodObject<z.ZodRawShape, z.core.$loose>>(event: Event, eventFields: (event: z.infer<Event>) => IDataObject) {
	const schema = deliveryEnvelope(event);
	/** Event fields the item shows under a name of its own (or their own name). */
	const mapped = new Set(Object.keys(event.shape));
	const toItem = (delivery: Delivery<z.infer<Event>>): IDataObject => {
		const item = { ...eventFields(delivery.event), eventType: delivery.eventType, webhookId: delivery.webhookId, messageId: delivery.messageId };
		return withDeliveredFields(item, delivery, delivery.event, mapped);
	};
	return { schema, toItem };
}

/** What deliveries of a webhook of each type carry as their eventType. */
export const DELIVERY_EVENT_TYPES: Record<Exclude<EventType, 'address_activity'>, string> = {
	[EVENT_TYPES.primaryNetworkAddressActivity]: PLATFORM_DELIVERY_EVENT_TYPE,
	[EVENT_TYPES.validatorActivity]: EVENT_TYPES.validatorActivity,
};

/** An amount of nAVAX as the item shows it: in AVAX and in nAVAX, both null when the delivery has none. */
export function avaxAndNavax(navax: string | null | undefined): { avax: string | null; navax: string | null } {
	return navax === null || navax === undefined ? { avax: null, navax: null } : { avax: navaxToAvax(navax), navax };
}

/** An ISO date for whole seconds; null when absent or no representable date. */
export function isoOrNull(value: number | null | undefined): string | null {
	return typeof value === 'number' ? isoTime(value) : null;
}

const ENVELOPE_FIELDS = new Set(['webhookId', 'eventType', 'messageId', 'event']);

/**
 * The item with every delivered field it does not already show: fields the service sends beyond
 * the published ones reach the workflow as they are (an item field of the same name stands).
 */
function withDeliveredFields(item: IDataObject, body: Record<string, unknown>, event: object, mapped: ReadonlySet<string>): IDataObject {
	const complete: IDataObject = { ...item };
	const unknown = [
		...Object.entries(event).filter(([key]) => !mapped.has(key)),
		...Object.entries(body).filter(([key]) => !ENVELOPE_FIELDS.has(key)),
	];
	for (const [key, value] of unknown) if (!(key in complete)) complete[key] = value as IDataObject[string];
	return complete;
}

/** Parses with zod and maps what it parsed, or says briefly what is wrong. */
export function parseWith<T, Mapped>(schema: z.ZodType<T>, body: unknown, map: (value: T) => Mapped): { ok: true; value: Mapped } | { ok: false; problem: string } {
	const result = schema.safeParse(body);
	return result.success ? { ok: true, value: map(result.data) } : { ok: false, problem: schemaProblems(result.error, 'body') };
}
