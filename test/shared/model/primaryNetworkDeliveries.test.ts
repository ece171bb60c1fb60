import { z } from 'zod/v4';

import { avaxAndNavax, deliveryType, DELIVERY_EVENT_TYPES, isoOrNull, navaxAmount, parseWith } from '../../../nodes/shared/model/primaryNetworkDeliveries';

describe('navaxAmount', () => {
	it('takes decimal text (a change may be negative) and safe integers, as text; none as it is', () => {
		expect(navaxAmount.parse('-1500000000')).toBe('-1500000000');
		expect(navaxAmount.parse(25)).toBe('25');
		expect(navaxAmount.parse(null)).toBeNull();
		expect(navaxAmount.parse(undefined)).toBeUndefined();
	});

	it.each([['1.5'], ['1e9'], [0.5], [Number.MAX_SAFE_INTEGER + 2]])('refuses %p', (value) => {
		expect(navaxAmount.safeParse(value).success).toBe(false);
	});
});

describe('avaxAndNavax and isoOrNull', () => {
	it('shows an amount of nAVAX in AVAX beside it, both null when there is none', () => {
		expect(avaxAndNavax('2500000000')).toEqual({ avax: '2.5', navax: '2500000000' });
		expect(avaxAndNavax('-1')).toEqual({ avax: '-0.000000001', navax: '-1' });
		expect(avaxAndNavax(null)).toEqual({ avax: null, navax: null });
		expect(avaxAndNavax(undefined)).toEqual({ avax: null, navax: null });
	});

	it('gives whole seconds as an ISO date, null when absent', () => {
		expect(isoOrNull(1_700_000_000)).toBe('2023-11-14T22:13:20.000Z');
		expect(isoOrNull(null)).toBeNull();
		expect(isoOrNull(undefined)).toBeNull();
	});
});

describe('DELIVERY_EVENT_TYPES', () => {
	it('names what deliveries of each primary-network webhook carry as their eventType', () => {
		expect(DELIVERY_EVENT_TYPES).toEqual({ primary_network_address_activity: 'platform_address_activity', validator_activity: 'validator_activity' });
	});
});

describe('deliveryType', () => {
	const { schema, toItem } = deliveryType(z.looseObject({ eventType: z.string(), amount: navaxAmount }), (event) => ({ subEvent: event.eventType, amountNavax: event.amount ?? null }));
	const body = { webhookId: 'w-1', eventType: 'validator_activity', messageId: 'm-1', event: { eventType: 'validator_stake', amount: '5', extra: 'kept' }, sentAt: 'now', subEvent: 'not over the item' };

	it('makes one item: the event\'s fields as mapped, the envelope\'s, then every other delivered field as it came', () => {
		const item = parseWith(schema, body, toItem);
		expect(item).toEqual({
			ok: true,
			value: { subEvent: 'validator_stake', amountNavax: '5', eventType: 'validator_activity', webhookId: 'w-1', messageId: 'm-1', extra: 'kept', sentAt: 'now' },
		});
		if (item.ok) expect(Object.keys(item.value)).toEqual(['subEvent', 'amountNavax', 'eventType', 'webhookId', 'messageId', 'extra', 'sentAt']);
	});

	it('refuses a delivery without its envelope, naming the field; a body that is no object is named "body"', () => {
		expect(parseWith(schema, { ...body, messageId: '' }, toItem)).toEqual({ ok: false, problem: 'messageId: Too small: expected string to have >=1 characters' });
		expect(parseWith(schema, { ...body, event: { amount: 'x' } }, toItem)).toMatchObject({ ok: false, problem: expect.stringMatching(/^event\.eventType: .*; event\.amount: /) });
		expect(parseWith(schema, 7, toItem)).toEqual({ ok: false, problem: 'body: Invalid input: expected object, received number' });
	});
});
