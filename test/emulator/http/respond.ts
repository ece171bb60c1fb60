/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { ServerResponse } from 'node:http';

import { errorBody } from './errors';

export function sendJson(
	res: ServerResponse,
	statusCode: number,
	body: unknown,
	headers: Record<string, string> = {},
): number {
	const text = JSON.stringify(body);
	const bytes = Buffer.byteLength(text);
	res.writeHead(statusCode, {
		...headers,
		'content-type': 'application/json; charset=utf-8',
		'content-length': bytes,
	});
	res.end(text);
	return bytes;
}

export function sendError(
	res: ServerResponse,
	statusCode: number,
	messages: string[],
	headers: Record<string, string> = {},
): void {
	sendJson(res, statusCode, errorBody(statusCode, messages), headers);
}

export function sendHtml(res: ServerResponse, statusCode: number, html: string): void {
	res.writeHead(statusCode, {
		'content-type': 'text/html; charset=utf-8',
		'content-length': Buffer.byteLength(html),
	});
	res.end(html);
}
