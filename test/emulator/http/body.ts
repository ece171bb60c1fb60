/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import type { IncomingMessage } from 'node:http';

import { ApiError, badRequest } from './errors';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export async function readText(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY_BYTES) throw new ApiError(413, ['request body is larger than 5 MB']);
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body; an empty body is `undefined`, malformed JSON a 400 that says where. */
export function parseJson(text: string): unknown {
	if (text.trim() === '') return undefined;
	try {
		return JSON.parse(text);
	} catch (error) {
		throw badRequest(`request body is not valid JSON: ${(error as Error).message}`);
	}
}
