/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { isIP } from 'node:net';

/**
 * Deliveries go only to this machine. Host names other than localhost are refused without any
 * DNS lookup, so nothing (not even a query) ever leaves the machine.
 */
export function loopbackRefusal(url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return `refused: '${url}' is not a valid URL`;
	}
	const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
	if (host === 'localhost' || host.endsWith('.localhost')) return undefined;
	const version = isIP(host);
	if (version === 4 && host.startsWith('127.')) return undefined;
	if (version === 6 && (host === '::1' || /^::ffff:127\./.test(host))) return undefined;
	return `refused: the emulator only delivers to loopback addresses (127.0.0.0/8, ::1, localhost), not to '${host}'`;
}
