// Where every request to the trigger's URL is checked first: its x-signature against the shared
// secret this process knows (a failing one makes it read the secret again, here impossible: the
// context cannot reach a service), then its body. Through deliveries from the emulator:
// evmDelivery.test.ts and ../hostile.test.ts.
import type { INode } from 'n8n-workflow';

import { verifiedRequest } from '../../../nodes/AddressActivityTrigger/receive/verifiedRequest';
import { forgetSharedSecrets, recordSharedSecret } from '../../../nodes/shared/memory/sharedSecrets';
import { signDelivery } from '../../harness/signing';
import { webhookContext } from '../../harness/webhookContext';

const SECRET = 'ab'.repeat(32);
const URL = 'https://n8n.example.com/webhook/abc/webhook';
const BODY = { webhookId: 'w1', eventType: 'address_activity', messageId: 'm1', event: { transaction: { txHash: '0x01' } } };
const node = { credentials: { addressActivityApi: { id: '7', name: 'API' } } } as Partial<INode>;

function request(headers: Record<string, string>, text = JSON.stringify(BODY)) {
	return webhookContext({ node, productionUrl: URL, headers, request: { rawBody: Buffer.from(text) } });
}

beforeEach(() => {
	forgetSharedSecrets();
	recordSharedSecret('7', SECRET);
});

describe('a request to the trigger’s URL', () => {
	it('signed with the account’s secret is passed on with its body, URL and arrival', async () => {
		const before = Date.now();
		const verification = await verifiedRequest(request({ 'x-signature': signDelivery(BODY, SECRET) }), { verifySignature: true });
		expect(verification.ok).toBe(true);
		if (!verification.ok) return;
		expect(verification.request).toMatchObject({ parameters: { verifySignature: true }, url: URL, body: BODY });
		expect(verification.request.arrival.arrivedAt).toBeGreaterThanOrEqual(before);
		expect(verification.request.arrival.deadline).toBeGreaterThan(verification.request.arrival.arrivedAt);
	});

	it('without an x-signature header is refused 401', async () => {
		const context = request({});
		expect((await verifiedRequest(context, { verifySignature: true })).ok).toBe(false);
		expect(context.response.statusCode).toBe(401);
		expect(context.response.body).toEqual({ received: false, message: 'Refused a request without an x-signature header' });
	});

	it('signed with another secret is refused 401 (the secret read again cannot be had here)', async () => {
		const context = request({ 'x-signature': signDelivery(BODY, 'cd'.repeat(32)) });
		expect((await verifiedRequest(context, { verifySignature: true })).ok).toBe(false);
		expect(context.response.statusCode).toBe(401);
	});

	it('whose body is not JSON is refused 400', async () => {
		const context = request({ 'x-signature': signDelivery(BODY, SECRET) }, '{"webhookId": ');
		expect((await verifiedRequest(context, { verifySignature: true })).ok).toBe(false);
		expect(context.response.statusCode).toBe(400);
	});

	it('is passed on unsigned when Verify Signature is off', async () => {
		const verification = await verifiedRequest(request({}), { verifySignature: false });
		expect(verification.ok && verification.request.body).toEqual(BODY);
	});
});
