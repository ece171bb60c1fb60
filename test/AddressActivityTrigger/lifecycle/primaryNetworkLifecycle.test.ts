import { forgetProcessMemory } from '../../../nodes/AddressActivityTrigger/memory/processMemory';
import type { RunningEmulator } from '../../emulator';
import { startEmulator } from '../../emulator';
import { EmulatorControl, type EmulatorWebhook } from '../../harness/emulatorControl';
import { TriggerHarness } from '../../harness/trigger';
import type { INodeParameters } from 'n8n-workflow';
import { COLD_WALLET, L1, MAINNET_WALLET, OTHER_VALIDATOR, TREASURY, VALIDATOR, pChainParameters, validatorParameters } from '../eventTypesSupport';
import { triggerParameters } from '../support';

let emulator: RunningEmulator;
let control: EmulatorControl;
let key: string;

beforeAll(async () => {
	emulator = await startEmulator();
	control = new EmulatorControl(emulator.url);
});

afterAll(async () => {
	await emulator.close();
});

beforeEach(async () => {
	forgetProcessMemory();
	key = (await control.createKey({ plan: 'paid' })).key;
	await control.clearRequests();
});

function harness(parameters: INodeParameters): TriggerHarness {
	return new TriggerHarness({ parameters, credentials: { apiKey: key, baseUrl: emulator.url }, workflowName: 'Treasury alerts' });
}

async function accountWebhooks(): Promise<EmulatorWebhook[]> {
	const { body } = await control.service<{ webhooks: EmulatorWebhook[] }>(key, 'GET', '/v1/webhooks?pageSize=100');
	return body.webhooks;
}

async function createBodies(): Promise<unknown[]> {
	return (await control.requests()).filter((request) => request.method === 'POST' && request.path === '/v1/webhooks').map((request) => request.body);
}

async function requestLines(): Promise<string[]> {
	return (await control.requests()).map((request) => `${request.method} ${request.path}`);
}

describe('activating a P-Chain Address Activity trigger', () => {
	it('registers a primary_network_address_activity webhook with the addresses, sub-events and the threshold in nAVAX', async () => {
		const trigger = harness(pChainParameters());
		await trigger.activate();

		expect(await createBodies()).toEqual([
			{
				eventType: 'primary_network_address_activity',
				url: trigger.webhookUrl(),
				name: 'n8n: Treasury alerts / Address Activity Trigger',
				description: expect.stringContaining('Created by the Address Activity Trigger') as unknown,
				network: 'fuji',
				chainId: '11111111111111111111111111111111LpoYY',
				metadata: {
					keyType: 'addresses',
					keys: [TREASURY, COLD_WALLET],
					subEvents: { addressActivitySubEvents: ['balance_change', 'balance_threshold', 'reward_distribution'] },
					balanceThresholdFilter: { balanceType: 'unlockedStaked', balanceThreshold: '2500500000000' },
				},
			},
		]);
		const [webhook] = await accountWebhooks();
		expect(trigger.state).toMatchObject({ webhookId: webhook.id, webhookUrl: trigger.webhookUrl(), network: 'fuji' });
	});

	it('sends no threshold when Balance Threshold Crossed is not chosen', async () => {
		await harness(pChainParameters({ addressSubEvents: ['reward_distribution'], balanceThreshold: 'not read' })).activate();
		const [body] = (await createBodies()) as Array<{ metadata: Record<string, unknown> }>;
		expect(body.metadata).toEqual({ keyType: 'addresses', keys: [TREASURY, COLD_WALLET], subEvents: { addressActivitySubEvents: ['reward_distribution'] } });
	});

	it('keeps the webhook on the next activation, and replaces it when the threshold changed (the service cannot change it)', async () => {
		const trigger = harness(pChainParameters());
		await trigger.activate();
		const [first] = await accountWebhooks();
		await trigger.activate();
		expect(await createBodies()).toHaveLength(1);

		trigger.setParameters(pChainParameters({ balanceThreshold: '3000' }));
		await trigger.activate();
		const webhooks = await accountWebhooks();
		expect(webhooks.map((webhook) => webhook.id)).not.toContain(first.id);
		expect(webhooks).toHaveLength(1);
		expect((webhooks[0].metadata as { balanceThresholdFilter?: unknown }).balanceThresholdFilter).toEqual({ balanceType: 'unlockedStaked', balanceThreshold: '3000000000000' });
	});

	it('deletes the webhook at deactivation and reads no EVM chain data on the way in or out', async () => {
		const trigger = harness(pChainParameters({ options: { catchUpHours: 24 } }));
		await trigger.activate();
		await trigger.deactivate();
		expect(await accountWebhooks()).toEqual([]);
		expect(trigger.state.webhookId).toBeUndefined();
		expect((await requestLines()).filter((line) => line.includes('/v1/chains'))).toEqual([]);
	});
});

describe('activating a Validator Activity trigger', () => {
	it('registers a validator_activity webhook with its one key, the filters and the fee threshold in nAVAX, and no chain', async () => {
		const trigger = harness(validatorParameters());
		await trigger.activate();

		expect(await createBodies()).toEqual([
			{
				eventType: 'validator_activity',
				url: trigger.webhookUrl(),
				name: 'n8n: Treasury alerts / Address Activity Trigger',
				description: expect.stringContaining('Created by the Address Activity Trigger') as unknown,
				network: 'fuji',
				metadata: {
					keyType: 'subnetId',
					keys: [L1],
					subEvents: { validatorActivitySubEvents: ['l1_validator_balance_increased', 'l1_validator_balance_threshold', 'l1_validator_disabled'] },
					nodeIds: [VALIDATOR],
					l1ValidatorFeeBalanceThreshold: '1250000000',
				},
			},
		]);
		await trigger.deactivate();
		expect(await accountWebhooks()).toEqual([]);
	});

	it('watches one node ID with the staking sub-events', async () => {
		await harness(validatorParameters({ validatorKeyType: 'nodeId', validatorKey: ` ${VALIDATOR} `, validatorSubEvents: ['validator_stake', 'reward_distribution'], validatorFilters: {} })).activate();
		const [body] = (await createBodies()) as Array<{ metadata: unknown }>;
		expect(body.metadata).toEqual({ keyType: 'nodeId', keys: [VALIDATOR], subEvents: { validatorActivitySubEvents: ['validator_stake', 'reward_distribution'] } });
	});

	it('keeps On Deactivation: Keep Webhook as for EVM webhooks: inactive, and active again at the next activation', async () => {
		const trigger = harness(validatorParameters({ options: { onDeactivation: 'keep' } }));
		await trigger.activate();
		await trigger.deactivate();
		expect((await accountWebhooks()).map((webhook) => webhook.status)).toEqual(['inactive']);
		await trigger.activate();
		expect((await accountWebhooks()).map((webhook) => webhook.status)).toEqual(['active']);
		expect(await createBodies()).toHaveLength(1);
	});
});

describe('bad parameters of the new event types', () => {
	it.each([
		['a threshold that is not a number', pChainParameters({ balanceThreshold: 'lots' }), 'Invalid Balance Threshold (AVAX): "lots" is not an amount of AVAX'],
		['a threshold with more than 9 decimals', pChainParameters({ balanceThreshold: '0.0000000001' }), 'Invalid Balance Threshold (AVAX): "0.0000000001" has more than 9 decimals'],
		['a mainnet address on Fuji', pChainParameters({ pChainAddresses: `${TREASURY}, ${MAINNET_WALLET}` }), `Invalid P-Chain Addresses: 1 of 2 is not a fuji address (fuji P-Chain addresses start with P-fuji1): #2 "${MAINNET_WALLET}"`],
		[
			'a mainnet address and a malformed one on Fuji',
			pChainParameters({ pChainAddresses: `P-fuji1abc, ${TREASURY}, ${MAINNET_WALLET}` }),
			`Invalid P-Chain Addresses: 2 of 3 are refused: #1 "P-fuji1abc" is not a P-Chain address (P-avax1... on mainnet, P-fuji1... on fuji); #3 "${MAINNET_WALLET}" is not a fuji address (fuji P-Chain addresses start with P-fuji1)`,
		],
		['an address that is not a P-Chain address', pChainParameters({ pChainAddresses: 'P-fuji1abc' }), 'Invalid P-Chain Addresses: "P-fuji1abc" is not a P-Chain address'],
		['no sub-event', pChainParameters({ addressSubEvents: [] }), 'Invalid Sub-Events: no sub-event chosen (choose at least one)'],
		['a node ID of the wrong form', validatorParameters({ validatorKeyType: 'nodeId', validatorKey: 'NodeID-abc' }), 'Invalid Node ID: "NodeID-abc" is not a node ID'],
		['two keys for the validator type', validatorParameters({ validatorKeyType: 'nodeId', validatorKey: `${VALIDATOR}, ${OTHER_VALIDATOR}` }), new RegExp(`^Invalid Node ID: "${VALIDATOR}, NodeID-\\w+\\.\\.\\." holds 2 keys, but a validator webhook watches exactly one node ID \\(one webhook per key\\)$`)],
		['a fee threshold that is not a number', validatorParameters({ feeBalanceThreshold: '1,5' }), 'Invalid L1 Fee Balance Threshold (AVAX): "1,5" is not an amount of AVAX'],
		['a node ID filter of the wrong form', validatorParameters({ validatorFilters: { nodeIds: 'node-1' } }), 'Invalid Node IDs: "node-1" is not a node ID'],
		['two node IDs of the wrong form in the filter', validatorParameters({ validatorFilters: { nodeIds: `node-1, ${OTHER_VALIDATOR}, NodeID-2` } }), 'Invalid Node IDs: 2 of 3 are not node IDs (NodeID- followed by 32 or 33 letters and digits): #1 "node-1", #3 "NodeID-2"'],
	])('refuses %s at activation, naming field and value, before any request', async (_case, parameters, message) => {
		await expect(harness(parameters).activate()).rejects.toThrow(message);
		expect(await control.requests()).toEqual([]);
	});
});

describe('workflows saved before the Event parameter existed', () => {
	it('still register an address_activity webhook', async () => {
		const parameters = triggerParameters();
		expect(parameters.eventType).toBeUndefined();
		const trigger = harness(parameters);
		await trigger.activate();
		expect((await createBodies()).map((body) => (body as { eventType: string }).eventType)).toEqual(['address_activity']);
		await trigger.deactivate();
	});
});

describe('P-Chain addresses typed in upper case', () => {
	it('are sent as "P-" and lower case, and the webhook is kept at the next activation', async () => {
		const trigger = harness(pChainParameters({ pChainAddresses: `${TREASURY.toUpperCase().replace('P-FUJI', 'P-fuji')}` }));
		await trigger.activate();
		await trigger.activate();
		expect(await createBodies()).toHaveLength(1);
		expect((await createBodies())[0]).toMatchObject({ metadata: { keys: [TREASURY] } });
	});
});

describe('changing the Event of an active trigger', () => {
	it('deletes the EVM webhooks when it now watches P-Chain activity, and the P-Chain webhook when it watches EVM activity again', async () => {
		const trigger = new TriggerHarness({ parameters: triggerParameters({ chainIds: ['43113', '43114'] }), credentials: { apiKey: key, baseUrl: emulator.url }, typeVersion: 3 });
		await trigger.activate();
		expect((await accountWebhooks()).map((webhook) => webhook.eventType)).toEqual(['address_activity', 'address_activity']);

		trigger.setParameters(pChainParameters());
		await trigger.activate();
		expect((await accountWebhooks()).map((webhook) => webhook.eventType)).toEqual(['primary_network_address_activity']);

		trigger.setParameters(triggerParameters({ chainIds: ['43113'] }));
		await trigger.activate();
		expect((await accountWebhooks()).map((webhook) => webhook.eventType)).toEqual(['address_activity']);
		await trigger.deactivate();
		expect(await accountWebhooks()).toEqual([]);
	});
});
