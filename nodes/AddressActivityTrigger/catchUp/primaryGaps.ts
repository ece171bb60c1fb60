/**
 * Catching up after a gap, for a P-Chain or validator trigger: the EVM trigger's design (gaps.ts)
 * with times for positions, since the primary network's history is read by timestamp.
 * - Deactivation records where the gap starts: 30 s back when the webhook was receiving (a delivery
 *   still on its way is included; what this process put out since is recorded as seen), else the
 *   last mark (the service had stopped the webhook, unseen). A validator trigger that watches fee
 *   balances records its L1 validators as they are then (the history has no transaction for a fee
 *   being paid or a validator disabled: the catch-up compares with them).
 * - Activation, once the webhook receives (or in a process that has just started: n8n 1.x answered
 *   deliveries "starting up" before it): sends the trigger's own URL the signed catch-up request
 *   (primaryRun.ts puts the gap out in one run), and records the mark. Only when n8n accepted the
 *   run is the gap forgotten; this process then needs no heal.
 * - Webhook > Reactivate's resume form starts at the recorded gap or mark (primaryRun.ts).
 * Only these lifecycle methods write where catching up stands (../staticData/primaryCatchUp.ts); the
 * durable position of what ran (../staticData/primaryPosition.ts) is written by requests to the
 * trigger's URL too, and the lifecycle's copy, which n8n saves last, gets what they wrote.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { EVENT_TYPES } from '../../shared/model/primaryNetwork';
import { CATCH_UP_ANSWER_MS, CATCH_UP_EVENT, postCatchUpRequest } from '../../shared/service/catchUpRequest';
import { fetchPChainHeight } from '../../shared/service/primaryHistory';
import type { PrimaryNetworkWatch } from '../../shared/service/primaryNetworkWebhooks';
import type { ServiceCall } from '../../shared/service/transport';
import { fetchSharedSecret } from '../../shared/service/webhooks';
import { credentialKey, knownSharedSecret } from '../../shared/memory/sharedSecrets';
import { positionMemoryFor } from '../memory/positionMemory';
import { primaryEventWindowFor } from '../memory/primaryEvents';
import { catchUpLimitMs } from '../parameters/readParameters';
import { mergedPositions, readPosition } from '../staticData/position';
import { markedStart, PRIMARY_SLOT, storedPosition, storePosition } from '../staticData/positionSlots';
import { recordRunsInLifecycle } from '../staticData/positionWrites';
import { primaryCatchUpOf, savePrimaryCatchUp, type KnownValidators, type PrimaryCatchUpState } from '../staticData/primaryCatchUp';
import type { PrimaryCatchUpRequest } from './primaryRequest';
import { knownValidators, readValidatorsNow, watchesFeeBalances } from './validatorKnown';

/** How far back from deactivation the gap starts: the service waits 10 s per attempt, and deliveries queue behind each other. */
const IN_FLIGHT_SECONDS = 30;
/** With less time left no catch-up request is sent (its read alone may take 30 s): the gap is kept for the next activation. */
const CATCH_UP_REQUEST_MIN_MS = 40_000;

type Gap = NonNullable<PrimaryCatchUpState['gap']>;

const seconds = (ms: number) => Math.floor(ms / 1000);

function applies(context: IHookFunctions): boolean {
	return context.getMode() !== 'manual' && catchUpLimitMs(context) > 0;
}

function warn(context: IHookFunctions, message: string): void {
	context.logger.warn(`Address Activity Trigger (workflow ${context.getWorkflow().id}, node "${context.getNode().name}"): ${message}`);
}

/** A gap that began unseen: after the last mark. */
function sinceMark(state: PrimaryCatchUpState): Gap | undefined {
	const { mark } = state;
	return mark === undefined ? undefined : { from: seconds(mark.at), at: mark.at, afterHeight: mark.height, validators: mark.validators, seen: [] };
}

/**
 * The P-Chain's height now, and the watched L1 validators as they are now when the watch needs them
 * (within `call`; their list says the height it was read at).
 */
async function positionNow(
	context: IHookFunctions,
	watch: PrimaryNetworkWatch,
	call: ServiceCall,
	previous?: { validators: KnownValidators; at: number; url: string },
): Promise<{ height?: number; validators?: KnownValidators }> {
	if (watch.eventType !== EVENT_TYPES.validatorActivity || !watchesFeeBalances(watch)) return { height: await fetchPChainHeight(context, watch.network, call) };
	const now = await readValidatorsNow(context, watch, call);
	const readAt = seconds(Date.now());
	const window = previous === undefined ? undefined : primaryEventWindowFor(previous.url);
	const observed = window === undefined ? undefined : { ...previous!, observed: window.observedAfter.bind(window) };
	return { height: now.height, validators: knownValidators(watch, now, readAt, observed) };
}

/** Before deactivation stops the webhook: where the gap starts (reads within `call`, the lifecycle budget). */
export async function primaryGapStart(context: IHookFunctions, watch: PrimaryNetworkWatch, url: string, receiving: boolean, call: ServiceCall): Promise<Gap | undefined> {
	if (!applies(context)) return undefined;
	const state = primaryCatchUpOf(context.getWorkflowStaticData('node'));
	if (state.gap !== undefined) return state.gap;
	if (!receiving) return sinceMark(state);
	const now = Date.now();
	const from = Math.max(seconds(now) - IN_FLIGHT_SECONDS, state.mark === undefined ? 0 : seconds(state.mark.at));
	let validators: KnownValidators | undefined;
	try {
		// The height is the mark's: the gap begins after it (also for the last 30 s).
		const previous = state.mark?.validators === undefined ? undefined : { validators: state.mark.validators, at: state.mark.at, url };
		if (watch.eventType === EVENT_TYPES.validatorActivity && watchesFeeBalances(watch)) validators = (await positionNow(context, watch, call, previous)).validators;
	} catch (error) {
		warn(context, `could not read the L1 validators at deactivation (${(error as Error).message}); the next activation compares their fee balances with the last activation's instead`);
		return sinceMark(state) ?? { from, at: now, seen: [] };
	}
	return { from, at: now, afterHeight: state.mark?.height, validators, seen: [] };
}

/** After deactivation stopped the webhook: records the gap with what this process already put out of it. */
export function recordPrimaryGap(context: IHookFunctions, url: string, gap: Gap | undefined): void {
	if (gap === undefined) return;
	const state = primaryCatchUpOf(context.getWorkflowStaticData('node'));
	const seen = new Set([...gap.seen, ...primaryEventWindowFor(url).since(gap.from)]);
	savePrimaryCatchUp(context, { ...state, gap: { ...gap, seen: [...seen] } });
}

/**
 * At the end of a publication or unpublication (n8n saves its copy last): the durable position in
 * its copy gets what this process ran and has not seen recorded, and what `answered` (the catch-up
 * request's answer) wrote.
 */
export function recordPrimaryRuns(context: IHookFunctions, url: string, answered?: unknown): void {
	if (!applies(context)) return;
	const data = context.getWorkflowStaticData('node');
	const holder: { position?: unknown } = { position: storedPosition(data, PRIMARY_SLOT) };
	const before = holder.position;
	const written = readPosition(answered);
	if (written !== undefined) {
		const all = { now: Date.now(), horizonMs: Number.POSITIVE_INFINITY, maxTransactions: Number.POSITIVE_INFINITY };
		holder.position = mergedPositions(readPosition(holder.position), written, all);
	}
	recordRunsInLifecycle(context, holder, markedStart(data, PRIMARY_SLOT), url, PRIMARY_SLOT);
	if (holder.position !== before && holder.position !== undefined) storePosition(data, PRIMARY_SLOT, holder.position as IDataObject);
}

/** Sends the catch-up request to the trigger's own URL; accepted when n8n accepted (or had nothing to run), with its answer. */
async function requestCatchUp(
	context: IHookFunctions,
	url: string,
	body: PrimaryCatchUpRequest,
	verify: boolean,
	budget: { call: ServiceCall; ends: number },
): Promise<{ accepted: boolean; answer?: unknown }> {
	const wait = Math.min(CATCH_UP_ANSWER_MS, budget.ends - Date.now());
	if (wait < CATCH_UP_REQUEST_MIN_MS) {
		warn(context, `too little of n8n's time for an activation is left to catch up (${Math.max(0, Math.round(wait / 1000))} s left, ${CATCH_UP_REQUEST_MIN_MS / 1000} s needed); the gap is kept for the next activation`);
		return { accepted: false };
	}
	try {
		const secret = knownSharedSecret(credentialKey(context)) ?? (verify ? await fetchSharedSecret.call(context, budget.call) : undefined);
		const response = await postCatchUpRequest(context, url, body, secret, wait);
		if (response.statusCode >= 200 && response.statusCode < 300) return { accepted: true, answer: response.body };
		warn(context, `n8n answered the catch-up request with ${response.statusCode} (${JSON.stringify(response.body ?? '').slice(0, 300)}); the next activation tries again`);
	} catch (error) {
		warn(context, `could not send the catch-up request to ${url} (${(error as Error).message}); the next activation tries again`);
	}
	return { accepted: false };
}

/**
 * Once the webhook receives again (activation): catches up on a recorded gap, or on one that began
 * unseen when the webhook was found not receiving; then marks where receiving resumed (with the
 * L1 validators as they are then).
 */
export async function primaryCatchUpAfterActivation(
	context: IHookFunctions,
	watch: PrimaryNetworkWatch,
	receiving: { url: string; webhookId: string; wasReceiving: boolean; verifySignature: boolean },
	budget: { call: ServiceCall; ends: number },
): Promise<void> {
	if (!applies(context)) return;
	const { url, webhookId, wasReceiving } = receiving;
	const data = context.getWorkflowStaticData('node');
	const state = primaryCatchUpOf(data);
	// A process that has not caught up since it started catches up from the mark when the position
	// records runs (n8n 1.x activates at its start, after answering deliveries "starting up").
	const memory = positionMemoryFor(url, PRIMARY_SLOT);
	const starting = memory.heal !== 'done' && storedPosition(data, PRIMARY_SLOT) !== undefined;
	const gap = state.gap ?? (wasReceiving && !starting ? undefined : sinceMark(state));
	let validators: KnownValidators | undefined;
	let height: number | undefined;
	try {
		({ validators, height } = await positionNow(context, watch, budget.call));
	} catch (error) {
		warn(context, `could not read the P-Chain's height or the L1 validators at activation (${(error as Error).message}); the next activation tries again`);
		// Kept: once receiving, the next activation no longer sees a gap that began unseen.
		if (gap !== undefined) savePrimaryCatchUp(context, { ...state, gap });
		return;
	}
	const now = Date.now();
	if (gap !== undefined) {
		const limit = catchUpLimitMs(context);
		const tooLong = gap.at === null || now - gap.at > limit;
		const body: PrimaryCatchUpRequest = {
			eventType: CATCH_UP_EVENT,
			messageId: `catch-up:${webhookId}:t${gap.from}-${seconds(now)}:${now}`,
			webhookId,
			primaryCatchUp: {
				from: gap.from,
				gapStartedAt: gap.at,
				...(gap.afterHeight === undefined ? {} : { afterHeight: gap.afterHeight }),
				notBefore: tooLong ? seconds(now - limit) : null,
				validators: gap.validators,
				seen: gap.seen,
				startUnseen: state.gap === undefined,
			},
			answerWithPosition: true,
		};
		const result = await requestCatchUp(context, url, body, receiving.verifySignature, budget);
		if (!result.accepted) {
			savePrimaryCatchUp(context, { ...state, gap });
			return;
		}
		recordPrimaryRuns(context, url, (result.answer as { position?: unknown } | undefined)?.position);
	}
	// Caught up to the new mark: nothing before it is left for this process's heal.
	memory.heal = 'done';
	savePrimaryCatchUp(context, { mark: { at: now, ...(height === undefined ? {} : { height }), ...(validators === undefined ? {} : { validators }) } });
}
