import { acknowledgeWithoutRun, answer, RECEIVED, settleWithAnswer } from '../../../nodes/AddressActivityTrigger/receive/answers';
import { webhookContext } from '../../harness/webhookContext';

describe('the trigger’s answers', () => {
	it('refuses with its status and says why, in the answer and in n8n’s log, naming message and webhook', () => {
		const context = webhookContext();
		expect(answer(context, { statusCode: 401, level: 'warn', message: 'Refused a forged request' }, { messageId: 'm1', webhookId: 'w1' })).toEqual({ noWebhookResponse: true });
		expect(context.response.statusCode).toBe(401);
		expect(context.response.body).toEqual({ received: false, message: 'Refused a forged request' });
		expect(context.logged).toEqual([
			'Address Activity Trigger (workflow workflow, node "Address Activity Trigger"): Refused a forged request (message m1, webhook w1); answered 401',
		]);
	});

	it('acknowledges without a run with 200 and the acknowledgement (or what a catch-up caught up)', () => {
		const context = webhookContext();
		expect(acknowledgeWithoutRun(context)).toEqual({ noWebhookResponse: true });
		expect([context.response.statusCode, context.response.body]).toEqual([200, RECEIVED]);
		acknowledgeWithoutRun(context, { ...RECEIVED, catchUp: { transactions: 0 } });
		expect(context.response.body).toEqual({ received: true, catchUp: { transactions: 0 } });
	});

	it('settles a claim as acknowledged when n8n answers 2xx, and as not when it answers otherwise', () => {
		for (const [status, acknowledged] of [[200, true], [500, false]] as const) {
			const context = webhookContext();
			const settled: boolean[] = [];
			settleWithAnswer(context, (value) => settled.push(value));
			context.response.status(status).end();
			expect(settled).toEqual([acknowledged]);
		}
	});
});
