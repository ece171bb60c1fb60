// The P-Chain or validator trigger's own requests to its URL, told apart from a delivery: the
// catch-up its activation sends, Webhook > Reactivate's resume form, a flush of its durable position.
import { primaryCatchUpRequestIn } from '../../../nodes/AddressActivityTrigger/catchUp/primaryRequest';
import { CATCH_UP_EVENT, primaryResumeRequest } from '../../../nodes/shared/service/catchUpRequest';

const catchUp = { eventType: CATCH_UP_EVENT, messageId: 'catch-up:w-1:t1-2:3', webhookId: 'w-1', primaryCatchUp: { from: 1_700_000_000, gapStartedAt: null, notBefore: null, seen: [] } };

describe('the trigger\'s own request in a verified body', () => {
	it('reads Webhook > Reactivate\'s resume form', () => {
		const resume = primaryResumeRequest('w-1', 1_700_000_000);
		expect(primaryCatchUpRequestIn(resume)).toEqual({ kind: 'resume', request: resume });
	});

	it('reads the catch-up its activation sends', () => {
		expect(primaryCatchUpRequestIn(catchUp)).toEqual({ kind: 'catchUp', request: catchUp });
	});

	it('reads a flush of the P-Chain or validator position, not of an EVM chain\'s', () => {
		const flush = (chainId: string) => ({ eventType: CATCH_UP_EVENT, messageId: 'flush:1', webhookId: 'w-1', chainId, flush: { writer: 'process-1', transactions: [] } });
		expect(primaryCatchUpRequestIn(flush('primaryNetwork'))).toEqual({ kind: 'flush', request: flush('primaryNetwork') });
		expect(primaryCatchUpRequestIn(flush('43113'))).toBeUndefined();
	});

	it('is none for a delivery, or a request with a field missing or of another type', () => {
		expect(primaryCatchUpRequestIn({ webhookId: 'w-1', eventType: 'platform_address_activity', messageId: 'm-1', event: {} })).toBeUndefined();
		expect(primaryCatchUpRequestIn({ ...catchUp, messageId: 1 })).toBeUndefined();
		expect(primaryCatchUpRequestIn({ ...catchUp, webhookId: undefined })).toBeUndefined();
		expect(primaryCatchUpRequestIn({ ...catchUp, primaryCatchUp: { ...catchUp.primaryCatchUp, from: -1 } })).toBeUndefined();
		expect(primaryCatchUpRequestIn({ ...catchUp, primaryCatchUp: { ...catchUp.primaryCatchUp, from: 1.5 } })).toBeUndefined();
		expect(primaryCatchUpRequestIn({ ...catchUp, primaryCatchUp: { ...catchUp.primaryCatchUp, seen: 'k' } })).toBeUndefined();
		expect(primaryCatchUpRequestIn({ ...primaryResumeRequest('w-1', 1), resume: { toTimestamp: '1' } })).toBeUndefined();
		expect(primaryCatchUpRequestIn(undefined)).toBeUndefined();
	});
});
