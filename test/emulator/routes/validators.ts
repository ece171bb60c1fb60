import { badRequest } from '../http/errors';
import type { RequestContext, Route } from '../http/router';
import { parseNodeId, parseSubnetId, type InvalidIdError } from '../primary/ids';
import {
	DELEGATION_FEE_PERCENT,
	delegationCapacity,
	l1ValidatorActive,
	l1ValidatorDetails,
	validationStatus,
	validatorDetails,
	type ValidationStatus,
} from '../primary/validatorShapes';
import { L1_WEIGHT, type Validation } from '../primary/validatorSet';
import { P_CHAIN_ID } from '../primary/vocabulary';
import { readEnumParam, walk } from './chainAccess';
import { readNetwork } from './primaryAccess';

const STATUSES = ['completed', 'active', 'pending', 'removed'] as const;
const SORT_BY = ['blockIndex', 'delegationCapacity', 'timeRemaining', 'delegationFee', 'uptimePerformance'] as const;

/** An identifier query parameter or path segment, refused with the service's 400 when malformed. */
function readId(name: string, raw: string, parse: (value: string) => string): string {
	try {
		return parse(raw);
	} catch (error) {
		// the parsers throw only their refusal (InvalidIdError), whose message says what the value is not
		throw badRequest(`${name} '${raw}' ${(error as InvalidIdError).message}`);
	}
}

/** An optional number, with its own pattern (digits for nAVAX amounts and seconds, a decimal for percentages). */
function readNumber(context: RequestContext, name: string, pattern: RegExp, what: string): number | undefined {
	const raw = context.query.get(name);
	if (raw === null || raw === '') return undefined;
	if (!pattern.test(raw)) throw badRequest(`${name} must be ${what} (got '${raw}')`);
	return Number(raw);
}

const DIGITS = /^\d{1,30}$/;
const DECIMAL = /^\d{1,3}(\.\d+)?$/;

/** The page of a list of validations by their position in the emulator's list (stable while more are added). */
function pageByPosition(context: RequestContext, validations: readonly Validation[], positions: number[], sortOrder: 'asc' | 'desc', render: (v: Validation) => unknown) {
	return context.page((cursor, pageSize) => {
		const kept = new Set(positions);
		const accept = (position: number) => kept.has(position);
		const walked =
			sortOrder === 'asc' ? walk(cursor ?? 0, validations.length, 1, pageSize, accept) : walk(cursor ?? validations.length - 1, -1, -1, pageSize, accept);
		return { items: walked.positions.map((position) => render(validations[position])), next: walked.next };
	});
}

/** Validators (validation periods from validator_stake activity) and L1 validators with their fee balances. */
export const validatorRoutes: Route[] = [
	{
		method: 'GET',
		path: '/v1/networks/{network}/validators',
		privilege: 'read',
		handle(context) {
			const network = readNetwork(context);
			const now = Math.floor(context.emulator.clock.now() / 1000);
			const nodeIds = context.query.get('nodeIds')?.split(',').map((id) => id.trim()).filter(Boolean).map((id) => readId('nodeIds', id, parseNodeId));
			const subnetId = readId('subnetId', context.query.get('subnetId') || P_CHAIN_ID, parseSubnetId);
			const status = readEnumParam(context, 'validationStatus', STATUSES);
			const sortBy = readEnumParam(context, 'sortBy', SORT_BY) ?? 'blockIndex';
			const sortOrder = readEnumParam(context, 'sortOrder', ['asc', 'desc'] as const) ?? 'desc';
			const minCapacity = readNumber(context, 'minDelegationCapacity', DIGITS, 'an amount in nAVAX, a string of digits');
			const maxCapacity = readNumber(context, 'maxDelegationCapacity', DIGITS, 'an amount in nAVAX, a string of digits');
			const minTime = readNumber(context, 'minTimeRemaining', DIGITS, 'a number of seconds');
			const maxTime = readNumber(context, 'maxTimeRemaining', DIGITS, 'a number of seconds');
			const minFee = readNumber(context, 'minFeePercentage', DECIMAL, 'a percentage');
			const maxFee = readNumber(context, 'maxFeePercentage', DECIMAL, 'a percentage');
			const minUptime = readNumber(context, 'minUptimePerformance', DECIMAL, 'a percentage');
			const maxUptime = readNumber(context, 'maxUptimePerformance', DECIMAL, 'a percentage');
			const within = (value: number, min?: number, max?: number) => (min === undefined || value >= min) && (max === undefined || value <= max);
			const all = context.emulator.validators.validations;
			const totalActiveStake = all
				.filter((v) => v.network === network && v.subnetId === subnetId && validationStatus(v, now) === 'active')
				.reduce((sum, v) => sum + v.amountStaked + v.amountDelegated, 0n);
			const positions = all
				.map((validation, position) => ({ validation, position }))
				.filter(({ validation: v }) => {
					const vStatus = validationStatus(v, now);
					return (
						v.network === network &&
						v.subnetId === subnetId &&
						(nodeIds === undefined || nodeIds.includes(v.nodeId)) &&
						(status === undefined || vStatus === status) &&
						within(Number(delegationCapacity(v)), minCapacity, maxCapacity) &&
						within(Math.max(v.endTimestamp - now, 0), minTime, maxTime) &&
						within(DELEGATION_FEE_PERCENT, minFee, maxFee) &&
						within(100, minUptime, maxUptime)
					);
				});
			const render = (v: Validation) => validatorDetails(v, now, totalActiveStake);
			let page: { items: unknown[]; nextPageToken?: string };
			if (sortBy === 'blockIndex' || sortBy === 'delegationFee' || sortBy === 'uptimePerformance') {
				// fee and uptime are the same for every emulated validator: their order is the stake transactions'
				page = pageByPosition(context, all, positions.map(({ position }) => position), sortOrder, render);
			} else {
				const key = (v: Validation) => (sortBy === 'timeRemaining' ? Math.max(v.endTimestamp - now, 0) : Number(delegationCapacity(v)));
				const sorted = positions.map(({ validation }) => validation).sort((a, b) => (sortOrder === 'asc' ? key(a) - key(b) : key(b) - key(a)));
				page = context.page((cursor = 0, pageSize) => ({
					items: sorted.slice(cursor, cursor + pageSize).map(render),
					next: cursor + pageSize < sorted.length ? cursor + pageSize : undefined,
				}));
			}
			return { body: { validators: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) } };
		},
	},
	{
		method: 'GET',
		path: '/v1/networks/{network}/validators/{nodeId}',
		privilege: 'read',
		handle(context) {
			const network = readNetwork(context);
			const nodeId = readId('nodeId', context.params.nodeId, parseNodeId);
			const now = Math.floor(context.emulator.clock.now() / 1000);
			const status: ValidationStatus | 'removed' | undefined = readEnumParam(context, 'validationStatus', STATUSES);
			const sortOrder = readEnumParam(context, 'sortOrder', ['asc', 'desc'] as const) ?? 'desc';
			const all = context.emulator.validators.validations;
			const totalActiveStake = all
				.filter((v) => v.network === network && v.subnetId === P_CHAIN_ID && validationStatus(v, now) === 'active')
				.reduce((sum, v) => sum + v.amountStaked + v.amountDelegated, 0n);
			const positions = all
				.map((validation, position) => ({ validation, position }))
				.filter(({ validation: v }) => v.network === network && v.nodeId === nodeId && (status === undefined || validationStatus(v, now) === status))
				.map(({ position }) => position);
			const page = pageByPosition(context, all, positions, sortOrder, (v) => validatorDetails(v, now, totalActiveStake));
			return { body: { validators: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) } };
		},
	},
	{
		method: 'GET',
		path: '/v1/networks/{network}/l1Validators',
		privilege: 'read',
		handle(context) {
			const network = readNetwork(context);
			const raw = (name: string) => context.query.get(name) || undefined;
			const nodeId = raw('nodeId') && readId('nodeId', raw('nodeId')!, parseNodeId);
			const subnetId = raw('subnetId') && readId('subnetId', raw('subnetId')!, parseSubnetId);
			const validationId = raw('l1ValidationId');
			const includeInactive = readEnumParam(context, 'includeInactiveL1Validators', ['true', 'false'] as const) === 'true';
			const validators = context.emulator.validators.l1Validators(network);
			const kept = validators.filter(
				(v) =>
					(includeInactive || l1ValidatorActive(v)) &&
					(nodeId === undefined || v.nodeId === nodeId) &&
					(subnetId === undefined || v.subnetId === subnetId) &&
					(validationId === undefined || v.validationId === validationId),
			);
			// L1 validators are kept in the order they were first seen: an offset stays stable while more arrive
			const page = context.page((cursor = 0, pageSize) => ({
				items: kept.slice(cursor, cursor + pageSize).map((v) => l1ValidatorDetails(v, v.removed ? 0 : L1_WEIGHT)),
				next: cursor + pageSize < kept.length ? cursor + pageSize : undefined,
			}));
			return {
				body: {
					validators: page.items,
					...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
					blockHeight: String(context.emulator.pChain.history.height(network)),
				},
			};
		},
	},
];
