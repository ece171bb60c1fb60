import type { IWebhookFunctions } from 'n8n-workflow';

type ResourceUrl = (name: string) => string | undefined;

/** The webhook URL this delivery was sent to (test and production URLs differ): whose delivery it is. */
export function urlDeliveredTo(context: IWebhookFunctions): string {
	// n8n 2.x only: calling it on 1.x throws, and n8n then answers every delivery with a 500.
	const resourceUrl = (context as { getWebhookResourceUrl?: ResourceUrl }).getWebhookResourceUrl;
	if (typeof resourceUrl === 'function') return resourceUrl.call(context, 'default') ?? context.getNodeWebhookUrl('default') ?? '';
	return requestedUrl(context, context.getNodeWebhookUrl('default') ?? '');
}

/**
 * The URL of the request's webhook as n8n 1.x registered it: its webhook context gives only the
 * production URL, so a test delivery ("Listen for test event", mode manual) swaps the production
 * endpoint for the one the request came in on (`/webhook-test/…`), keeping any path prefix.
 */
function requestedUrl(context: IWebhookFunctions, production: string): string {
	if (context.getMode() !== 'manual' || production === '') return production;
	const requestPath = (context.getRequestObject().originalUrl ?? '').split('?')[0];
	const url = new URL(production);
	// own: [...prefix, endpoint, ...tail]; requested: [...prefix unless a proxy removed it, test endpoint, ...tail].
	const own = url.pathname.split('/');
	const requested = requestPath.split('/');
	let tail = 0;
	while (tail < own.length - 1 && tail < requested.length - 1 && own[own.length - 1 - tail] === requested[requested.length - 1 - tail]) tail++;
	let head = 0;
	while (head < own.length - tail - 1 && head < requested.length - tail && own[head] === requested[head]) head++;
	url.pathname = [...own.slice(0, own.length - tail - 1), ...requested.slice(head, requested.length - tail), ...own.slice(own.length - tail)].join('/');
	return url.href;
}
