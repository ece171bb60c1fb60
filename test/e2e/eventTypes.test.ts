// The webhook trigger's P-Chain and validator event types in real n8n with the emulator: a
// treasury's P-Chain balance threshold alert and an L1 validator's low fee balance alert, each
// registered at activation, each starting exactly one run from the emulator's own signed delivery
// of injected activity, each webhook removed at deactivation.
import { randomUUID } from 'crypto';

import { nodeOutput, type Workflow, type WorkflowInput } from '../support/n8nClient';
import { nodeId, pChainAddress, subnetId } from '../harness/emulatorControl';
import { CREDENTIAL_TYPE, TRIGGER_NODE_NAME, TRIGGER_NODE_TYPE } from '../harness/names';
import { waitFor } from '../harness/wait';
import { settledExecutions } from './helpers/settled';
import { startStack, type Stack } from './helpers/stack';

const TREASURY = pChainAddress('fuji', 'e2e treasury');
const VALIDATOR = nodeId('e2e validator');
const L1 = subnetId('e2e l1');
const nAVAX = (avax: number) => `${avax}000000000`;

describe('P-Chain and validator alerts in n8n', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack();
	});

	afterAll(async () => {
		await stack?.stop();
	});

	function alertWorkflow(name: string, parameters: Record<string, unknown>): WorkflowInput {
		return {
			name,
			nodes: [
				{
					id: randomUUID(),
					name: TRIGGER_NODE_NAME,
					type: TRIGGER_NODE_TYPE,
					typeVersion: 3,
					position: [0, 0],
					webhookId: randomUUID(),
					credentials: { [CREDENTIAL_TYPE]: stack.credential },
					parameters: { network: 'fuji', options: {}, ...parameters },
				},
				{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
			],
			connections: { [TRIGGER_NODE_NAME]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		};
	}

	const webhooksOf = async (workflow: Workflow) => {
		const url = `${stack.n8n.url}/webhook/${workflow.nodes.find((node) => node.name === TRIGGER_NODE_NAME)!.webhookId}/webhook`;
		return (await stack.control.primaryNetworkWebhooks()).filter((webhook) => webhook.url === url);
	};

	async function activeAlert(name: string, parameters: Record<string, unknown>): Promise<Workflow> {
		const workflow = await stack.client.createWorkflow(alertWorkflow(name, parameters));
		await stack.client.activateWorkflow(workflow.id);
		await waitFor(`the webhook of "${name}" receiving`, async () => (await webhooksOf(workflow)).some((webhook) => webhook.status === 'active'));
		return workflow;
	}

	/** The items of the one run the workflow started, once no second one can come (every delivery settled, every answered request run). */
	async function onlyRun(workflow: Workflow) {
		const executions = await settledExecutions(stack, workflow, { atLeast: 1 });
		expect(executions).toHaveLength(1);
		const execution = await stack.getExecution(executions[0].id);
		expect(execution.status).toBe('success');
		return nodeOutput(execution, TRIGGER_NODE_NAME);
	}

	async function deactivated(workflow: Workflow): Promise<void> {
		await stack.client.deactivateWorkflow(workflow.id);
		await waitFor(`the webhook of "${workflow.name}" removed`, async () => (await webhooksOf(workflow)).length === 0);
	}

	it('a treasury balance threshold alert starts one run when the balance falls below 2,500 AVAX', async () => {
		const change = (avax: number) => stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: TREASURY, balanceType: 'unlockedUnstaked', change: nAVAX(avax) }] });
		await change(3000); // before the workflow is active: no webhook to deliver to
		const workflow = await activeAlert('Treasury below 2,500 AVAX', {
			eventType: 'primary_network_address_activity',
			pChainAddresses: TREASURY,
			addressSubEvents: ['balance_threshold'],
			balanceType: 'unlockedUnstaked',
			balanceThreshold: '2500',
		});
		const [webhook] = await webhooksOf(workflow);
		expect(webhook.metadata).toMatchObject({ keys: [TREASURY], balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: nAVAX(2500) } });
		await change(-800);

		expect(await onlyRun(workflow)).toMatchObject([
			{ subEvent: 'balance_threshold', crossed: 'below', balanceAvax: '2200', thresholdAvax: '2500', amountAvax: '-800', addresses: [TREASURY], network: 'fuji', webhookId: expect.any(String) as unknown },
		]);
		await deactivated(workflow);
	});

	it("an L1 validator's low fee balance alert starts one run when the fee balance falls to 1.25 AVAX", async () => {
		const workflow = await activeAlert('L1 validator fee balance low', {
			eventType: 'validator_activity',
			validatorKeyType: 'nodeId',
			validatorKey: VALIDATOR,
			validatorSubEvents: ['l1_validator_balance_threshold'],
			feeBalanceThreshold: '1.25',
		});
		const fee = (change: string) => stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: VALIDATOR, subnetId: L1, change });
		await fee(nAVAX(3));
		await fee('-1750000000');

		const [item] = await onlyRun(workflow);
		expect(item).toMatchObject({ subEvent: 'l1_validator_balance_threshold', nodeId: VALIDATOR, subnetId: L1, feeBalanceAvax: '1.25', feeBalanceThresholdAvax: '1.25', network: 'fuji' });
		expect(item.time).toMatch(/^\d{4}-\d\d-\d\dT/);
		await deactivated(workflow);
	});
});
