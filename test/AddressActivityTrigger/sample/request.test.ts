// The sample request of Execute step told apart from a delivery and from the trigger's other own
// requests: only its own eventType, a sample: messageId, webhook IDs as text and a text notPublic.
import { SAMPLE_EVENT, sampleRequestIn } from '../../../nodes/AddressActivityTrigger/sample/request';

const request = { eventType: SAMPLE_EVENT, messageId: 'sample:6f1c', webhookIds: { 43113: 'w-1' } };

describe('the sample request in a verified body', () => {
	it('is read with its webhook IDs, and with the words saying the service cannot reach n8n', () => {
		expect(sampleRequestIn(request)).toEqual(request);
		expect(sampleRequestIn({ ...request, webhookIds: {} })).toEqual({ ...request, webhookIds: {} });
		expect(sampleRequestIn({ ...request, notPublic: 'localhost is not reachable' })).toEqual({ ...request, notPublic: 'localhost is not reachable' });
	});

	it('is an eventType the service never sends', () => {
		expect(SAMPLE_EVENT).toBe('n8n_address_activity_sample');
		expect(sampleRequestIn({ ...request, eventType: 'address_activity' })).toBeUndefined();
	});

	it('is none with a messageId not of a sample, webhook IDs not text, or notPublic not text', () => {
		expect(sampleRequestIn({ ...request, messageId: 'catch-up:1' })).toBeUndefined();
		expect(sampleRequestIn({ ...request, messageId: 7 })).toBeUndefined();
		expect(sampleRequestIn({ ...request, webhookIds: undefined })).toBeUndefined();
		expect(sampleRequestIn({ ...request, webhookIds: null })).toBeUndefined();
		expect(sampleRequestIn({ ...request, webhookIds: { 43113: 5 } })).toBeUndefined();
		expect(sampleRequestIn({ ...request, notPublic: true })).toBeUndefined();
		expect(sampleRequestIn(undefined)).toBeUndefined();
	});
});
