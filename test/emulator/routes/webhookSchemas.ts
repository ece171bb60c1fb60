import { z } from 'zod';

import { addressSchema, eventSignatureSchema } from '../http/validation';

export const urlSchema = z.string({ invalid_type_error: 'must be a string' }).refine(
	(value) => {
		try {
			const url = new URL(value);
			return url.protocol === 'http:' || url.protocol === 'https:';
		} catch {
			return false;
		}
	},
	{ message: 'must be a URL address with http or https protocol' },
);

const chainIdSchema = z
	.string({ invalid_type_error: 'must be a string holding a decimal chain id, e.g. "43114"' })
	.regex(/^\d+$/, 'must be a string holding a decimal chain id, e.g. "43114"');

export const webhookStatusSchema = z.enum(['active', 'inactive'], {
	errorMap: () => ({ message: 'must be one of the following values: active, inactive' }),
});

export const nameSchema = z.string({ invalid_type_error: 'must be a string' }).max(256, 'must be at most 256 characters');
export const descriptionSchema = z.string({ invalid_type_error: 'must be a string' }).max(2048, 'must be at most 2048 characters');

const addressListSchema = z.array(addressSchema, { invalid_type_error: 'must be an array of addresses' });

/** Body of `POST /v1/webhooks`. */
export const createWebhookSchema = z
	.object({
		url: urlSchema,
		chainId: chainIdSchema,
		eventType: z.enum(['address_activity'], {
			errorMap: () => ({
				message: 'must be one of the following values: address_activity, primary_network_address_activity, validator_activity',
			}),
		}),
		includeInternalTxs: z.boolean({ invalid_type_error: 'must be a boolean value' }).optional(),
		includeLogs: z.boolean({ invalid_type_error: 'must be a boolean value' }).optional(),
		metadata: z
			.object({
				addresses: addressListSchema,
				eventSignatures: z
					.array(eventSignatureSchema, { invalid_type_error: 'must be an array of event signature hashes' })
					.optional(),
			})
			.strict(),
		name: nameSchema.optional(),
		description: descriptionSchema.optional(),
	})
	.strict();

/** Body of `PATCH /v1/webhooks/{id}`: eventSignatures and chainId cannot change. */
export const updateWebhookSchema = z
	.object({
		name: nameSchema.optional(),
		description: descriptionSchema.optional(),
		url: urlSchema.optional(),
		status: webhookStatusSchema.optional(),
		includeInternalTxs: z.boolean({ invalid_type_error: 'must be a boolean value' }).optional(),
		includeLogs: z.boolean({ invalid_type_error: 'must be a boolean value' }).optional(),
	})
	.strict();

/** Body of `PATCH` and `DELETE /v1/webhooks/{id}/addresses`. */
export const addressesBodySchema = z
	.object({ addresses: addressListSchema.min(1, 'must contain at least 1 address') })
	.strict();
