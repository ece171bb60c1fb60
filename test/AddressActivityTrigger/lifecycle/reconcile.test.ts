// An existing webhook brought in line with the trigger's parameters at activation, against the
// emulator through n8n-core's HookContext: its name says which workflow and node own it (within
// the service's limit), a change of chain or event signatures needs a new webhook, and otherwise
// the webhook is corrected in place (addresses this trigger registered and no longer lists go,
// those added elsewhere stay) with no write when nothing differs.
import type { INodeParameters } from 'n8n-workflow';

import { readTriggerParameters } from '../../../nodes/AddressActivityTrigger/parameters/readParameters';
import { canBeUpdated, reconcileWebhook, webhookLabel } from '../../../nodes/AddressActivityTrigger/lifecycle/reconcile';
import { WEBHOOK_TEXT_LIMIT, type RemoteWebhook } from '../../../nodes/shared/service/webhooks';
import { triggerHookContext } from '../../harness/contexts';
import { createWebhook, monitoredAddresses, randomAddress, serviceCall, useTestService } from '../../harness/fixtures';
import { TRIGGER_NODE_NAME } from '../../harness/names';
import { triggerParameters } from '../support';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const URL = 'https://n8n.example.com/webhook/abc/webhook';

const service = useTestService();

afterEach(async () => {
	await service.control.clearRequests();
});

function context(options: { parameters?: INodeParameters; workflowName?: string; credentials?: { apiKey: string; baseUrl: string } } = {}) {
	return triggerHookContext({ typeVersion: 2, parameters: triggerParameters(options.parameters), workflowName: options.workflowName, credentials: options.credentials }).context;
}

describe('the webhook label', () => {
	it('names the workflow and node, says a test event\'s webhook is one, and tells the owner in the description', () => {
		const hook = context({ workflowName: 'Treasury alerts' });
		expect(webhookLabel(hook, { webhookName: '' }, false)).toEqual({
			name: `n8n: Treasury alerts / ${TRIGGER_NODE_NAME}`,
			description: `Created by the Address Activity Trigger of n8n workflow ID wf-context, node "${TRIGGER_NODE_NAME}", workflow "Treasury alerts".`,
		});
		expect(webhookLabel(hook, { webhookName: '' }, true)).toEqual({
			name: `n8n: Treasury alerts / ${TRIGGER_NODE_NAME} (test)`,
			description: `Created by the Address Activity Trigger of n8n workflow ID wf-context, node "${TRIGGER_NODE_NAME}", workflow "Treasury alerts" for a test event.`,
		});
	});

	it('is the Webhook Name given, and keeps the node name when a long workflow name is cut to the service\'s limit', () => {
		expect(webhookLabel(context(), { webhookName: 'Treasury' }, false).name).toBe('Treasury');
		const long = webhookLabel(context({ workflowName: 'W'.repeat(400) }), { webhookName: '' }, false);
		expect(long.name).toHaveLength(WEBHOOK_TEXT_LIMIT);
		expect(long.name.endsWith(`… / ${TRIGGER_NODE_NAME}`)).toBe(true);
		expect(long.description).toHaveLength(WEBHOOK_TEXT_LIMIT);
	});
});

describe('whether a webhook can be updated', () => {
	const webhook = (chainId: string, eventSignatures: string[]) => ({ id: 'w1', chainId, eventType: 'address_activity', metadata: { addresses: [], eventSignatures } }) as unknown as RemoteWebhook;

	it('yes on the same chain with the same event signatures (in any case and order)', () => {
		const parameters = readTriggerParameters.call(context({ parameters: { eventSignatures: 'Transfer(address,address,uint256)' } }));
		expect(canBeUpdated(webhook('43113', [TRANSFER_TOPIC.toUpperCase().replace('0X', '0x')]), parameters, '43113')).toBe(true);
	});

	it('no on another chain or with other event signatures: those need a new webhook', () => {
		const parameters = readTriggerParameters.call(context());
		expect(canBeUpdated(webhook('43114', []), parameters, '43113')).toBe(false);
		expect(canBeUpdated(webhook('43113', [TRANSFER_TOPIC]), parameters, '43113')).toBe(false);
		expect(canBeUpdated(webhook('43113', []), parameters, '43113')).toBe(true);
	});
});

describe('reconciling a webhook', () => {
	it('adds what is configured, removes what this trigger registered and no longer lists, keeps what others added, and re-activates it at the trigger URL with its name', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const [others, old, configured] = [randomAddress(), randomAddress(), randomAddress()];
		const created = await createWebhook(credentials, { chainId: '43113', url: 'https://elsewhere.example.com/hook', metadata: { addresses: [others, old] } });
		await serviceCall(credentials, 'PATCH', `/v1/webhooks/${created.id}`, { status: 'inactive' });
		const hook = context({ parameters: { addresses: configured }, workflowName: 'Treasury alerts', credentials });
		const remote = await serviceCall<RemoteWebhook>(credentials, 'GET', `/v1/webhooks/${created.id}`);
		const label = webhookLabel(hook, { webhookName: '' }, false);
		const result = await reconcileWebhook.call(hook, remote, readTriggerParameters.call(hook), URL, label, [old], { deadline: Date.now() + 30_000 });
		expect(await monitoredAddresses(credentials, created.id)).toEqual([others, configured].sort());
		const stored = await serviceCall<RemoteWebhook>(credentials, 'GET', `/v1/webhooks/${created.id}`);
		expect(stored).toMatchObject({ status: 'active', url: URL, name: label.name, description: label.description });
		expect(result).toMatchObject({ id: created.id, status: 'active', url: URL, name: label.name });
	});

	it('writes nothing when the webhook already matches, and answers it with its addresses', async () => {
		const credentials = await service.newAccount({ plan: 'paid' });
		const configured = randomAddress();
		const hook = context({ parameters: { addresses: configured }, workflowName: 'Treasury alerts', credentials });
		const label = webhookLabel(hook, { webhookName: '' }, false);
		const created = await createWebhook(credentials, { chainId: '43113', url: URL, name: label.name, description: label.description, metadata: { addresses: [configured] } });
		const remote = await serviceCall<RemoteWebhook>(credentials, 'GET', `/v1/webhooks/${created.id}`);
		await service.control.clearRequests();
		const result = await reconcileWebhook.call(hook, remote, readTriggerParameters.call(hook), URL, label, [configured], { deadline: Date.now() + 30_000 });
		expect(await service.control.requests()).toEqual([]);
		expect(result.metadata?.addresses?.map((address) => address.toLowerCase())).toEqual([configured]);
	});
});
