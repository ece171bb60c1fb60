// The URL the trigger registers its webhooks with, as n8n-core's HookContext gives it: the
// production URL at a publication, the test URL while listening for a test event (whose webhooks
// are temporary); and a clear error, naming the node, when n8n gives none.
import { NodeOperationError } from 'n8n-workflow';

import { isTestListening, webhookUrlToRegister } from '../../../nodes/AddressActivityTrigger/lifecycle/triggerUrl';
import { triggerHookContext } from '../../harness/contexts';
import { TRIGGER_NODE_NAME } from '../../harness/names';

const WEBHOOK_PATH = 'c0ffee00-0000-4000-8000-000000000002/webhook';

describe('the trigger URL', () => {
	it('is the production URL at a publication', () => {
		const { context } = triggerHookContext({});
		expect(webhookUrlToRegister(context)).toBe(`http://127.0.0.1:5678/webhook/${WEBHOOK_PATH}`);
		expect(isTestListening(context)).toBe(false);
	});

	it('is the test URL while listening for a test event', () => {
		const { context } = triggerHookContext({ test: true });
		expect(webhookUrlToRegister(context)).toBe(`http://127.0.0.1:5678/webhook-test/${WEBHOOK_PATH}`);
		expect(isTestListening(context)).toBe(true);
	});

	it('when n8n gives none, is an error naming the node', () => {
		const { context } = triggerHookContext({});
		Object.defineProperty(context, 'getNodeWebhookUrl', { value: () => undefined });
		let thrown: unknown;
		try {
			webhookUrlToRegister(context);
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(NodeOperationError);
		expect(thrown).toMatchObject({ message: 'n8n did not provide a webhook URL for this trigger', node: { name: TRIGGER_NODE_NAME } });
	});
});
