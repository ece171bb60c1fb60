import { z } from 'zod';

import { badRequest } from './errors';

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const addressSchema = z
	.string({ invalid_type_error: 'must be a string' })
	.refine((value) => ADDRESS_PATTERN.test(value), (value) => ({
		message: `invalid address format: '${value}' must be 0x followed by 40 hexadecimal characters`,
	}));

export const eventSignatureSchema = z
	.string({ invalid_type_error: 'must be a string' })
	.refine((value) => HASH_PATTERN.test(value), (value) => ({
		message: `invalid event signature: '${value}' must be 0x followed by 64 hexadecimal characters (the keccak-256 hash of the event's canonical signature)`,
	}));

export const decimalStringSchema = z
	.string({ invalid_type_error: 'must be a decimal string' })
	.regex(/^\d+$/, 'must be a decimal string of digits');

function describePath(path: (string | number)[]): string {
	return path.length === 0 ? 'body' : path.join('.');
}

/** One readable message per problem, NestJS style: "<field> <what is wrong>". */
export function formatIssues(error: z.ZodError): string[] {
	return error.issues.map((issue) => {
		const field = describePath(issue.path);
		if (issue.code === 'unrecognized_keys') {
			return issue.keys.map((key) => `property ${key} should not exist`).join('; ');
		}
		if (issue.code === 'invalid_type' && issue.received === 'undefined') {
			return `${field} is required`;
		}
		if (issue.code === 'invalid_type') {
			return `${field} must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`} (got ${issue.received})`;
		}
		return `${field} ${issue.message}`;
	});
}

/** Validates a parsed JSON body against a schema; problems become one 400 listing all of them. */
export function parseBody<T extends z.ZodTypeAny>(schema: T, body: unknown): z.infer<T> {
	if (body === undefined) throw badRequest('request body is required (a JSON object)');
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		throw badRequest('request body must be a JSON object');
	}
	const result = schema.safeParse(body);
	if (!result.success) throw badRequest(...formatIssues(result.error));
	return result.data;
}

/** Lower-cases and de-duplicates addresses, keeping first-seen order. */
export function uniqueAddresses(addresses: string[]): string[] {
	return [...new Set(addresses.map((address) => address.toLowerCase()))];
}
