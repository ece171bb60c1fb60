/** The Raw Message output's item, for deliveries of every event type. */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

/** Request headers never copied into the output. */
const PRIVATE_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-service-api-key']);

/** The message as sent, with the request headers when asked. */
export function rawMessageItem(context: IWebhookFunctions, parameters: { includeHeaders: boolean }, body: unknown): IDataObject {
	const message = body as IDataObject;
	return parameters.includeHeaders ? { headers: publicHeaders(context), body: message } : message;
}

function publicHeaders(context: IWebhookFunctions): IDataObject {
	const headers: IDataObject = {};
	for (const [name, value] of Object.entries(context.getHeaderData())) {
		if (!PRIVATE_HEADERS.has(name.toLowerCase()) && value !== undefined) headers[name] = value;
	}
	return headers;
}
