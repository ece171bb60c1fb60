import { catchUpRequestIn } from '../../../nodes/AddressActivityTrigger/catchUp/request';
import { CATCH_UP_EVENT } from '../../../nodes/shared/service/catchUpRequest';

const envelope = { eventType: CATCH_UP_EVENT, messageId: 'catch-up:w1:1-2:3', webhookId: 'w1', chainId: '43113' };

describe('the trigger’s own catch-up request, told from a delivery', () => {
	it('is the gap an activation sends', () => {
		const body = { ...envelope, catchUp: { fromBlock: 1, toBlock: 2, gapStartedAt: null, notBefore: null, includeInternalTxs: false, seen: [] } };
		expect(catchUpRequestIn(body)).toEqual({ kind: 'catchUp', request: body });
	});

	it('is the resume form Webhook > Reactivate sends', () => {
		const body = { ...envelope, resume: { toBlock: 9 } };
		expect(catchUpRequestIn(body)).toEqual({ kind: 'resume', request: body });
	});

	it('is nothing for a delivery, or for a catch-up event with blocks that are not whole numbers', () => {
		expect(catchUpRequestIn({ eventType: 'address_activity', messageId: 'm', webhookId: 'w1', event: {} })).toBeUndefined();
		expect(catchUpRequestIn({ ...envelope, resume: { toBlock: -1 } })).toBeUndefined();
		expect(catchUpRequestIn({ ...envelope, catchUp: { fromBlock: 1.5, toBlock: 2, seen: [] } })).toBeUndefined();
		expect(catchUpRequestIn({ ...envelope, chainId: 43113, resume: { toBlock: 9 } })).toBeUndefined();
		expect(catchUpRequestIn(null)).toBeUndefined();
	});
});
