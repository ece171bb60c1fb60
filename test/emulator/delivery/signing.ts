import { createHmac } from 'node:crypto';

import type { SignatureScheme } from '../types';

/**
 * JSON Canonicalization Scheme (RFC 8785) for JSON values: object keys sorted by UTF-16 code
 * units, no whitespace, strings and numbers serialised as ECMAScript JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
	if (value === null || typeof value !== 'object') {
		if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('JCS cannot encode a non-finite number');
		return JSON.stringify(value);
	}
	if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
	const record = value as Record<string, unknown>;
	const members = Object.keys(record)
		.filter((key) => record[key] !== undefined)
		.sort()
		.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
	return `{${members.join(',')}}`;
}

/**
 * The `x-signature` of a delivery, base64 HMAC-SHA256: by default (`jcs`, the documented scheme)
 * of the JCS body keyed with the hex-decoded shared secret; `raw` signs the body text as sent with
 * that key; `rawUtf8Key` signs the body text with the secret's own text as the key.
 */
export function signMessage(body: unknown, sharedSecretHex: string, scheme: SignatureScheme = 'jcs', bodyText?: string): string {
	const key = scheme === 'rawUtf8Key' ? Buffer.from(sharedSecretHex, 'utf8') : Buffer.from(sharedSecretHex, 'hex');
	const text = scheme === 'jcs' ? canonicalJson(body) : (bodyText ?? JSON.stringify(body));
	return createHmac('sha256', key).update(text, 'utf8').digest('base64');
}
