import { createHmac } from 'node:crypto';

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

/** The `x-signature` of a delivery: base64 HMAC-SHA256 of the JCS body, keyed with the hex-decoded shared secret. */
export function signMessage(body: unknown, sharedSecretHex: string): string {
	return createHmac('sha256', Buffer.from(sharedSecretHex, 'hex')).update(canonicalJson(body), 'utf8').digest('base64');
}
