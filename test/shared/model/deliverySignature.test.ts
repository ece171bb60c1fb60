import { createHmac } from 'crypto';

import { isSignatureValid, signBody } from '../../../nodes/shared/model/deliverySignature';
import { signDelivery } from '../../harness/signing';

// A throw-away test value, derived so no literal secret sits in the source.
const secret = createHmac('sha256', 'signature-test').update('shared secret').digest('hex');
const body = { webhookId: 'w-1', messageId: 'm-1', event: { transaction: { value: '10', blockTimestamp: 1 } } };
// Written by hand so the test does not depend on the canonicaliser under test.
const canonicalText = '{"event":{"transaction":{"blockTimestamp":1,"value":"10"}},"messageId":"m-1","webhookId":"w-1"}';
const prettyRawBody = Buffer.from(JSON.stringify(body, null, 2));

function hmacBase64(key: Buffer, text: string | Buffer): string {
	return createHmac('sha256', key).update(text).digest('base64');
}

describe('delivery signature (x-signature)', () => {
	const documented = hmacBase64(Buffer.from(secret, 'hex'), canonicalText);

	it('signs with base64(HMAC-SHA256(hex-decoded secret, JCS(body)))', () => {
		expect(signDelivery(body, secret)).toBe(documented);
	});

	it('accepts the documented scheme whatever the spacing and key order of the bytes sent', () => {
		expect(isSignatureValid({ signature: documented, rawBody: prettyRawBody, body }, secret)).toBe(true);
		expect(isSignatureValid({ signature: documented, rawBody: undefined, body }, secret)).toBe(true);
	});

	it('accepts the documented scheme for a body whose text has escapes (a backslash in the bytes sent)', () => {
		const escaped = { note: 'say "hi"\n', emoji: '\ud83d' };
		const rawBody = Buffer.from(JSON.stringify(escaped));
		expect(isSignatureValid({ signature: signDelivery(escaped, secret), rawBody, body: JSON.parse(rawBody.toString('utf8')) }, secret)).toBe(true);
	});

	it('accepts the raw-body variant keyed with the hex-decoded secret', () => {
		const rawVariant = hmacBase64(Buffer.from(secret, 'hex'), prettyRawBody);
		expect(rawVariant).not.toBe(documented);
		expect(isSignatureValid({ signature: rawVariant, rawBody: prettyRawBody, body }, secret)).toBe(true);
	});

	it('accepts the signature without its base64 padding', () => {
		expect(isSignatureValid({ signature: documented.replace(/=$/, ''), rawBody: undefined, body }, secret)).toBe(true);
	});

	it('accepts an upper-case secret and surrounding whitespace in the header', () => {
		expect(isSignatureValid({ signature: ` ${documented} `, rawBody: undefined, body }, secret.toUpperCase())).toBe(
			true,
		);
	});

	it.each([
		['a missing header', undefined],
		['an empty header', ''],
		['the hex form of the right digest', createHmac('sha256', Buffer.from(secret, 'hex')).update(canonicalText).digest('hex')],
		['a truncated signature', documented.slice(0, 20)],
		['a signature made with the secret text as the key', hmacBase64(Buffer.from(secret, 'utf8'), canonicalText)],
		['a signature made with another secret', hmacBase64(Buffer.from('00'.repeat(32), 'hex'), canonicalText)],
		// Two x-signature headers, as n8n joins them: lenient base64 decoding would skip "[], ".
		['two headers joined by n8n ("[], <signature>")', `[], ${documented}`],
		['the right signature twice, joined', `${documented}, ${documented}`],
		['the right signature with a stray character inside', `${documented.slice(0, 10)}*${documented.slice(10)}`],
	])('rejects %s', (_case, signature) => {
		expect(isSignatureValid({ signature, rawBody: prettyRawBody, body }, secret)).toBe(false);
	});

	it('rejects a body changed after signing', () => {
		const tampered = { ...body, messageId: 'm-2' };
		expect(
			isSignatureValid({ signature: documented, rawBody: Buffer.from(JSON.stringify(tampered)), body: tampered }, secret),
		).toBe(false);
	});

	it('rejects everything when the stored secret is not hex text', () => {
		expect(isSignatureValid({ signature: documented, rawBody: prettyRawBody, body }, 'not-hex')).toBe(false);
		expect(isSignatureValid({ signature: documented, rawBody: prettyRawBody, body }, '')).toBe(false);
	});

	it('still checks the raw-body variant when the body has a number JCS cannot represent', () => {
		const raw = Buffer.from('{"value":1e400}');
		const parsed = JSON.parse(raw.toString()) as unknown;
		const rawVariant = hmacBase64(Buffer.from(secret, 'hex'), raw);
		expect(isSignatureValid({ signature: rawVariant, rawBody: raw, body: parsed }, secret)).toBe(true);
		expect(isSignatureValid({ signature: documented, rawBody: raw, body: parsed }, secret)).toBe(false);
	});

	it('signs a body in the documented scheme (what a catch-up request carries), which verifies as a delivery', () => {
		expect(signBody(secret, body)).toBe(documented);
		expect(signBody(secret.toUpperCase(), body)).toBe(documented);
		const request = { eventType: 'n8n_address_activity_catch_up', messageId: 'catch-up:w-1:reactivated:7', resume: { toBlock: 7 } };
		const signature = signBody(secret, request);
		expect(isSignatureValid({ signature, rawBody: Buffer.from(JSON.stringify(request)), body: request }, secret)).toBe(true);
		expect(isSignatureValid({ signature, rawBody: undefined, body: { ...request, messageId: 'other' } }, secret)).toBe(false);
	});

	it.each([['not hex text', 'not-hex'], ['an odd number of hex digits', 'abc'], ['empty', '']])('signs nothing when the secret is %s', (_case, notHex) => {
		expect(signBody(notHex, body)).toBeUndefined();
	});
});
