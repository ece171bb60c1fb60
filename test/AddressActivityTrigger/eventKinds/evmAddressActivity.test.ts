/**
 * The trigger watching EVM address activity, through n8n-core against the emulator: published, it
 * has one webhook at the service at its URL; the POSTs to that URL are told apart once their
 * signature held (a delivery runs the workflow, the trigger's own resume request is answered as a
 * catch-up, its flush as a flush), and refused before that when unsigned,
 * wrongly signed or not JSON; unpublished, its webhook is gone.
 */
import type { IDataObject } from 'n8n-workflow';

import { CATCH_UP_EVENT, resumeRequest } from '../../../nodes/shared/service/catchUpRequest';
import { signedDelivery } from '../../harness/signing';
import type { TriggerHarness } from '../../harness/trigger';
import { ALICE, FUJI, chainStateOf, deliveredTransfer, triggerParameters, useTriggerStack } from '../support';

const stack = useTriggerStack();
let trigger: TriggerHarness;
let webhookId: string;

beforeEach(async () => {
	trigger = await stack.publishedTrigger(triggerParameters({ addresses: ALICE }));
	webhookId = String(chainStateOf(trigger).webhookId);
});

afterEach(async () => {
	await trigger.deactivate();
	stack.receiver.harness = undefined;
});

async function signed(body: IDataObject) {
	return await trigger.receive(signedDelivery(body, await stack.control.sharedSecret(stack.key)));
}

const answerOf = (outcome: { statusCode: number; body: unknown }) => ({ statusCode: outcome.statusCode, body: outcome.body });

describe('EVM address activity', () => {
	it('is registered as one active webhook at the trigger\'s URL on its chain, and removed when unpublished', async () => {
		const webhooks = await stack.accountWebhooks();
		expect(webhooks.map((webhook) => [webhook.id, webhook.chainId, webhook.url, webhook.status, webhook.eventType])).toEqual([
			[webhookId, FUJI, trigger.webhookUrl(), 'active', 'address_activity'],
		]);
		await trigger.deactivate();
		expect(await stack.accountWebhooks()).toEqual([]);
		await trigger.activate();
		webhookId = String(chainStateOf(trigger).webhookId);
	});

	it('runs the workflow for a delivery', async () => {
		const runs = trigger.startedRuns.length;
		const { txHash, delivery } = await deliveredTransfer(stack);
		expect(delivery.outcome?.statusCode).toBe(200);
		expect(trigger.startedRuns.slice(runs).map((run) => run.map((item) => item.json.txHash))).toEqual([[txHash]]);
	});

	it('answers its own resume request as a catch-up, and tells its own flush apart (one for a webhook not its own is refused as a flush), without a run', async () => {
		const runs = trigger.startedRuns.length;
		const resumed = await signed({ ...resumeRequest(webhookId, FUJI, 0), messageId: `resume:${Date.now()}` } as unknown as IDataObject);
		expect(resumed.statusCode).toBe(200);
		expect(resumed.body).toMatchObject({ received: true });
		const flushed = await signed({ eventType: CATCH_UP_EVENT, messageId: `flush:a1b2c3d4e5f6:${FUJI}:${Date.now()}`, webhookId: 'not-this-triggers', chainId: FUJI, flush: { writer: 'a1b2c3d4e5f6', transactions: [] } });
		expect(answerOf(flushed)).toEqual({ statusCode: 401, body: { received: false, message: `Refused a flush for webhook not-this-triggers, which is not registered at this trigger's URL on chain ${FUJI}` } });
		expect(trigger.startedRuns).toHaveLength(runs);
	});

	it('refuses an unsigned, wrongly signed or non-JSON request before telling its kind', async () => {
		const { delivery } = await deliveredTransfer(stack);
		const runs = trigger.startedRuns.length;
		expect(answerOf(await trigger.receive({ headers: { 'content-type': 'application/json' }, rawBody: delivery.rawBody }))).toEqual({
			statusCode: 401,
			body: { received: false, message: 'Refused a request without an x-signature header' },
		});
		expect(answerOf(await trigger.receive({ headers: { ...delivery.headers, 'x-signature': 'AAAA' }, rawBody: delivery.rawBody }))).toEqual({
			statusCode: 401,
			body: { received: false, message: "Refused a request whose x-signature does not match the account's shared secret (forged, or signed with a secret the service could not confirm)" },
		});
		expect(answerOf(await trigger.receive({ headers: delivery.headers, rawBody: Buffer.from('not json') }))).toEqual({
			statusCode: 400,
			body: { received: false, message: 'Refused a request whose body is not JSON' },
		});
		expect(trigger.startedRuns).toHaveLength(runs);
	});
});
