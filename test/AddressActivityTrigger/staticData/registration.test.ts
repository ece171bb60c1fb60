// Where a P-Chain or validator trigger keeps its one webhook: at the top level of the node's static
// data (such a webhook is on a network, not on chains), read through n8n-core's HookContext and
// cleared without touching what else the node keeps there.
import { clearRegistration, registrationState } from '../../../nodes/AddressActivityTrigger/staticData/registration';
import { triggerHookContext } from '../../harness/contexts';
import { TRIGGER_NODE_NAME } from '../../harness/names';

const URL = 'https://n8n.example.com/webhook/abc/webhook';

describe('a P-Chain or validator registration', () => {
	it('is read from the node\'s static data, and what is written to it is what n8n saves', () => {
		const { context, workflow } = triggerHookContext({ staticData: { [`node:${TRIGGER_NODE_NAME}`]: { webhookId: 'p1', webhookUrl: URL, network: 'fuji' } } });
		const state = registrationState(context);
		expect(state).toEqual({ webhookId: 'p1', webhookUrl: URL, network: 'fuji' });
		state.webhookId = 'p2';
		expect(workflow.staticData[`node:${TRIGGER_NODE_NAME}`]).toMatchObject({ webhookId: 'p2' });
	});

	it('is cleared (webhook, URL, own addresses, network) and nothing else the node keeps', () => {
		const { context, workflow } = triggerHookContext({
			staticData: { [`node:${TRIGGER_NODE_NAME}`]: { webhookId: 'p1', webhookUrl: URL, ownAddresses: ['P-fuji1abc'], network: 'fuji', catchUp: { mark: { block: 7, at: 1 } } } },
		});
		clearRegistration(registrationState(context));
		expect(JSON.parse(JSON.stringify(workflow.staticData[`node:${TRIGGER_NODE_NAME}`]))).toEqual({ catchUp: { mark: { block: 7, at: 1 } } });
	});
});
