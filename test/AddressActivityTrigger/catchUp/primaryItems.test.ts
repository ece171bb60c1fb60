// The items of a P-Chain or validator catch-up run: each event as its delivery gives it, marked
// catchUp, with what the history could not say; and the items saying what is not put out.
import { eventItem, gapItems } from '../../../nodes/AddressActivityTrigger/catchUp/primaryItems';
import type { PrimaryGapRead } from '../../../nodes/AddressActivityTrigger/catchUp/primaryGapRead';
import type { PrimaryCatchUpRequest, PrimaryGap } from '../../../nodes/AddressActivityTrigger/catchUp/primaryRequest';
import type { PrimaryNetworkDeliveryParameters } from '../../../nodes/AddressActivityTrigger/parameters/readPrimaryNetworkParameters';
import { CATCH_UP_EVENT } from '../../../nodes/shared/service/catchUpRequest';

const ADDRESS = 'P-avax1crd8dgf44zajru3975vwe3xzqy70n0afu3kk9m';
const NODE_ID = 'NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz';
const SUBNET_ID = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const AT = 1_700_000_000;

const gap = (overrides: Partial<PrimaryGap> = {}): PrimaryGap => ({ from: AT - 3600, gapStartedAt: (AT - 3600) * 1000, notBefore: null, seen: [], ...overrides });
const request = (overrides: Partial<PrimaryGap> = {}): PrimaryCatchUpRequest => ({ eventType: CATCH_UP_EVENT, messageId: 'catch-up:w-1:t1-2:3', webhookId: 'w-1', primaryCatchUp: gap(overrides) });
const parameters = (eventType: PrimaryNetworkDeliveryParameters['eventType'], output: 'events' | 'raw' = 'events'): PrimaryNetworkDeliveryParameters =>
	({ eventType, output, includeHeaders: false, verifySignature: true, onDeactivation: 'delete' }) as PrimaryNetworkDeliveryParameters;
const read = (overrides: Partial<PrimaryGapRead> = {}): PrimaryGapRead => ({ events: [], notRecoverable: [], readAt: AT, unreadable: 0, ...overrides });

const balanceChange = {
	eventType: 'balance_change',
	network: 'mainnet',
	chainId: '11111111111111111111111111111111LpoYY',
	addresses: [ADDRESS],
	txHash: '2abc',
	txType: 'BaseTx',
	blockNumber: 1234,
	blockTimestamp: AT,
	balanceType: 'unlockedUnstaked',
	balance: '20000000000000',
	balanceChange: '-10000000000000',
};

describe('an event\'s item', () => {
	it('with Events output: the delivery\'s item of it, with the catch-up\'s own messageId, marked catchUp', () => {
		const item = eventItem(parameters('primary_network_address_activity'), request(), { key: 'k', at: AT, event: balanceChange });
		expect(item).toMatchObject({ subEvent: 'balance_change', amountAvax: '-10000', balanceAvax: '20000', txHash: '2abc', webhookId: 'w-1', messageId: 'catch-up:w-1:t1-2:3', catchUp: true });
		expect(item).not.toHaveProperty('notKnown');
		expect(item).not.toHaveProperty('happenedAfter');
	});

	it('with Raw Message output: the delivery\'s body as the service would send it, marked catchUp', () => {
		expect(eventItem(parameters('primary_network_address_activity', 'raw'), request(), { at: AT, event: balanceChange })).toEqual({
			webhookId: 'w-1',
			eventType: 'platform_address_activity',
			messageId: 'catch-up:w-1:t1-2:3',
			event: balanceChange,
			catchUp: true,
		});
	});

	it('for a fee balance alert told from a span: when it happened after and by, what is not known and why', () => {
		const event = { eventType: 'l1_validator_balance_threshold', network: 'fuji', nodeId: NODE_ID, subnetId: SUBNET_ID, validationId: 'v-1', blockTimestamp: AT, feeBalance: '1000000000', feeBalanceThreshold: '1250000000' };
		const item = eventItem(parameters('validator_activity'), request(), {
			at: AT,
			event,
			span: { validationId: 'v-1', from: AT - 600, to: AT, feeBalance: '1000000000' },
			notKnown: ['blockTimestamp', 'feeBalance'],
			message: 'fell between',
		});
		expect(item).toMatchObject({
			subEvent: 'l1_validator_balance_threshold',
			feeBalanceAvax: '1',
			catchUp: true,
			happenedAfter: new Date((AT - 600) * 1000).toISOString(),
			happenedBy: new Date(AT * 1000).toISOString(),
			notKnown: ['blockTimestamp', 'feeBalance'],
			message: 'fell between',
		});
	});

	it('keeps an event that does not parse as the delivery\'s body (nothing is lost)', () => {
		const odd = { eventType: 'balance_change', txHash: 42 };
		expect(eventItem(parameters('primary_network_address_activity'), request(), { at: AT, event: odd })).toMatchObject({ event: odd, catchUp: true, webhookId: 'w-1' });
	});
});

describe('the items saying what is not put out', () => {
	it('none for a gap read completely within Catch Up At Most', () => {
		expect(gapItems(request(), gap(), read())).toEqual([]);
	});

	it('a gap longer than Catch Up At Most: when it began and from when on events are put out', () => {
		const items = gapItems(request(), gap({ notBefore: AT }), read());
		expect(items).toEqual([
			{
				catchUp: true,
				gapTooLong: true,
				message: `The trigger stopped receiving at ${new Date((AT - 3600) * 1000).toISOString()}, longer ago than Catch Up At Most allows: events before ${new Date(AT * 1000).toISOString()} are not put out`,
				gapStartedAt: new Date((AT - 3600) * 1000).toISOString(),
				caughtUpFrom: new Date(AT * 1000).toISOString(),
				webhookId: 'w-1',
			},
		]);
	});

	it('says when it does not know when the gap began, or that it began unseen after the last publication', () => {
		expect(gapItems(request(), gap({ notBefore: AT, gapStartedAt: null }), read())[0]).toMatchObject({ message: expect.stringMatching(/^The trigger stopped receiving at a time it does not know, longer ago/), gapStartedAt: null });
		expect(gapItems(request(), gap({ notBefore: AT, startUnseen: true }), read())[0].message).toMatch(/^The trigger cannot tell when its webhook stopped receiving after its last publication at /);
	});

	it('history not read to its end, sub-events it cannot show and entries it could not read, each in an item, in that order', () => {
		const items = gapItems(request(), gap(), read({ unreadFrom: AT, notRecoverable: ['l1_validator_disabled: why'], unreadable: 2 }));
		expect(items).toEqual([
			{
				catchUp: true,
				catchUpIncomplete: true,
				message: `The catch-up read the history up to ${new Date(AT * 1000).toISOString()} and stopped (20 s): events from then on are not put out`,
				notReadFrom: new Date(AT * 1000).toISOString(),
				webhookId: 'w-1',
			},
			{ catchUp: true, catchUpIncomplete: true, message: 'Not put out: l1_validator_disabled: why', webhookId: 'w-1' },
			{ catchUp: true, catchUpIncomplete: true, message: '2 entries of the history could not be read (not a transaction as the service lists them) and are not put out', webhookId: 'w-1' },
		]);
		expect(gapItems(request(), gap(), read({ unreadable: 1 }))[0].message).toMatch(/^1 entry of the history could not be read/);
	});
});
