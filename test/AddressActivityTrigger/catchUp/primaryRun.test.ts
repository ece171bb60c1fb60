/**
 * The catch-up run of a P-Chain trigger as webhook() answers it, through n8n-core against the
 * emulator: Webhook > Reactivate's resume form and the activation's own request, refused for a
 * webhook that is not the trigger's, answered without a run when there is nothing to catch up or
 * the catch-up is off, 503 when the history cannot be read, and one run for the same request sent
 * twice.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { primaryResumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { pChainAddress } from '../../emulator/primary/ids';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { AVAX, pChainParameters, usePrimaryTriggerStack } from '../eventTypesSupport';

const primary = usePrimaryTriggerStack();
const { stack } = primary;

const HISTORY = '/v1/networks/fuji/blockchains/p-chain/transactions';

async function watching(name: string, options: INodeParameters = {}): Promise<{ trigger: TriggerHarness; treasury: string; webhookId: string }> {
	const treasury = pChainAddress('fuji', `primaryRun ${name}`);
	const trigger = await primary.published(pChainParameters({ pChainAddresses: treasury, addressSubEvents: ['balance_change'], options }));
	return { trigger, treasury, webhookId: String(trigger.state.webhookId) };
}

async function change(address: string, avax: number): Promise<string> {
	return (await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address, balanceType: 'unlockedUnstaked', change: AVAX(avax) }] })).txHash;
}

async function resume(trigger: TriggerHarness, body: object) {
	const answer = await trigger.receive(signedDelivery(body, await stack.control.sharedSecret(stack.key)));
	return { statusCode: answer.statusCode, body: answer.body as IDataObject };
}

const now = () => Math.floor(Date.now() / 1000);
const runs = (trigger: TriggerHarness) => trigger.startedRuns.map((run) => run.map((item) => [item.json.txHash, item.json.catchUp ?? false]));

describe('Webhook > Reactivate\'s resume request', () => {
	it('puts out what happened since the publication in one run, each event once and marked, and says so', async () => {
		const { trigger, treasury, webhookId } = await watching('resumed');
		await primary.setWebhookStatus('inactive');
		const missed = [await change(treasury, 3), await change(treasury, -1)];
		await primary.setWebhookStatus('active');
		const answered = await resume(trigger, primaryResumeRequest(webhookId, now()));
		expect(answered).toEqual({ statusCode: 200, body: { received: true, catchUp: { fromTimestamp: expect.any(Number), toTimestamp: expect.any(Number), events: 2 } } });
		expect(runs(trigger)).toEqual([missed.map((txHash) => [txHash, true])]);
	});

	it('with nothing missed is answered with no events, and runs nothing', async () => {
		const { trigger, webhookId } = await watching('nothing missed');
		const answered = await resume(trigger, primaryResumeRequest(webhookId, now()));
		expect(answered).toEqual({ statusCode: 200, body: { received: true, catchUp: { fromTimestamp: expect.any(Number), toTimestamp: expect.any(Number), events: 0 } } });
		expect(trigger.startedRuns).toEqual([]);
	});

	it('sent twice with the same message is one run', async () => {
		const { trigger, treasury, webhookId } = await watching('sent twice');
		await primary.setWebhookStatus('inactive');
		const missed = await change(treasury, 2);
		await primary.setWebhookStatus('active');
		const request = primaryResumeRequest(webhookId, now());
		const [first, second] = [await resume(trigger, request), await resume(trigger, request)];
		expect(first.body).toMatchObject({ catchUp: { events: 1 } });
		expect(second).toEqual({ statusCode: 200, body: { received: true } });
		expect(runs(trigger)).toEqual([[[missed, true]]]);
	});

	it('is refused, naming the webhook, for a webhook not registered at this trigger\'s URL', async () => {
		const { trigger } = await watching('foreign');
		const answered = await resume(trigger, primaryResumeRequest('not-this-triggers-webhook', now()));
		expect(answered).toEqual({ statusCode: 401, body: { received: false, message: 'Refused a catch-up for webhook not-this-triggers-webhook, which is not registered at this trigger\'s URL' } });
		expect(trigger.startedRuns).toEqual([]);
	});

	it('with the catch-up off (Catch Up At Most 0) says so and runs nothing', async () => {
		const { trigger, treasury, webhookId } = await watching('catch-up off', { catchUpHours: 0 });
		await primary.setWebhookStatus('inactive');
		await change(treasury, 2);
		await primary.setWebhookStatus('active');
		const answered = await resume(trigger, primaryResumeRequest(webhookId, now()));
		expect(answered).toEqual({ statusCode: 200, body: { received: false, message: 'Catch Up At Most is 0: the catch-up is off' } });
		expect(trigger.startedRuns).toEqual([]);
	});

	it('is answered 503 with the reason when the history cannot be read, so that it can be sent again; then it runs', async () => {
		const { trigger, treasury, webhookId } = await watching('history unread');
		await primary.setWebhookStatus('inactive');
		const missed = await change(treasury, 2);
		await primary.setWebhookStatus('active');
		await stack.control.addFault({ method: 'GET', path: HISTORY, count: 20, status: 400 });
		const refused = await resume(trigger, primaryResumeRequest(webhookId, now()));
		await stack.control.clearFaults();
		expect(refused).toEqual({ statusCode: 503, body: { received: false, message: expect.stringMatching(/^Could not read the history of the gap: /) } });
		expect(trigger.startedRuns).toEqual([]);
		const again = await resume(trigger, primaryResumeRequest(webhookId, now() + 1));
		expect(again.body).toMatchObject({ catchUp: { events: 1 } });
		expect(runs(trigger)).toEqual([[[missed, true]]]);
	});
});
