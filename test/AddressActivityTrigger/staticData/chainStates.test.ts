// What the webhook trigger keeps in static data per chain, through n8n-core's HookContext as its
// lifecycle methods run: a workflow saved before several chains keeps its webhook (moved under
// `chains`), keys earlier versions kept (the shared secret among them) are removed, a test
// listener's registrations stay in memory, and chains that hold nothing are not stored.
import type { IDataObject } from 'n8n-workflow';

import { forgetTestRegistrations } from '../../../nodes/AddressActivityTrigger/memory/testRegistrations';
import type { TriggerParameters } from '../../../nodes/AddressActivityTrigger/parameters/readParameters';
import { chainState, chainStates, recordRegistration, saveChainStates } from '../../../nodes/AddressActivityTrigger/staticData/chainStates';
import { AddressSet } from '../../../nodes/shared/model/addresses';
import type { RemoteWebhook } from '../../../nodes/shared/service/webhooks';
import { triggerHookContext } from '../../harness/contexts';
import { TRIGGER_NODE_NAME } from '../../harness/names';

const ALICE = '0x1111111111111111111111111111111111111111';
const URL = 'https://n8n.example.com/webhook/abc/webhook';
const MARK = { block: 41_000_000, at: 1_795_000_000_000 };

/** A publication's context on a workflow whose node kept `state` in static data. */
function publication(state: IDataObject) {
	return triggerHookContext({ staticData: { [`node:${TRIGGER_NODE_NAME}`]: state } });
}

/** The node's static data as n8n would save it. */
const stored = (workflow: { staticData: IDataObject }) => JSON.parse(JSON.stringify(workflow.staticData[`node:${TRIGGER_NODE_NAME}`])) as IDataObject;

afterEach(() => forgetTestRegistrations());

describe('the per-chain state', () => {
	it('moves a registration saved before several chains under chains[chainId], and removes the keys earlier versions kept (the shared secret among them)', () => {
		const { context, workflow } = publication({
			webhookId: 'w1',
			webhookUrl: URL,
			chainId: '43113',
			ownAddresses: [ALICE],
			catchUp: { mark: MARK },
			sharedSecret: 'a1b2c3',
			secretCheckedAt: 5,
			seenMessages: { m1: 1 },
			nativeToken: { symbol: 'AVAX' },
		});
		const chains = chainStates(context, ['43113']);
		expect(chains).toEqual({ '43113': { webhookId: 'w1', webhookUrl: URL, ownAddresses: [ALICE], catchUp: { mark: MARK } } });
		saveChainStates(context, chains);
		expect(stored(workflow)).toEqual({ chains: { '43113': { webhookId: 'w1', webhookUrl: URL, ownAddresses: [ALICE], catchUp: { mark: MARK } } } });
	});

	it('gives a catch-up left without a chain (deactivated with Delete) to the one configured chain, and to none of several', () => {
		const one = publication({ catchUp: { mark: MARK } });
		expect(chainStates(one.context, ['43114'])).toEqual({ '43114': { catchUp: { mark: MARK } } });
		const several = publication({ catchUp: { mark: MARK } });
		expect(chainStates(several.context, ['43113', '43114'])).toEqual({});
		saveChainStates(several.context, {});
		expect(stored(several.workflow)).toEqual({});
	});

	it('keeps the durable position a delivery already wrote on the chain beside the moved registration', () => {
		const position = { from: 7, ran: [], open: {} };
		const { context } = publication({ chains: { '43113': { position } }, webhookId: 'w1', chainId: '43113', webhookUrl: URL });
		expect(chainStates(context, ['43113'])).toEqual({ '43113': { webhookId: 'w1', webhookUrl: URL, position } });
	});

	it('leaves a P-Chain or validator registration (it names its network) where it is', () => {
		const { context, workflow } = publication({ webhookId: 'p1', webhookUrl: URL, network: 'fuji' });
		expect(chainStates(context, [])).toEqual({});
		expect(stored(workflow)).toEqual({ webhookId: 'p1', webhookUrl: URL, network: 'fuji' });
	});

	it('records a registration with the addresses in lower case, and stores only chains that hold something', () => {
		const { context, workflow } = publication({});
		const chains = chainStates(context, ['43113', '43114']);
		const parameters = { addresses: AddressSet.parse(ALICE.replace('0x1111', '0xAAAA')) } as unknown as TriggerParameters;
		recordRegistration(chainState(chains, '43113'), { id: 'w1' } as RemoteWebhook, URL, parameters);
		chainState(chains, '43114').catchUp = {};
		saveChainStates(context, chains);
		expect(stored(workflow)).toEqual({ chains: { '43113': { webhookId: 'w1', webhookUrl: URL, ownAddresses: [ALICE.replace('0x1111', '0xaaaa')] } } });
	});

	it('keeps a test listener\'s registrations in this process\'s memory, never in static data', () => {
		const listening = triggerHookContext({ test: true, staticData: { [`node:${TRIGGER_NODE_NAME}`]: { chains: { '43113': { webhookId: 'production' } } } } });
		const chains = chainStates(listening.context, ['43113']);
		expect(chains).toEqual({});
		chainState(chains, '43113').webhookId = 'test-webhook';
		saveChainStates(listening.context, chains);
		expect(stored(listening.workflow)).toEqual({ chains: { '43113': { webhookId: 'production' } } });
		expect(chainStates(triggerHookContext({ test: true }).context, ['43113'])).toEqual({ '43113': { webhookId: 'test-webhook' } });
		forgetTestRegistrations();
		expect(chainStates(triggerHookContext({ test: true }).context, ['43113'])).toEqual({});
	});
});
