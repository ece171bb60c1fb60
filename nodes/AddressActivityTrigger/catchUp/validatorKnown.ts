/**
 * The watched L1 validators as the routes show them now (fee balance, active or not): what a
 * validator trigger records when its webhook starts or stops receiving, and what a catch-up compares
 * it with, since the history holds no transaction for a fee being paid or a validator disabled.
 */
import type { L1Validator } from '../../shared/model/pChainHistory';
import { fetchL1Validators } from '../../shared/service/primaryHistory';
import type { ValidatorWatch } from '../../shared/service/primaryNetworkWebhooks';
import type { ServiceCall, ServiceContext } from '../../shared/service/transport';
import type { Observation } from '../memory/primaryEvents';
import type { KnownValidators } from '../staticData/primaryCatchUp';

/** Whether the watch's fee balance alert or disabling needs what the trigger knew of its validators. */
export function watchesFeeBalances(watch: ValidatorWatch): boolean {
	return watch.subEvents.includes('l1_validator_balance_threshold') || watch.subEvents.includes('l1_validator_disabled');
}

/** Whether an event of this node on this subnet reaches the watch's webhook (its key and filters). */
export function watchedValidator(watch: ValidatorWatch, nodeId: string | null | undefined, subnetId: string | null | undefined): boolean {
	if (typeof nodeId !== 'string' || typeof subnetId !== 'string') return false;
	if ((watch.keyType === 'nodeId' ? nodeId : subnetId) !== watch.key) return false;
	if (watch.nodeIds.length > 0 && !watch.nodeIds.includes(nodeId)) return false;
	return watch.subnetIds.length === 0 || watch.subnetIds.includes(subnetId);
}

export interface ValidatorsNow {
	/** Every watched L1 validator the service lists, active or not, by validation ID. */
	all: Map<string, L1Validator>;
	/** Those listed as active; undefined when not read (the disabling is not watched). */
	active?: Set<string>;
	/** The P-Chain height they were read at, when the service says it. */
	height?: number;
}

/** The watched L1 validators now: every one (fee balances), and which are active when the disabling is watched. */
export async function readValidatorsNow(context: ServiceContext, watch: ValidatorWatch, call: ServiceCall): Promise<ValidatorsNow> {
	const of = watch.keyType === 'nodeId' ? { nodeId: watch.key } : { subnetId: watch.key };
	const read = await fetchL1Validators(context, watch.network, of, false, call);
	const listed = read.validators.filter((validator) => watchedValidator(watch, validator.nodeId, validator.subnetId));
	const all = new Map(listed.map((validator) => [validator.validationId, validator]));
	if (!watch.subEvents.includes('l1_validator_disabled')) return { all, height: read.blockHeight };
	const active = new Set((await fetchL1Validators(context, watch.network, of, true, call)).validators.map((validator) => validator.validationId));
	return { all, active, height: read.blockHeight };
}

/** Above the threshold: the next fall to or below it alerts. */
export function aboveThreshold(watch: ValidatorWatch, feeBalance: bigint): boolean {
	return watch.feeBalanceThresholdNavax !== undefined && feeBalance > BigInt(watch.feeBalanceThresholdNavax);
}

/**
 * What the trigger knows of its validators at `readAt` (seconds), to record: their fee balances,
 * and whether the fee balance alert and the disabling are still due. As read, unless the alert or
 * the disabling came since `previous` was recorded and no run of it is known (observed): then it
 * is still due, and the next catch-up puts it out.
 */
export function knownValidators(
	watch: ValidatorWatch,
	now: ValidatorsNow,
	readAt: number,
	previous?: { validators: KnownValidators; at: number; observed: (validationId: string, after: number) => Observation[] },
): KnownValidators {
	const known: KnownValidators = {};
	for (const [validationId, validator] of now.all) {
		const since = previous === undefined ? readAt : Math.floor(previous.at / 1000);
		const before = previous?.validators[validationId];
		const observed = previous === undefined ? [] : previous.observed(validationId, since - 1);
		let armed = before?.armed ?? false;
		let armedSince = before?.armedSince ?? since;
		let active = before?.active ?? false;
		let activeSince = before?.activeSince ?? since;
		for (const observation of observed) {
			if (observation.subEvent === 'l1_validator_balance_threshold') armed = false;
			else if (observation.feeBalance !== undefined && aboveThreshold(watch, BigInt(observation.feeBalance))) [armed, armedSince] = [true, observation.at];
			if (observation.subEvent === 'l1_validator_disabled' || observation.subEvent === 'l1_validator_removed') active = false;
			else if (observation.subEvent === 'l1_validator_balance_increased') [active, activeSince] = [true, observation.at];
		}
		// As read, unless a fall or a disabling since the last record is still due (no run of it known).
		if (aboveThreshold(watch, validator.remainingBalance)) [armed, armedSince] = [true, readAt];
		const activeNow = now.active === undefined ? (validator.weight ?? 1) > 0 && validator.remainingBalance > BigInt(0) : now.active.has(validationId);
		if (activeNow) [active, activeSince] = [true, readAt];
		if ((validator.weight ?? 1) === 0) [armed, active] = [false, false];
		known[validationId] = {
			nodeId: validator.nodeId,
			subnetId: validator.subnetId,
			feeBalance: validator.remainingBalance.toString(),
			...(now.height === undefined ? {} : { height: now.height }),
			active,
			activeSince,
			armed,
			armedSince,
		};
	}
	return known;
}
