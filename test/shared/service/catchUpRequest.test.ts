// The catch-up request as it leaves n8n: sent through n8n-core's httpRequest helper to a server on
// 127.0.0.1 that records it, signed so that the trigger verifies it as a delivery.
import { createHmac } from 'crypto';

import { isSignatureValid } from '../../../nodes/shared/model/deliverySignature';
import { CATCH_UP_EVENT, postCatchUpRequest, resumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { loadOptionsContext } from '../../harness/contexts';
import { refusingUrl, startRecordingServer, type RecordingServer } from '../../harness/foreignServers';
import { signDelivery } from '../../harness/signing';

// A throw-away test value, derived so no literal secret sits in the source.
const secret = createHmac('sha256', 'catch-up-request-test').update('shared secret').digest('hex');
const context = loadOptionsContext({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9' });

describe('resumeRequest', () => {
	it('names the webhook, its chain and where the gap ends; the same reactivation has one messageId', () => {
		const request = resumeRequest('w-1', '43114', 1200);
		expect(request).toEqual({ eventType: CATCH_UP_EVENT, messageId: 'catch-up:w-1:reactivated:1200', webhookId: 'w-1', chainId: '43114', resume: { toBlock: 1200 } });
		expect(resumeRequest('w-1', '43114', 1200).messageId).toBe(request.messageId);
		expect(resumeRequest('w-1', '43114', 1201).messageId).not.toBe(request.messageId);
	});

	it('is an event type the service never sends', () => {
		expect(CATCH_UP_EVENT).toBe('n8n_address_activity_catch_up');
	});
});

describe('postCatchUpRequest', () => {
	let accepting: RecordingServer;
	let refusing: RecordingServer;
	beforeAll(async () => {
		accepting = await startRecordingServer(200, { received: true });
		refusing = await startRecordingServer(401, { message: 'signature' });
	});
	afterAll(async () => {
		await accepting.close();
		await refusing.close();
	});

	it('posts the body as JSON with the x-signature the service would give it, and returns the answer', async () => {
		const body = resumeRequest('w-1', '43114', 1200);
		const answer = await postCatchUpRequest(context, `${accepting.url}/webhook/abc/webhook`, body, secret);
		expect(answer).toEqual({ statusCode: 200, body: { received: true } });
		const [request] = accepting.requests.splice(0);
		expect(request).toMatchObject({ method: 'POST', path: '/webhook/abc/webhook' });
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(request.body)).toEqual(body);
		// The harness signs independently of the product, as the service does.
		expect(request.headers['x-signature']).toBe(signDelivery(body, secret));
		expect(isSignatureValid({ signature: request.headers['x-signature'] as string, rawBody: Buffer.from(request.body), body }, secret)).toBe(true);
	});

	it('sends no signature without a secret, or with one that is not hex text', async () => {
		await postCatchUpRequest(context, accepting.url, { eventType: CATCH_UP_EVENT }, undefined);
		await postCatchUpRequest(context, accepting.url, { eventType: CATCH_UP_EVENT }, 'not-hex');
		expect(accepting.requests.splice(0).map((request) => request.headers['x-signature'])).toEqual([undefined, undefined]);
	});

	it('returns any HTTP status as an answer rather than throwing', async () => {
		expect(await postCatchUpRequest(context, refusing.url, { eventType: CATCH_UP_EVENT }, secret)).toEqual({ statusCode: 401, body: { message: 'signature' } });
	});

	it('throws when nothing answers at the URL', async () => {
		await expect(postCatchUpRequest(context, await refusingUrl(), { eventType: CATCH_UP_EVENT }, secret, 2000)).rejects.toThrow(/ECONNREFUSED/);
	});
});
