import { z } from 'zod';

import { eventSignatureSchema } from '../http/validation';
import { nameSchema, descriptionSchema, urlSchema } from '../routes/webhookSchemas';
import { parseNodeId, parsePChainAddress, parseSubnetId } from './ids';
import {
	ADDRESS_SUB_EVENTS,
	BALANCE_TYPES,
	NETWORKS,
	P_CHAIN_ID,
	VALIDATOR_KEY_TYPES,
	VALIDATOR_SUB_EVENTS,
	VALIDATOR_THRESHOLD_ALIAS,
	type PrimaryNetwork,
} from './vocabulary';

// Bodies of POST /v1/webhooks for the two primary-network event types, field for field as the
// vendor SDK (0.3.13) models them; checks the SDK leaves to the service are listed in SERVICE.md.

const oneOf = (values: readonly string[]) => ({
	errorMap: (_issue: unknown, context: { data: unknown }) => ({
		message: `must be one of the following values: ${values.join(', ')} (got ${JSON.stringify(context.data)})`,
	}),
});

export const networkSchema = z.enum(NETWORKS, oneOf(NETWORKS));
export const balanceTypeSchema = z.enum(BALANCE_TYPES, oneOf(BALANCE_TYPES));

/** A whole number of nAVAX written as digits, as the SDK's threshold fields carry it. */
export const navaxSchema = z
	.string({ invalid_type_error: 'must be a string of digits: an amount in nAVAX (1 AVAX = 1000000000 nAVAX)' })
	.regex(/^\d{1,30}$/, 'must be a string of digits: an amount in nAVAX (1 AVAX = 1000000000 nAVAX)');

const stringList = (what: string) => z.array(z.string({ invalid_type_error: 'must be a string' }), { invalid_type_error: `must be an array of ${what}` });

const subEventList = <T extends readonly [string, ...string[]]>(values: T) =>
	z.array(z.enum(values, oneOf(values)), { invalid_type_error: 'must be an array of sub-events' }).min(1, 'must contain at least 1 sub-event');

const eventSignaturesSchema = z
	.array(eventSignatureSchema, { invalid_type_error: 'must be an array of event signature hashes' })
	.optional();

/** Runs one of the identifier parsers of ./ids; its refusal becomes an issue on `path`. */
export function check(context: z.RefinementCtx, path: (string | number)[], parse: () => unknown): void {
	try {
		parse();
	} catch (error) {
		context.addIssue({ code: z.ZodIssueCode.custom, path, message: `'${String((error as { value?: unknown }).value)}' ${(error as Error).message}` });
	}
}

/** A P-Chain address of `network`, or an issue on `path`. */
export function checkPChainAddress(context: z.RefinementCtx, path: (string | number)[], value: string, network: PrimaryNetwork): void {
	check(context, path, () => parsePChainAddress(value, network));
}

export const primaryNetworkAddressActivitySchema = z
	.object({
		eventType: z.literal('primary_network_address_activity'),
		url: urlSchema,
		name: nameSchema.optional(),
		description: descriptionSchema.optional(),
		network: networkSchema,
		chainId: z.string({ invalid_type_error: 'must be a string' }).refine((value) => value === P_CHAIN_ID, {
			message: `must be the P-Chain's blockchain ID ${P_CHAIN_ID} (the same on mainnet and fuji)`,
		}),
		metadata: z
			.object({
				keyType: z.enum(['addresses'], oneOf(['addresses'])),
				keys: stringList('P-Chain addresses').min(1, 'must contain at least 1 P-Chain address'),
				subEvents: z.object({ addressActivitySubEvents: subEventList(ADDRESS_SUB_EVENTS) }).strict(),
				balanceThresholdFilter: z.object({ balanceType: balanceTypeSchema, balanceThreshold: navaxSchema }).strict().optional(),
				eventSignatures: eventSignaturesSchema,
			})
			.strict(),
	})
	.strict()
	.superRefine((body, context) => {
		body.metadata.keys.forEach((key, index) => checkPChainAddress(context, ['metadata', 'keys', index], key, body.network));
		if (body.metadata.subEvents.addressActivitySubEvents.includes('balance_threshold') && !body.metadata.balanceThresholdFilter) {
			context.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['metadata', 'balanceThresholdFilter'],
				message: 'is required when metadata.subEvents.addressActivitySubEvents contains balance_threshold',
			});
		}
	});

const validatorSubEvents = [...VALIDATOR_SUB_EVENTS, VALIDATOR_THRESHOLD_ALIAS] as const;

export const validatorActivitySchema = z
	.object({
		eventType: z.literal('validator_activity'),
		url: urlSchema,
		name: nameSchema.optional(),
		description: descriptionSchema.optional(),
		network: networkSchema,
		metadata: z
			.object({
				keyType: z.enum(VALIDATOR_KEY_TYPES, oneOf(VALIDATOR_KEY_TYPES)),
				keys: stringList('node or subnet IDs').length(1, 'must contain exactly one key: validator_activity watches one node ID or one subnet ID'),
				subEvents: z.object({ validatorActivitySubEvents: subEventList(validatorSubEvents) }).strict(),
				nodeIds: stringList('node IDs').optional(),
				subnetIds: stringList('subnet IDs').optional(),
				l1ValidatorFeeBalanceThreshold: navaxSchema.optional(),
				eventSignatures: eventSignaturesSchema,
			})
			.strict(),
	})
	.strict()
	.superRefine(({ metadata }, context) => {
		const parseKey = metadata.keyType === 'nodeId' ? parseNodeId : parseSubnetId;
		metadata.keys.forEach((key, index) => check(context, ['metadata', 'keys', index], () => parseKey(key)));
		metadata.nodeIds?.forEach((id, index) => check(context, ['metadata', 'nodeIds', index], () => parseNodeId(id)));
		metadata.subnetIds?.forEach((id, index) => check(context, ['metadata', 'subnetIds', index], () => parseSubnetId(id)));
		const subEvents: string[] = metadata.subEvents.validatorActivitySubEvents;
		const wantsThreshold = subEvents.includes('l1_validator_balance_threshold') || subEvents.includes(VALIDATOR_THRESHOLD_ALIAS);
		if (wantsThreshold && metadata.l1ValidatorFeeBalanceThreshold === undefined) {
			context.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['metadata', 'l1ValidatorFeeBalanceThreshold'],
				message: 'is required when metadata.subEvents.validatorActivitySubEvents contains l1_validator_balance_threshold',
			});
		}
	});

export type PrimaryNetworkAddressActivityBody = z.infer<typeof primaryNetworkAddressActivitySchema>;
export type ValidatorActivityBody = z.infer<typeof validatorActivitySchema>;

/** Body of PATCH and DELETE /v1/webhooks/{id}/addresses for a primary_network_address_activity webhook. */
export const pChainAddressesBodySchema = (network: PrimaryNetwork) =>
	z
		.object({ addresses: stringList('P-Chain addresses').min(1, 'must contain at least 1 address') })
		.strict()
		.superRefine((body, context) =>
			body.addresses.forEach((address, index) => checkPChainAddress(context, ['addresses', index], address, network)),
		);
