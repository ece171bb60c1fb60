/**
 * Catching up after a gap in what the webhook received.
 *
 * Design. n8n lets a webhook trigger put out items only from webhook(), saves static data whole
 * (last writer wins) and gives the trigger no hook when the service deactivates or deletes its
 * webhook or when n8n is down. So:
 * - Each chain catches up on its own (its webhook, its blocks).
 * - Where a gap starts lives in static data (per chain), written only by the lifecycle methods (n8n runs them
 *   one at a time in the main process; the delivery path writes nothing): deactivation records the
 *   first block of the last 30 s before it stops the webhook (`gap`); every activation records the head once the
 *   webhook receives again (`mark`). A gap whose start no method saw (the service deactivated or
 *   deleted the webhook, n8n was down past the retries) starts at the last `mark`, found when an
 *   activation meets the webhook not receiving.
 * - When the webhook receives again, activation sends the trigger's own URL a signed catch-up
 *   request naming the blocks (run.ts). n8n runs webhook() for it, which reads the gap from
 *   chain data and starts one run with the missed transfers, marked `catchUp: true`. Only when n8n
 *   accepted that run is the gap forgotten; otherwise the next activation tries again.
 * - When no activation comes (the service turned the webhook off while the workflow stayed
 *   published), Webhook > Reactivate turns it on and sends the same request in a resume form
 *   (resume.ts): the gap then starts at the recorded gap or mark, which it cannot advance.
 * - A transaction met both live and in the catch-up (at the gap's edges) runs once: a process
 *   remembers what it put out (../memory/transactionWindows.ts), and deactivation copies what a
 *   catch-up may meet into the gap. Across webhook processes, or an n8n restart after a gap that
 *   started unseen, such a transaction can run twice: the exactly-once recipe (Postgres) removes those.
 */
import type { IHookFunctions } from 'n8n-workflow';

import { fetchFirstBlockSince, fetchHeadBlock } from '../../shared/service/chainData';
import { CATCH_UP_ANSWER_MS, CATCH_UP_EVENT, postCatchUpRequest } from '../../shared/service/catchUpRequest';
import type { ServiceCall } from '../../shared/service/transport';
import { fetchSharedSecret } from '../../shared/service/webhooks';
import { credentialKey, knownSharedSecret } from '../../shared/memory/sharedSecrets';
import { positionMemoryFor } from '../memory/positionMemory';
import { transactionWindowFor } from '../memory/transactionWindows';
import { catchUpLimitMs, type TriggerParameters } from '../parameters/readParameters';
import type { CatchUpState, ChainState } from '../staticData/chainStates';
import { mergedPositions, readPosition, recordStart } from '../staticData/position';
import type { CatchUpRequest } from './request';

/** How far back from deactivation the gap starts: the service waits 10 s per attempt, and deliveries queue behind each other. */
const IN_FLIGHT_MS = 30_000;
/**
 * n8n 2.x gives an activation 84 s, and its calls to the service end 45 s after its start (the
 * lifecycle budget, `call.deadline`): the catch-ups of all chains end 35 s later, 80 s after the start.
 */
const CATCH_UP_AFTER_BUDGET_MS = 35_000;
/** With less time left no catch-up request is sent (its read alone may take 30 s): the gap is kept for the next activation. */
const CATCH_UP_REQUEST_MIN_MS = 40_000;

/** When the catch-ups of an activation must have ended, from the deadline of its calls to the service. */
export function catchUpDeadline(lifecycleDeadline: number | undefined): number {
	return lifecycleDeadline === undefined ? Date.now() + CATCH_UP_ANSWER_MS : lifecycleDeadline + CATCH_UP_AFTER_BUDGET_MS;
}

function catchUpState(chain: ChainState): CatchUpState {
	chain.catchUp ??= {};
	return chain.catchUp;
}

function applies(context: IHookFunctions): boolean {
	return context.getMode() !== 'manual' && catchUpLimitMs(context) > 0;
}

/** A gap that began unseen: after the head read once the webhook last received again. */
function sinceMark(state: CatchUpState): { fromBlock: number; at: number } | undefined {
	return state.mark === undefined ? undefined : { fromBlock: state.mark.block + 1, at: state.mark.at };
}

function warn(context: IHookFunctions, message: string): void {
	context.logger.warn(`Address Activity Trigger (workflow ${context.getWorkflow().id}, node "${context.getNode().name}"): ${message}`);
}

/**
 * Before deactivation stops the webhook: where the gap starts. The first block of the last 30 s
 * when the webhook was receiving; the last mark when it was not (the service had stopped it, unseen).
 * The read is one of deactivation's calls to the service (`call`, the lifecycle budget).
 */
export async function gapStart(
	context: IHookFunctions,
	chain: ChainState,
	chainId: string,
	receiving: boolean,
	call: ServiceCall,
): Promise<{ fromBlock: number; at: number | null } | undefined> {
	if (!applies(context)) return undefined;
	const state = catchUpState(chain);
	if (state.gap !== undefined) return state.gap;
	if (!receiving) return sinceMark(state);
	try {
		// A delivery still on its way when the webhook is deleted is refused: start the gap 30 s
		// back (what this process put out since is recorded as seen and not repeated), but not before
		// the webhook last began receiving.
		const since = await fetchFirstBlockSince(context, chainId, Date.now() - IN_FLIGHT_MS, call);
		return { fromBlock: Math.max(since, state.mark === undefined ? 0 : state.mark.block + 1), at: Date.now() };
	} catch (error) {
		warn(context, `could not read the head of chain ${chainId} at deactivation (${(error as Error).message}); the next activation catches up from the last activation instead`);
		return sinceMark(state);
	}
}

/** After deactivation stopped the webhook: records the gap with what this process already put out of it. */
export function recordGap(chain: ChainState, chainId: string, url: string, gap: { fromBlock: number; at: number | null } | undefined): void {
	if (gap === undefined) return;
	const seen = new Set([...((gap as CatchUpState['gap'])?.seen ?? []), ...transactionWindowFor(url, chainId).since(gap.fromBlock)]);
	catchUpState(chain).gap = { fromBlock: gap.fromBlock, at: gap.at, seen: [...seen] };
}

/** The shared secret to sign with: as this process knows it, or read (within `call`) when deliveries are verified. */
async function sharedSecret(context: IHookFunctions, verify: boolean, call: ServiceCall): Promise<string | undefined> {
	return knownSharedSecret(credentialKey(context)) ?? (verify ? await fetchSharedSecret.call(context, call) : undefined);
}

/**
 * Sends the catch-up request to the trigger's own URL; true when n8n accepted (or had nothing to run).
 * When the wait runs out n8n may still start the run: the gap is kept all the same, so nothing is
 * lost. The next activation asks again; in the process that ran it, the transactions it put out are
 * skipped (../memory/transactionWindows.ts); in another process, or after a restart, they run again.
 */
async function requestCatchUp(
	context: IHookFunctions,
	url: string,
	body: CatchUpRequest,
	verify: boolean,
	budget: { call: ServiceCall; ends: number },
): Promise<{ accepted: boolean; answer?: unknown }> {
	const { call, ends } = budget;
	const wait = Math.min(CATCH_UP_ANSWER_MS, ends - Date.now());
	if (wait < CATCH_UP_REQUEST_MIN_MS) {
		const left = `${Math.max(0, Math.round(wait / 1000))} s left, ${CATCH_UP_REQUEST_MIN_MS / 1000} s needed`;
		warn(context, `too little of n8n's time for an activation is left to catch up on chain ${body.chainId} (${left}); the gap is kept for the next activation`);
		return { accepted: false };
	}
	try {
		const response = await postCatchUpRequest(context, url, body, await sharedSecret(context, verify, call), wait);
		if (response.statusCode >= 200 && response.statusCode < 300) return { accepted: true, answer: response.body };
		warn(context, `n8n answered the catch-up request with ${response.statusCode} (${JSON.stringify(response.body ?? '').slice(0, 300)}); the next activation tries again`);
	} catch (error) {
		warn(context, `could not send the catch-up request to ${url} (${(error as Error).message}); the next activation tries again`);
	}
	return { accepted: false };
}

/**
 * Where this activation catches up from: the durable position when there is one (always in a
 * process that has not caught up since it started: n8n 1.x activates at its start, after answering
 * "starting up"), else a recorded gap, else (the webhook was found not receiving) the last mark.
 */
function gapToCatchUp(chain: ChainState, state: CatchUpState, receiving: { url: string; chainId: string; wasReceiving: boolean }, decodedEvents: boolean): CatchUpState['gap'] | undefined {
	const { url, chainId, wasReceiving } = receiving;
	const position = readPosition(chain.position);
	// Decoded Events cannot be caught up (chain data carries no logs): only a gap is reported.
	const starting = positionMemoryFor(url, chainId).heal !== 'done' && !decodedEvents;
	if (state.gap === undefined && wasReceiving && !(starting && position !== undefined)) return undefined;
	return position !== undefined ? recordStart(position, state.mark) : (state.gap ?? sinceMark(state));
}

/**
 * Once the webhook receives again (activation): catches up on a recorded gap, or on one that began
 * unseen when the webhook was found not receiving; then marks where receiving resumed. Its reads
 * are activation's calls to the service (`call`, the lifecycle budget); the catch-up request's wait
 * ends at `ends`.
 */
export async function catchUpAfterActivation(
	context: IHookFunctions,
	chain: ChainState,
	parameters: TriggerParameters,
	receiving: { chainId: string; url: string; webhookId: string; wasReceiving: boolean },
	budget: { call: ServiceCall; ends: number },
): Promise<void> {
	if (!applies(context)) return;
	const { chainId, url, webhookId } = receiving;
	const state = catchUpState(chain);
	const gap = gapToCatchUp(chain, state, receiving, parameters.output === 'decodedEvents');
	let head: number;
	try {
		head = (await fetchHeadBlock(context, chainId, budget.call)).number;
	} catch (error) {
		warn(context, `could not read the head of chain ${chainId} to catch up (${(error as Error).message}); the next activation tries again`);
		// Kept: once receiving, the next activation no longer sees a gap that began unseen.
		if (gap !== undefined) state.gap = { ...gap };
		return;
	}
	const now = Date.now();
	if (gap !== undefined) {
		const limit = catchUpLimitMs(context);
		const tooLong = gap.at === null || now - gap.at > limit;
		const body: CatchUpRequest = {
			eventType: CATCH_UP_EVENT,
			messageId: `catch-up:${webhookId}:${gap.fromBlock}-${head}:${now}`,
			webhookId,
			chainId,
			catchUp: {
				fromBlock: gap.fromBlock,
				toBlock: head,
				gapStartedAt: gap.at,
				notBefore: tooLong ? now - limit : null,
				includeInternalTxs: parameters.includeInternalTxs,
				seen: gap.seen ?? [],
				...(chain.position !== undefined ? { startUnseen: true, startRecorded: true } : {}),
			},
			answerWithPosition: true,
		};
		const result = await requestCatchUp(context, url, body, parameters.verifySignature, budget);
		if (!result.accepted) {
			state.gap = { ...gap };
			return;
		}
		// The catch-up wrote what it put out; n8n saves this publication's copy last, so it keeps that too.
		const answered = readPosition((result.answer as { position?: unknown } | undefined)?.position);
		const merged = mergedPositions(readPosition(chain.position), answered, { now, horizonMs: Number.POSITIVE_INFINITY, maxTransactions: Number.POSITIVE_INFINITY });
		if (merged !== undefined) chain.position = merged;
		positionMemoryFor(url, chainId).heal = 'done';
	}
	delete state.gap;
	state.mark = { block: head, at: now };
}
