import { createHmac, timingSafeEqual } from 'crypto';

import { canonicalJson } from './canonicalJson';

const SHARED_SECRET_PATTERN = /^(?:[0-9a-fA-F]{2})+$/;
const BACKSLASH = 0x5c;

/** The shared secret is hex text; its decoded bytes are the HMAC key. */
function hmacKey(sharedSecret: string): Buffer | undefined {
	return SHARED_SECRET_PATTERN.test(sharedSecret) ? Buffer.from(sharedSecret, 'hex') : undefined;
}

function hmacSha256(key: Buffer, text: string | Buffer): Buffer {
	return createHmac('sha256', key).update(text).digest();
}

/** Computes the x-signature header of the documented scheme: base64(HMAC-SHA256(hex-decoded secret, JCS(body))). */
export function signDelivery(body: unknown, sharedSecret: string): string {
	const key = hmacKey(sharedSecret);
	if (key === undefined) throw new TypeError('The shared secret is not hex text');
	return hmacSha256(key, canonicalJson(body)).toString('base64');
}

export interface SignedDelivery {
	/** The x-signature header as received. */
	signature: string | undefined;
	/** The request body bytes exactly as received, when available. */
	rawBody: Buffer | undefined;
	/** The body parsed as JSON (from rawBody, when given). */
	body: unknown;
}

/**
 * True when x-signature matches the documented scheme (HMAC over the JCS form of the body) or the
 * raw-body variant one vendor client uses (HMAC over the bytes as sent), both keyed with the
 * hex-decoded shared secret. Every comparison is constant-time.
 */
export function isSignatureValid(delivery: SignedDelivery, sharedSecret: string): boolean {
	const key = hmacKey(sharedSecret);
	if (key === undefined || typeof delivery.signature !== 'string') return false;
	const received = Buffer.from(delivery.signature.trim(), 'base64');
	if (received.length !== 32) return false;

	let canonical: string | undefined;
	try {
		// JSON text without a backslash has no string that needs escaping.
		const escapeFree = delivery.rawBody !== undefined && !delivery.rawBody.includes(BACKSLASH);
		canonical = canonicalJson(delivery.body, escapeFree);
	} catch {
		// A body JCS cannot represent (for example a number that overflows) can still match the raw-body variant.
		canonical = undefined;
	}
	if (canonical !== undefined && timingSafeEqual(hmacSha256(key, canonical), received)) return true;
	return delivery.rawBody !== undefined && timingSafeEqual(hmacSha256(key, delivery.rawBody), received);
}
