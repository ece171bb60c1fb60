import { createHmac } from 'crypto';

import { canonicalJson } from '../../nodes/shared/model/canonicalJson';
import type { SignatureScheme } from '../../nodes/shared/model/deliverySignature';
import type { IncomingDelivery } from './trigger';

/** Computes the x-signature header for `body` with one of the schemes, as the service would (tests sign their own requests with it). */
export function signDelivery(body: unknown, sharedSecret: string, scheme: SignatureScheme = 'jcs', rawBody?: Buffer | string): string {
	if (scheme === 'rawUtf8Key') return createHmac('sha256', sharedSecret).update(rawBody ?? JSON.stringify(body)).digest('base64');
	if (!/^(?:[0-9a-fA-F]{2})+$/.test(sharedSecret)) throw new TypeError('The shared secret is not hex text');
	const text = scheme === 'raw' ? (rawBody ?? JSON.stringify(body)) : canonicalJson(body);
	return createHmac('sha256', Buffer.from(sharedSecret, 'hex')).update(text).digest('base64');
}

/** A delivery as the service would send it, signed with the account's shared secret (the documented scheme). */
export function signedDelivery(body: unknown, sharedSecret: string): IncomingDelivery {
	const rawBody = Buffer.from(JSON.stringify(body));
	return { headers: { 'content-type': 'application/json', 'x-signature': signDelivery(body, sharedSecret) }, rawBody };
}
