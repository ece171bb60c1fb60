/**
 * Whether a copy runs: of a message (the service retries with the same messageId, and may send one
 * message twice at once), of a transaction met both live and in a catch-up, and of a balance crossing
 * several deliveries see. The first claim runs;
 * a claim whose run n8n does not accept is given up, so the service's retry runs it.
 */
import { sleep } from 'n8n-workflow';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { claimCrossing } from '../../shared/memory/balanceCrossings';
import type { BalancedItems } from '../../shared/memory/balanceReadings';
import { messageWindowFor } from '../memory/messageWindows';
import { transactionWindowFor } from '../memory/transactionWindows';
import { acknowledgeWithoutRun, answer, settleWithAnswer } from './answers';

/** How long a copy of a message waits for the first copy's answer before asking the service to retry. */
const DUPLICATE_WAIT_MS = 4000;

/**
 * Claims the message for this run. Another copy under way is waited for (a few seconds): when it
 * was acknowledged, this one is too, without a run; when it failed, this copy runs it. Returns the
 * answer for a copy that does not run, undefined for the one that does.
 */
export async function claimMessage(context: IWebhookFunctions, url: string, messageId: string, details: IDataObject): Promise<IWebhookResponseData | undefined> {
	const window = messageWindowFor(url);
	for (let attempt = 0; ; attempt++) {
		const claim = window.claim(messageId, Date.now());
		if (claim.first) {
			settleWithAnswer(context, claim.settle);
			return undefined;
		}
		// The wait is cancelled once the other copy settles: no timer outlives the request (n8n 1.x's
		// sleep has no signal; there the timer runs out on its own).
		const waited = new AbortController();
		const acknowledged = await Promise.race([claim.answered, sleep(DUPLICATE_WAIT_MS, waited.signal).then(() => undefined, () => undefined)]);
		waited.abort();
		if (acknowledged === true) {
			context.logger.debug(`Address Activity Trigger "${context.getNode().name}": message ${messageId} ran already; acknowledged without a run`, details);
			return acknowledgeWithoutRun(context);
		}
		if (acknowledged === undefined || attempt > 0) {
			return answer(context, { statusCode: 503, level: 'info', message: `Another copy of message ${messageId} is still being handled; the service will retry` }, details);
		}
		// The first copy was not acknowledged: this copy runs it.
	}
}

/**
 * Claims a delivery's transaction in this process; false when a catch-up put it out already.
 * A claim whose run n8n does not accept is given up, so the service's retry runs it.
 */
export function claimLiveTransaction(context: IWebhookFunctions, url: string, chainId: string, transaction: { txHash: string; blockNumber: string | number }): boolean {
	const window = transactionWindowFor(url, chainId);
	const claimed = window.claimLive(transaction.txHash, Number(transaction.blockNumber));
	if (claimed === undefined) return false;
	settleWithAnswer(context, (acknowledged) => {
		if (!acknowledged) window.release([claimed]);
	});
	return true;
}

/**
 * Claims a catch-up's transactions not put out before, live or caught up; returns them (lower-case
 * hashes) and gives them up again unless n8n accepts the run (`release` when there is none).
 */
export function claimCaughtUpTransactions(
	context: IWebhookFunctions,
	url: string,
	chainId: string,
	transactions: Array<{ hash: string; block: number }>,
): { claimed: Set<string>; release(): void; settleWithRun(): void } {
	const window = transactionWindowFor(url, chainId);
	const claimed = new Set(window.claimCaughtUp(transactions));
	return {
		claimed,
		release: () => window.release([...claimed]),
		settleWithRun: () =>
			settleWithAnswer(context, (acknowledged) => {
				if (!acknowledged) window.release([...claimed]);
			}),
	};
}

/**
 * Claims the balance crossings of a balance alert's items in this process (the deliveries of one
 * block's transactions all see its crossing): the items whose crossing was not claimed before. Their
 * claims are given up unless n8n accepts the run, so the service's retry alerts.
 */
export function claimCrossings(context: IWebhookFunctions, url: string, balanced: BalancedItems): IDataObject[] {
	const { items, crossings } = balanced;
	if (crossings === undefined) return items;
	const releases: Array<() => void> = [];
	const kept = items.filter((_, index) => {
		const release = claimCrossing(url, crossings[index]);
		if (release !== undefined) releases.push(release);
		return release !== undefined;
	});
	if (releases.length > 0) {
		settleWithAnswer(context, (acknowledged) => {
			if (!acknowledged) for (const release of releases) release();
		});
	}
	return kept;
}
