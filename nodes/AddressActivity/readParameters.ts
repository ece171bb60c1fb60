import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { parseChainId } from '../shared/model/chainIds';
import { InvalidInputError, quoteValue } from '../shared/model/invalidInput';
import { toInputError } from '../shared/parameters/parameterErrors';
import { wholeNumber } from '../shared/model/numbers';
import type { RetryPolicy } from '../shared/service/transport';
import { WEBHOOK_ID_PATTERN, WEBHOOK_TEXT_LIMIT } from '../shared/service/webhooks';

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

function parseWebhookId(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!WEBHOOK_ID_PATTERN.test(text)) {
		throw new InvalidInputError(`${quoteValue(value)} is not a webhook ID (expected a UUID)`, value);
	}
	return text;
}

export function webhookIdParameter(context: IExecuteFunctions, itemIndex: number): string {
	return parsedParameter(context, 'webhookId', 'Webhook', itemIndex, parseWebhookId);
}

/** The webhook an item acts on, and the item's retry limits. */
export interface WebhookCall {
	webhookId: string;
	retry: RetryPolicy;
}

export function readWebhookCall(context: IExecuteFunctions, itemIndex: number): WebhookCall {
	return { webhookId: webhookIdParameter(context, itemIndex), retry: retryPolicy(context, itemIndex) };
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

/** What an operation without fields of its own reads: the retry limits. */
export interface ServiceCallParameters {
	retry: RetryPolicy;
}

export function readRetryPolicy(context: IExecuteFunctions, itemIndex: number): ServiceCallParameters {
	return { retry: retryPolicy(context, itemIndex) };
}

/** A boolean, also from an expression that gives the text "true" or "false". */
export function parseBoolean(value: unknown): boolean {
	if (typeof value === 'boolean') return value;
	const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
	if (text !== 'true' && text !== 'false') throw new InvalidInputError(`${quoteValue(value)} is not true or false`, value);
	return text === 'true';
}

export function booleanParameter(context: IExecuteFunctions, name: string, field: string, itemIndex: number): boolean {
	return parsedParameter(context, name, field, itemIndex, parseBoolean, false);
}

function nonNegativeNumber(value: unknown): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) {
		throw new InvalidInputError(`${quoteValue(value)} is not a number of 0 or more`, value);
	}
	return number;
}

const RETRY_OPTIONS: Array<[keyof RetryPolicy, string, (value: unknown) => number]> = [
	['maxRateLimitRetries', 'Max Rate-Limit Retries', (value) => wholeNumber(value, 0)],
	['maxRateLimitWaitSeconds', 'Max Rate-Limit Wait (Seconds)', nonNegativeNumber],
	['maxServerErrorRetries', 'Max Server Error Retries', (value) => wholeNumber(value, 0)],
];

/** The Request Options, checked: a negative count from an expression fails instead of quietly meaning the default. */
export function retryPolicy(context: IExecuteFunctions, itemIndex: number): RetryPolicy {
	const options = context.getNodeParameter('requestOptions', itemIndex, {}) as IDataObject;
	const policy: RetryPolicy = {};
	for (const [name, field, parse] of RETRY_OPTIONS) {
		if (options[name] !== undefined) policy[name] = parsedParameter(context, `requestOptions.${name}`, field, itemIndex, parse);
	}
	return policy;
}

interface ListParameters {
	returnAll: boolean;
	limit: number;
}

function listParameters(context: IExecuteFunctions, itemIndex: number): ListParameters {
	const returnAll = booleanParameter(context, 'returnAll', 'Return All', itemIndex);
	const limit = returnAll ? 0 : parsedParameter(context, 'limit', 'Limit', itemIndex, positiveInteger, 50);
	return { returnAll, limit };
}

/** What a list operation reads: Return All, Limit, the query and the retry limits. */
export interface ListCall extends ListParameters {
	qs: IDataObject;
	retry: RetryPolicy;
}

/** Return All, Limit, then the Filters the user added (each checked, sent as the query) and the retry limits. */
export function readListCall(context: IExecuteFunctions, itemIndex: number, filters?: CollectionChecks): ListCall {
	const list = listParameters(context, itemIndex);
	const qs = filters ? checkedCollection(context, itemIndex, 'filters', filters, { dropEmpty: true }) : {};
	return { ...list, qs, retry: retryPolicy(context, itemIndex) };
}

export function positiveInteger(value: unknown): number {
	return wholeNumber(value, 1);
}

/** How each entry of a collection is checked: its name in the editor and its parser. */
export type CollectionChecks = Record<string, [field: string, parse: (value: unknown) => unknown]>;

/**
 * The entries of a collection (filters, options, update fields) the user added, each checked by
 * its parser; `dropEmpty` leaves out entries left empty, so they are not sent as empty query values.
 */
export function checkedCollection(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	checks: CollectionChecks,
	{ dropEmpty }: { dropEmpty: boolean },
): IDataObject {
	const values = context.getNodeParameter(name, itemIndex, {}) as IDataObject;
	const checked: IDataObject = {};
	for (const key of Object.keys(dropEmpty ? withoutEmpty(values) : values)) {
		const [field, parse] = checks[key] ?? [key, (value: unknown) => value];
		checked[key] = parsedParameter(context, `${name}.${key}`, field, itemIndex, parse) as IDataObject[string];
	}
	return checked;
}

/** Drops options the user left empty so they are not sent as empty query parameters. */
function withoutEmpty(values: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value !== '' && value !== undefined && value !== null) result[key] = value;
	}
	return result;
}
