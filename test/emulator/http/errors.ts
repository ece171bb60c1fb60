/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { STATUS_CODES } from 'node:http';

/** A failure that becomes the service's error body: `{message: string[], error, statusCode}`. */
export class ApiError extends Error {
	constructor(
		readonly statusCode: number,
		readonly messages: string[],
		readonly headers: Record<string, string> = {},
	) {
		super(messages.join('; '));
	}
}

export function errorBody(statusCode: number, messages: string[]) {
	return { message: messages, error: STATUS_CODES[statusCode] ?? 'Error', statusCode };
}

export const badRequest = (...messages: string[]) => new ApiError(400, messages);
export const notFound = (...messages: string[]) => new ApiError(404, messages);
