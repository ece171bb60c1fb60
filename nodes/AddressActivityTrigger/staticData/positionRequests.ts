/**
 * The requests the trigger sends its own URL for the durable position, signed as deliveries are, by
 * a task that outlives the request that started it (it waits with n8n-workflow's `sleep`):
 * - a flush, a second after a write, with what this process ran and has not seen recorded; any
 *   process that gets it writes it and closes this process's window (positionWrites.ts). Sent again
 *   until one finds everything recorded and settled (SETTLE_MS after the runs), so a lost or
 *   overwritten write is made good;
 * - a heal, from a process that has just started (nothing in its memory for this URL and chain):
 *   n8n may have answered deliveries for it with "starting up" and run nothing, so it asks for a
 *   catch-up from the durable position (../catchUp/resume.ts), once the other processes' writes are due.
 */
import { sleep } from 'n8n-workflow';
import type { IWebhookFunctions } from 'n8n-workflow';

import { credentialKey, knownSharedSecret } from '../../shared/memory/sharedSecrets';
import { CATCH_UP_EVENT, postCatchUpRequest } from '../../shared/service/catchUpRequest';
import { fetchHeadBlock } from '../../shared/service/chainData';
import { inBlockTime, positionMemoryFor, positionTasksSignal, processStartedAt, WRITER, type PositionMemory, type RanTransaction } from '../memory/positionMemory';
import { FLUSH_LANDS_MS, SETTLE_MS, WRITE_INTERVAL_MS } from './positionWrites';

/** A flush's transactions: [block, time (unix seconds), hash]. */
export type FlushedTransaction = [number, number, string];

export interface FlushRequest {
	eventType: typeof CATCH_UP_EVENT;
	messageId: string;
	webhookId: string;
	chainId: string;
	flush: { writer: string; transactions: FlushedTransaction[] };
}

export interface HealRequest {
	eventType: typeof CATCH_UP_EVENT;
	messageId: string;
	webhookId: string;
	chainId: string;
	/**
	 * Catch up on what was made before this time (ms), up to `toBlock`, the chain's head when the
	 * process asked (read then, so the cut is the chain's own and a block time ahead of this
	 * machine's clock cannot leave a transfer out): later transactions come live.
	 */
	heal: {
		madeBefore: number;
		toBlock?: number;
		/**
		 * Block times (ms) in which the process this one replaced may have run transactions whose
		 * record it did not get saved before it stopped: the catch-up marks those it puts out.
		 */
		predecessorRan?: [number, number];
	};
}

/** Flushes sent in a row before this process gives up until its next run (the record then keeps its window open). */
const FLUSH_ATTEMPTS = 5;
/** How long a flush or heal waits for n8n's answer. */
const ANSWER_MS = 30_000;
/** A heal is sent this often before it waits for a later request; the first wait between two is HEAL_AGAIN_MS, doubling. */
const HEAL_ATTEMPTS = 4;
const HEAL_AGAIN_MS = 3000;

/** Whether an answer is the trigger's (every answer of it says `received`), not n8n's "starting up" or a proxy's. */
function answeredByTrigger(body: unknown): boolean {
	return typeof body === 'object' && body !== null && 'received' in body;
}

/** A heal that failed is tried again at a request this much later. */
const HEAL_RETRY_MS = 30_000;
/**
 * A heal marks what the catch-up puts out that was made this long before this process started
 * (and not recorded): the process it replaced may have run it and stopped before n8n saved the
 * record (n8n saves a request's static data only after the run exists).
 */
const PREDECESSOR_MS = 60_000;
/**
 * Block times are whole seconds, and a block may be stamped a second or more after its parent
 * whatever the clock says: the window reaches this much past the start, so that the last runs of
 * the process it replaced fall inside it (what n8n swallowed in those seconds is marked too).
 */
const BLOCK_TIME_SLACK_MS = 2000;
/**
 * The block times in which the process this one replaced may have run what the record lacks: the
 * minute before this process started, placed by how far block times ran ahead of this machine's
 * clock. Read after the heal's wait, so that fresh deliveries count: the first ones after a
 * restart are often retries, late against their block time, which alone would place the
 * predecessor's last runs after the window; the head's time when the heal began counts too.
 */
function predecessorWindow(memory: PositionMemory, headAhead: number): [number, number] {
	const started = processStartedAt();
	const [since, until] = inBlockTime(memory, started - PREDECESSOR_MS, started);
	return [since, Math.max(until, started + headAhead) + BLOCK_TIME_SLACK_MS];
}

/** How long a heal waits for the chain's head when it starts. */
const HEAL_HEAD_MS = 10_000;

interface Target {
	url: string;
	chainId: string;
	webhookId: string;
}

function signingSecret(context: IWebhookFunctions): string | undefined {
	return knownSharedSecret(credentialKey(context));
}

function warn(context: IWebhookFunctions, message: string): void {
	context.logger.warn(`Address Activity Trigger (workflow ${context.getWorkflow().id}, node "${context.getNode().name}"): ${message}`);
}

function readyTransactions(memory: PositionMemory, now: number): Array<RanTransaction & { readyAt: number }> {
	return [...memory.unrecorded.values()].filter((transaction) => transaction.readyAt <= now);
}

/**
 * When the next flush is due: a second after this process's last run (while runs go on, their own
 * writes keep the record), once every run of it can be written (n8n 1.x: once they exist), and
 * later after each attempt that did not find everything recorded.
 */
function nextFlushIn(memory: PositionMemory, now: number, attempt: number): number {
	const waiting = [...memory.unrecorded.values()].map((transaction) => transaction.readyAt).filter((at) => at > now && Number.isFinite(at));
	return Math.max(WRITE_INTERVAL_MS * 2 ** attempt, memory.lastRunAt + WRITE_INTERVAL_MS - now, ...waiting.map((at) => at - now + 100));
}

/** How long until every run this process holds has settled (SETTLE_MS after it could be written). */
function settledIn(memory: PositionMemory, now: number): number {
	const readyAt = [...memory.unrecorded.values()].map((transaction) => transaction.readyAt).filter((at) => Number.isFinite(at));
	return Math.max(0, ...readyAt.map((at) => at + SETTLE_MS - now)) + 100;
}

/**
 * One flush: 'done' when the record held everything and every run has settled (nothing left to
 * do), 'unsettled' when it held everything but an older copy may still undo some of it, 'failed'
 * when it did not hold everything (the receiver wrote it, or could not).
 */
async function flushOnce(context: IWebhookFunctions, target: Target, memory: PositionMemory): Promise<'done' | 'unsettled' | 'failed'> {
	const now = Date.now();
	const transactions = readyTransactions(memory, now);
	if (transactions.length === 0 && !memory.windowOpen) return [...memory.unrecorded.values()].some((transaction) => Number.isFinite(transaction.readyAt)) ? 'unsettled' : 'done';
	const body: FlushRequest = {
		eventType: CATCH_UP_EVENT,
		messageId: `flush:${WRITER}:${target.chainId}:${now}`,
		webhookId: target.webhookId,
		chainId: target.chainId,
		flush: { writer: WRITER, transactions: transactions.map((transaction) => [transaction.block, transaction.time, transaction.hash]) },
	};
	const answer = await postCatchUpRequest(context, target.url, body, signingSecret(context), ANSWER_MS);
	// Not written (a publication under way, n8n busy): sent again after a longer wait.
	if (answer.statusCode < 200 || answer.statusCode >= 300) return 'failed';
	const recorded = (answer.body as { flush?: { alreadyRecorded?: boolean } } | undefined)?.flush?.alreadyRecorded === true;
	if (!recorded) return 'failed';
	for (const transaction of transactions) if (transaction.readyAt + SETTLE_MS <= now) memory.unrecorded.delete(transaction.hash.toLowerCase());
	if (transactions.length > 0 || memory.windowOpen) memory.windowOpen = [...memory.unrecorded.values()].some((transaction) => transaction.readyAt > Date.now());
	if (memory.windowOpen) return 'failed';
	return memory.unrecorded.size === 0 ? 'done' : 'unsettled';
}

/** Starts the flushes of this process for one URL and chain, unless they are on their way. */
export function scheduleFlush(context: IWebhookFunctions, target: Target): void {
	const memory = positionMemoryFor(target.url, target.chainId);
	if (memory.flushing) return;
	memory.flushing = true;
	const stopped = positionTasksSignal();
	void (async () => {
		try {
			for (let attempt = 0; attempt < FLUSH_ATTEMPTS; ) {
				await sleep(nextFlushIn(memory, Date.now(), attempt), stopped);
				if (Date.now() - memory.lastRunAt < WRITE_INTERVAL_MS) continue;
				const outcome = await flushOnce(context, target, memory);
				if (outcome === 'done') return;
				// Recorded: confirmed once more when it has settled (written again if an older copy undid it).
				if (outcome === 'unsettled') await sleep(settledIn(memory, Date.now()), stopped);
				else attempt++;
			}
			warn(context, `could not record what ran on chain ${target.chainId} after ${FLUSH_ATTEMPTS} flushes; the next delivery tries again, and a catch-up meanwhile marks what may come twice (possibleRepeat)`);
		} catch (error) {
			if (stopped.aborted) return;
			warn(context, `could not record what ran on chain ${target.chainId} (${(error as Error).message}); the next delivery or flush tries again, and a catch-up meanwhile marks what may come twice (possibleRepeat)`);
		} finally {
			memory.flushing = false;
		}
	})();
}

/**
 * In a process that has not caught up since it started: asks for a catch-up of what was made
 * until now, from the durable position (once, unless it fails). `chainHead`: bound it by the EVM
 * chain's head now; a P-Chain or validator trigger's heal is bound by time (`madeBefore`), as its
 * history is read.
 */
export function healIfStarting(context: IWebhookFunctions, target: Target, chainHead = true): void {
	const memory = positionMemoryFor(target.url, target.chainId);
	const now = Date.now();
	if (memory.heal !== 'due' || now - memory.healFailedAt < HEAL_RETRY_MS) return;
	memory.heal = 'underWay';
	const body: HealRequest = { eventType: CATCH_UP_EVENT, messageId: `heal:${WRITER}:${target.chainId}:${now}`, webhookId: target.webhookId, chainId: target.chainId, heal: { madeBefore: now } };
	const stopped = positionTasksSignal();
	void (async () => {
		try {
			// The chain's head now bounds the heal: the deliveries n8n answered while this process
			// started were made before it, whatever the block times say against this machine's clock.
			// Without it, the receiver reads the head and cuts by time.
			let headAhead = 0;
			if (chainHead) {
				try {
					const readAt = Date.now();
					const head = await fetchHeadBlock(context, target.chainId, { deadline: readAt + HEAL_HEAD_MS });
					body.heal.toBlock = head.number;
					if (head.timestamp !== undefined) headAhead = head.timestamp * 1000 - readAt;
				} catch (error) {
					warn(context, `could not read the head of chain ${target.chainId} when this process started receiving (${(error as Error).message}); the catch-up after the start ends at the head when it runs`);
				}
			}
			// By then what the other processes ran before `now` has settled, and their flushes wrote
			// again what an older copy undid.
			await sleep(SETTLE_MS + WRITE_INTERVAL_MS + FLUSH_LANDS_MS, stopped);
			body.heal.predecessorRan = predecessorWindow(memory, headAhead);
			// Sent again a little later each time: it may reach a process still starting (n8n's own
			// 200 "starting up" or 404) or one that is down, and no delivery may come to send it again.
			for (let attempt = 1; ; attempt++) {
				const answer = await postCatchUpRequest(context, target.url, body, signingSecret(context), ANSWER_MS);
				if (answer.statusCode >= 200 && answer.statusCode < 300 && answeredByTrigger(answer.body)) break;
				if (attempt >= HEAL_ATTEMPTS) throw new Error(`n8n answered ${answer.statusCode} (${JSON.stringify(answer.body ?? '').slice(0, 300)})`);
				await sleep(HEAL_AGAIN_MS * 2 ** (attempt - 1), stopped);
			}
			memory.heal = 'done';
		} catch (error) {
			if (stopped.aborted) return;
			memory.heal = 'due';
			memory.healFailedAt = Date.now();
			warn(context, `could not catch up after this n8n process started (${(error as Error).message}); the next delivery tries again`);
		}
	})();
}
