import { z } from 'zod';

const positiveInt = z.number({ invalid_type_error: 'must be a number' }).int('must be an integer').positive('must be positive');

export const keySchema = z
	.object({
		key: z.string().min(1).optional(),
		account: z.string().min(1).optional(),
		plan: z.enum(['free', 'paid']).optional(),
		privileges: z.array(z.enum(['read', 'webhooks'])).optional(),
		signatureScheme: z.enum(['jcs', 'raw', 'rawUtf8Key']).optional(),
	})
	.strict();

/** How deliveries are signed: for one webhook, for one key's account, or for every account. */
export const signatureSchemeSchema = z
	.object({
		scheme: z.enum(['jcs', 'raw', 'rawUtf8Key']),
		webhookId: z.string().min(1).optional(),
		key: z.string().min(1).optional(),
	})
	.strict();

export const rateLimitSchema = z
	.object({ limit: positiveInt, windowSeconds: positiveInt, key: z.string().min(1).optional() })
	.strict();

export const faultSchema = z
	.object({
		method: z.enum(['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'get', 'post', 'patch', 'delete', 'put']).optional(),
		path: z.string().startsWith('/', 'must start with /'),
		count: positiveInt,
		status: z.number().int().min(400).max(599).optional(),
		delayMs: z.number().int().min(0).max(600_000).optional(),
		drop: z.boolean().optional(),
		afterHandling: z.boolean().optional(),
		skip: z.number().int().min(0).optional(),
	})
	.strict()
	.refine((fault) => fault.status !== undefined || fault.delayMs !== undefined || fault.drop === true, {
		message: 'give status, delayMs or drop: true',
	});

export const clockSchema = z.object({ advanceMs: z.number().int().min(0, 'must not be negative') }).strict();
