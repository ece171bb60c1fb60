/**
 * Whether the service can reach the URL n8n gives the trigger. n8n gives its own local address
 * (localhost) unless its public URL is set; the service, somewhere on the internet, cannot deliver
 * there. Said only when it clearly applies: the trigger's URL is a loopback, private or `.local`
 * address while the credential's Base URL is not a local one (a service on the same machine or
 * network, as in a test set-up, reaches a local n8n). Publishing then fails with this message;
 * Execute step puts it on its items (../sample/).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IHookFunctions } from 'n8n-workflow';

import { normaliseBaseUrl } from '../../shared/service/transport';
import { isTestListening, webhookUrlToRegister } from './triggerUrl';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** This machine's own name, and its subdomains (RFC 6761). */
const LOOPBACK_NAME = /^(?:.+\.)?localhost$/;

/** Loopback, private, link-local or unspecified IPv4 and IPv6 addresses. */
function isPrivateAddress(host: string): boolean {
	const v4 = IPV4.exec(host);
	if (v4 !== null) {
		const [a, b] = [Number(v4[1]), Number(v4[2])];
		return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
	}
	if (!host.includes(':')) return false;
	const v6 = host.toLowerCase();
	// An IPv4 address in IPv6 form (URLs write it in hex: [::ffff:7f00:1] is 127.0.0.1).
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
	if (mapped !== null) return isPrivateAddress(mapped[1]);
	const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
	if (hex !== null) {
		const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
		return isPrivateAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
	}
	return v6 === '::1' || v6 === '::' || /^f[cd][0-9a-f]{0,2}:/.test(v6) || /^fe[89ab][0-9a-f]?:/.test(v6);
}

/** The host of an http(s) URL, lower case, without IPv6 brackets; undefined when it is not one. */
function hostOf(url: string): string | undefined {
	try {
		return new URL(url).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
	} catch {
		return undefined;
	}
}

/** A host the internet cannot reach: this machine, a private network, or a name only the local network resolves. */
export function isLocalHost(host: string): boolean {
	return LOOPBACK_NAME.test(host) || host.endsWith('.local') || isPrivateAddress(host);
}

/** A service host that may share the machine or network with n8n: local, or a name that is not a public DNS name. */
function isLocalServiceHost(host: string): boolean {
	return isLocalHost(host) || !host.includes('.') || /\.(internal|lan|home\.arpa|intranet|corp)$/.test(host);
}

/** The words for a trigger URL the service cannot reach; undefined when it can (or it cannot be told). */
export function notPublicMessage(webhookUrl: string, baseUrl: string | undefined): string | undefined {
	const webhookHost = hostOf(webhookUrl);
	const serviceHost = baseUrl === undefined ? undefined : hostOf(baseUrl);
	if (webhookHost === undefined || serviceHost === undefined) return undefined;
	if (!isLocalHost(webhookHost) || isLocalServiceHost(serviceHost)) return undefined;
	const origin = new URL(webhookUrl).origin;
	return (
		`The n8n URL is not public: n8n gives this trigger ${origin}, a local address, and the service at ${baseUrl} cannot deliver there. ` +
		"Set n8n's public URL (N8N_WEBHOOK_URL on n8n 2.x, WEBHOOK_URL on 1.x) and restart n8n, or use the Address Activity Poll Trigger, which needs no public URL."
	);
}

/** The words for this trigger, read from the URL n8n gives it and the credential; undefined when the service can reach it. */
export async function notPublicUrl(context: IHookFunctions): Promise<string | undefined> {
	const credentials = await context.getCredentials('addressActivityApi');
	return notPublicMessage(webhookUrlToRegister(context), normaliseBaseUrl(credentials.baseUrl));
}

/** Publishing (not Execute step) stops here, before any request, when the service cannot reach the trigger. */
export async function refuseUnreachableUrl(context: IHookFunctions): Promise<void> {
	if (isTestListening(context)) return;
	const message = await notPublicUrl(context);
	if (message !== undefined) throw new NodeOperationError(context.getNode(), message);
}
