import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { parseChainId } from '../shared/chains';
import { InvalidInputError, quoteValue, toInputError } from '../shared/errors';
import { wholeNumber } from '../shared/numbers';
import type { RetryPolicy } from '../shared/transport';
import { WEBHOOK_TEXT_LIMIT } from '../shared/webhooks';

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * Reads a parameter and converts it with `parse`; a value the parser rejects fails the item
 * with an error naming the field, the value and the item, before any request is sent.
 */
export function parsedParameter<T>(
	context: IExecuteFunctions,
	name: string,
	field: string,
	itemIndex: number,
	parse: (value: unknown) => T,
	fallback?: unknown,
): T {
	const value = context.getNodeParameter(name, itemIndex, fallback, { extractValue: true });
	try {
		return parse(value);
	} catch (error) {
		throw toInputError(context.getNode(), error, field, itemIndex, name);
	}
}

export function chainIdParameter(context: IExecuteFunctions, itemIndex: number): string {
	return parsedParameter(context, 'chainId', 'Chain', itemIndex, parseChainId);
}

/**
 * An http(s) URL for deliveries. One with a user name or password is refused: the service would
 * keep and show the password; the value is quoted without it.
 */
export function parseCallbackUrl(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
		throw new InvalidInputError(`${quoteValue(value)} is not an http(s) URL`, value);
	}
	if (url.username !== '' || url.password !== '') {
		url.username = '';
		url.password = '';
		const shown = url.toString().replace('://', '://…@');
		throw new InvalidInputError(
			`"${shown}" carries a user name or password; the service would store it with the webhook and show it in every list. Use a URL without credentials (e.g. a secret path)`,
			shown,
		);
	}
	return text;
}

/** A webhook name or description: text of at most WEBHOOK_TEXT_LIMIT characters. */
export function parseWebhookText(value: unknown): string {
	const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
	if (text.length > WEBHOOK_TEXT_LIMIT) {
		throw new InvalidInputError(`${quoteValue(value)} has ${text.length} characters; the service allows at most ${WEBHOOK_TEXT_LIMIT}`, value);
	}
	return text;
}

/** A webhook status, also when it comes from an expression. */
export function parseWebhookStatus(value: unknown): 'active' | 'inactive' {
	const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
	if (text !== 'active' && text !== 'inactive') {
		throw new InvalidInputError(`${quoteValue(value)} is not a status (use "active" or "inactive")`, value);
	}
	return text;
}

export function parseWebhookId(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!UUID_PATTERN.test(text)) {
		throw new InvalidInputError(`${quoteValue(value)} is not a webhook ID (expected a UUID)`, value);
	}
	return text;
}

export function webhookIdParameter(context: IExecuteFunctions, itemIndex: number): string {
	return parsedParameter(context, 'webhookId', 'Webhook', itemIndex, parseWebhookId);
}

/** Non-empty text without surrounding spaces (IDs and hashes that go into a route path). */
export function requiredText(what: string, pattern?: RegExp, expected?: string) {
	return (value: unknown): string => {
		const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
		if (text === '' || (pattern && !pattern.test(text))) {
			throw new InvalidInputError(
				text === '' ? `${what} is empty` : `${quoteValue(value)} is not ${expected ?? `a valid ${what}`}`,
				value,
			);
		}
		return text;
	};
}

export function retryPolicy(context: IExecuteFunctions, itemIndex: number): RetryPolicy {
	return context.getNodeParameter('requestOptions', itemIndex, {}) as RetryPolicy;
}

export interface ListParameters {
	returnAll: boolean;
	limit: number;
}

export function listParameters(context: IExecuteFunctions, itemIndex: number): ListParameters {
	const returnAll = context.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? 0 : parsedParameter(context, 'limit', 'Limit', itemIndex, positiveInteger, 50);
	return { returnAll, limit };
}

export function positiveInteger(value: unknown): number {
	return wholeNumber(value, 1);
}

/** Drops options the user left empty so they are not sent as empty query parameters. */
export function withoutEmpty(values: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value !== '' && value !== undefined && value !== null) result[key] = value;
	}
	return result;
}
