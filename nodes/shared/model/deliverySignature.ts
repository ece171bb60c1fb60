/**
 * The delivery signature, x-signature, in one place: how the service signs a delivery and how a
 * signature is checked. The trigger verifies every request to its URL with it; a catch-up request
 * (from the trigger itself or Webhook > Reactivate) is signed with it, so it verifies as a delivery.
 */
import { createHmac, timingSafeEqual } from 'crypto';

import { canonicalJson } from './canonicalJson';

const SHARED_SECRET_PATTERN = /^(?:[0-9a-fA-F]{2})+$/;
const BACKSLASH = 0x5c;
const SIGNATURE_PATTERN = /^[A-Za-z0-9+/]{43}=?$/;

/**
 * How the service's material signs (HMAC-SHA256, base64): `jcs` (documented) over the JCS text, `raw`
 * over the body bytes, both keyed with the hex-decoded secret; `rawUtf8Key` keyed with its text (SDK).
 */
export type SignatureScheme = 'jcs' | 'raw' | 'rawUtf8Key';

/** The shared secret is hex text; its decoded bytes are the documented HMAC key. */
function hexKey(sharedSecret: string): Buffer | undefined {
	return SHARED_SECRET_PATTERN.test(sharedSecret) ? Buffer.from(sharedSecret, 'hex') : undefined;
}

function hmacSha256(key: Buffer | string, text: string | Buffer): Buffer {
	return createHmac('sha256', key).update(text).digest();
}

/**
 * x-signature for a body in the documented scheme (base64 HMAC-SHA256 of its JCS text keyed with the
 * hex-decoded secret), or undefined when the secret is not hex text.
 */
export function signBody(sharedSecret: string, body: object): string | undefined {
	const key = hexKey(sharedSecret);
	return key === undefined ? undefined : createHmac('sha256', key).update(canonicalJson(body)).digest('base64');
}

export interface SignedDelivery {
	/** The x-signature header as received. */
	signature: string | undefined;
	/** The request body bytes exactly as received, when available. */
	rawBody: Buffer | undefined;
	/** The body parsed as JSON (from rawBody, when given). */
	body: unknown;
}

function canonicalText(delivery: SignedDelivery): string | undefined {
	try {
		// JSON text without a backslash has no string that needs escaping.
		const escapeFree = delivery.rawBody !== undefined && !delivery.rawBody.includes(BACKSLASH);
		return canonicalJson(delivery.body, escapeFree);
	} catch {
		// A body JCS cannot represent (for example a number that overflows) may still match a raw-body scheme.
		return undefined;
	}
}

/** The documented scheme first; the raw-body ones (one HMAC each) are fallbacks. */
const SCHEMES: SignatureScheme[] = ['jcs', 'raw', 'rawUtf8Key'];

/**
 * True when x-signature matches any scheme the service signs with, so that no genuine delivery is
 * refused for its scheme. Every comparison is constant-time.
 */
export function isSignatureValid(delivery: SignedDelivery, sharedSecret: string): boolean {
	if (typeof delivery.signature !== 'string' || sharedSecret === '') return false;
	// Exactly one HMAC-SHA256 in base64: Node's lenient decoding would skip stray characters, e.g.
	// of a second x-signature header that n8n joined to the first ("[], <signature>").
	const text = delivery.signature.trim();
	if (!SIGNATURE_PATTERN.test(text)) return false;
	const received = Buffer.from(text, 'base64');
	const key = hexKey(sharedSecret);
	const { rawBody } = delivery;
	const matches = (scheme: SignatureScheme): boolean => {
		if (scheme === 'rawUtf8Key') return rawBody !== undefined && timingSafeEqual(hmacSha256(sharedSecret, rawBody), received);
		if (key === undefined) return false;
		if (scheme === 'raw') return rawBody !== undefined && timingSafeEqual(hmacSha256(key, rawBody), received);
		const canonical = canonicalText(delivery);
		return canonical !== undefined && timingSafeEqual(hmacSha256(key, canonical), received);
	};
	return SCHEMES.some(matches);
}
