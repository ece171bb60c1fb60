/**
 * Execute step shows a sample at once: once n8n has registered the trigger's test webhooks, the
 * trigger asks its own test URL for one (run.ts reads the newest transfer of the monitored
 * addresses from chain data), so the editor shows a real item within seconds, also on a quiet
 * address. n8n finishes registering only after create() has returned, so the request is sent by a
 * task create() leaves running, and sent again while webhook() answers that n8n has not finished
 * (the mark create() left is not in the registration yet: ../../shared/n8n/n8nInternals.ts).
 */
import { randomUUID } from 'crypto';
import { sleep } from 'n8n-workflow';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { credentialKey, knownSharedSecret } from '../../shared/memory/sharedSecrets';
import { P_CHAIN_ID } from '../../shared/model/primaryNetwork';
import { markTestRegistration } from '../../shared/n8n/n8nInternals';
import { postCatchUpRequest } from '../../shared/service/catchUpRequest';
import { notPublicUrl } from '../lifecycle/publicUrl';
import { isTestListening, webhookUrlToRegister } from '../lifecycle/triggerUrl';
import { SAMPLE_REPEAT_MS, sampleShownRecently } from '../memory/samplesShown';
import { readTriggerParameters } from '../parameters/readParameters';
import type { PrimaryNetworkParameters } from '../parameters/readPrimaryNetworkParameters';
import { chainStates } from '../staticData/chainStates';
import { SAMPLE_EVENT, type SampleRequest } from './request';

/** Between requests while n8n finishes registering (it takes milliseconds once create() returned). */
const RETRY_MS = 250;
/** The requests stop after this long without an answer other than "not registered yet". */
const SEND_FOR_MS = 30_000;
/** How long one request waits for n8n's answer (the chain data read takes at most 10 s: run.ts). */
const ANSWER_MS = 30_000;
/** What webhook() answers (503) while n8n has not finished registering the test webhook. */
export const NOT_REGISTERED_YET = 'testRegistrationPending';

/** The trigger a sample is for: its workflow and node. */
export function sampleTrigger(context: { getWorkflow(): { id?: string }; getNode(): { name: string } }): string {
	return `${context.getWorkflow().id ?? ''}/${context.getNode().name}`;
}

function warn(context: IHookFunctions, message: string): void {
	context.logger.warn(`Address Activity Trigger (workflow ${context.getWorkflow().id}, node "${context.getNode().name}"): ${message}`);
}

/** Sends the request until n8n has registered and answered it; any failure only means no sample (listening goes on). */
async function send(context: IHookFunctions, url: string, request: SampleRequest, secret: string | undefined): Promise<void> {
	const until = Date.now() + SEND_FOR_MS;
	try {
		while (Date.now() < until) {
			await sleep(RETRY_MS);
			const answer = await postCatchUpRequest(context, url, request, secret, ANSWER_MS);
			if (answer.statusCode === 503 && (answer.body as IDataObject | undefined)?.sample === NOT_REGISTERED_YET) continue;
			// 404: n8n stopped listening before (Stop listening, or a live transfer came first).
			if (answer.statusCode >= 300 && answer.statusCode !== 404) {
				warn(context, `n8n answered the sample request with ${answer.statusCode} (${JSON.stringify(answer.body ?? '').slice(0, 300)}); listening for a live transfer`);
			}
			return;
		}
		warn(context, `n8n did not finish registering the test webhook within ${SEND_FOR_MS / 1000} s: no sample; listening for a live transfer`);
	} catch (error) {
		warn(context, `could not send the sample request to ${url} (${(error as Error).message}); listening for a live transfer`);
	}
}

/** Marks the test registration and sends the request in a task left running (n8n finishes registering once create() returned). */
function requestSample(context: IHookFunctions, request: Omit<SampleRequest, 'eventType' | 'messageId'>, verifySignature: boolean): void {
	const sample: SampleRequest = { eventType: SAMPLE_EVENT, messageId: `sample:${randomUUID()}`, ...request };
	markTestRegistration(context, sample.messageId);
	const secret = verifySignature ? knownSharedSecret(credentialKey(context)) : undefined;
	void send(context, webhookUrlToRegister(context), sample, secret);
}

function waitsForLiveEvent(context: IHookFunctions, why: string): void {
	context.logger.info(`Address Activity Trigger (workflow ${context.getWorkflow().id}, node "${context.getNode().name}"): Execute step waits for a live ${why}`);
}

/** The words when the service cannot reach n8n's URL (../lifecycle/publicUrl.ts); a credential that cannot be read says nothing here. */
async function notPublic(context: IHookFunctions): Promise<{ notPublic?: string }> {
	const message = await notPublicUrl(context).catch(() => undefined);
	return message === undefined ? {} : { notPublic: message };
}

/**
 * After checkExists or create registered the test webhooks of Execute step (nothing otherwise):
 * asks for a sample unless this trigger showed one of the same parameters within the last minutes
 * (then Execute step waits for a live transfer), or the output is Decoded Events (chain data
 * carries no logs: a notice under Output says so). When the service cannot reach n8n's URL no live
 * event can come: the request is sent all the same, and its run says so.
 */
export async function requestSampleAfterTestRegistration(context: IHookFunctions): Promise<void> {
	if (!isTestListening(context)) return;
	const parameters = readTriggerParameters.call(context);
	const unreachable = await notPublic(context);
	if (unreachable.notPublic === undefined) {
		if (parameters.output === 'decodedEvents') {
			waitsForLiveEvent(context, 'event (Decoded Events: chain data carries no logs, so there is no sample)');
			return;
		}
		if (sampleShownRecently(sampleTrigger(context), parameters)) {
			waitsForLiveEvent(context, `transfer (a sample of these parameters was shown less than ${SAMPLE_REPEAT_MS / 60_000} minutes ago)`);
			return;
		}
	}
	const chains = chainStates(context, parameters.chainIds);
	const webhookIds: Record<string, string> = {};
	for (const chainId of parameters.chainIds) {
		const webhookId = chains[chainId]?.webhookId;
		if (webhookId !== undefined) webhookIds[chainId] = webhookId;
	}
	requestSample(context, { webhookIds, ...unreachable }, parameters.verifySignature);
}

/** The same for a P-Chain or validator trigger, once its test webhook (`webhookId`) is registered. */
export async function requestPrimarySampleAfterTestRegistration(context: IHookFunctions, parameters: PrimaryNetworkParameters, webhookId: string | undefined): Promise<void> {
	if (!isTestListening(context)) return;
	const unreachable = await notPublic(context);
	if (unreachable.notPublic === undefined && sampleShownRecently(sampleTrigger(context), parameters)) {
		waitsForLiveEvent(context, `event (a sample of these parameters was shown less than ${SAMPLE_REPEAT_MS / 60_000} minutes ago)`);
		return;
	}
	requestSample(context, { webhookIds: webhookId === undefined ? {} : { [P_CHAIN_ID]: webhookId }, ...unreachable }, parameters.verifySignature);
}
