/**
 * What the trigger keeps in one n8n process's memory, never in static data (saved whole by whoever
 * writes last), one module per memory, each with its own record, look-up and forget:
 * - ../../shared/memory/sharedSecrets.ts: the account's shared secret per credential (with its
 *   rate-limited re-reads; the action node's Shared Secret > Rotate forgets it);
 * - knownWebhooks.ts: the webhooks at the trigger's URLs, ids that deliver elsewhere, reads under way;
 * - messageWindows.ts: the messages run per URL; transactionWindows.ts: the transactions put out;
 *   primaryEvents.ts: the P-Chain and validator events put out, and what deliveries showed of fee balances;
 * - positionMemory.ts: what this process ran and has not yet seen in the durable position;
 *   publications.ts: which triggers are being published here;
 * - nativeTokens.ts, parsedAddressLists.ts, parsedEventDefinitions.ts, testRegistrations.ts,
 *   lifecycleStarts.ts, samplesShown.ts;
 * - ../../shared/memory/balanceReadings.ts and balanceCrossings.ts: balances read, crossings alerted on.
 * Any of it may be lost at any moment; the secret and the webhooks are then read again from the
 * service (one attempt each, within the delivery's time: the service waits 10 s for an answer).
 */
import { forgetBalanceCrossings } from '../../shared/memory/balanceCrossings';
import { forgetBalanceReadings } from '../../shared/memory/balanceReadings';
import { forgetSharedSecrets } from '../../shared/memory/sharedSecrets';
import { forgetKnownWebhooks } from './knownWebhooks';
import { forgetLifecycleStarts } from './lifecycleStarts';
import { forgetMessageWindows } from './messageWindows';
import { forgetNativeTokens } from './nativeTokens';
import { forgetPositionMemories } from './positionMemory';
import { forgetPublications } from './publications';
import { forgetAddressLists } from './parsedAddressLists';
import { forgetEventDefinitions } from './parsedEventDefinitions';
import { forgetPrimaryEventWindows } from './primaryEvents';
import { forgetSamplesShown } from './samplesShown';
import { forgetTestRegistrations } from './testRegistrations';
import { forgetTransactionWindows } from './transactionWindows';

/** Forgets everything (tests use it to stand for a restarted or another process). */
export function forgetProcessMemory(): void {
	forgetKnownWebhooks();
	forgetSharedSecrets();
	forgetNativeTokens();
	forgetLifecycleStarts();
	forgetMessageWindows();
	forgetAddressLists();
	forgetEventDefinitions();
	forgetTransactionWindows();
	forgetPrimaryEventWindows();
	forgetTestRegistrations();
	forgetBalanceReadings();
	forgetBalanceCrossings();
	forgetSamplesShown();
	forgetPositionMemories();
	forgetPublications();
}
