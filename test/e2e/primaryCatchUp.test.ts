/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The P-Chain and validator alerts caught up in real n8n with the emulator (free plan): a treasury's
// balance threshold alert and an L1 validator's fee balance alert that happen while the workflow is
// unpublished, or while n8n is down until the service deactivates the webhooks, each start exactly
// one run afterwards (after publishing again; after the restart through the webhook-health example
// on n8n 2.x, by n8n's own start-up on 1.x). A live alert made after the catch-up run shows the
// webhook receives again, and that nothing else runs: the executions are counted once that live
// alert's message was delivered.
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

import { N8N_MAJOR } from '../support/install';
import { nodeOutput, type Workflow, type WorkflowInput } from '../support/n8nClient';
import { exampleFiles } from '../support/sandbox';
import { nodeId, pChainAddress, subnetId } from '../harness/emulatorControl';
import { CREDENTIAL_TYPE, TRIGGER_NODE_NAME, TRIGGER_NODE_TYPE } from '../harness/names';
import { waitFor } from '../harness/wait';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';

const L1 = subnetId('e2e catch-up l1');
const nAVAX = (avax: number) => String(BigInt(Math.round(avax * 1000)) * BigInt(1_000_000));
/** The free plan deactivates a webhook once more than 5 of its messages entered the retry queue. */
const MESSAGES_TO_DEACTIVATE = 6;

type IDataObject = Record<string, unknown>;

describe('P-Chain and validator alerts caught up in n8n', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack({ emulator: { apiKeys: [{ key: EMULATOR_KEY, plan: 'free' }] } });
	});

	afterAll(async () => {
		await stack?.stop();
	});

	function alertWorkflow(name: string, parameters: IDataObject): WorkflowInput {
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

	/** A treasury's alert below 2,500 AVAX and an L1 validator's alert at 1.25 AVAX of fee balance. */
	function alerts(label: string) {
		const treasury = pChainAddress('fuji', `e2e catch-up treasury ${label}`);
		const validator = nodeId(`e2e catch-up validator ${label}`);
		const treasuryAlert = alertWorkflow(`Treasury below 2,500 AVAX (${label})`, {
			eventType: 'primary_network_address_activity',
			pChainAddresses: treasury,
			addressSubEvents: ['balance_threshold'],
			balanceType: 'unlockedUnstaked',
			balanceThreshold: '2500',
		});
		const feeAlert = alertWorkflow(`L1 validator fee balance low (${label})`, {
			eventType: 'validator_activity',
			validatorKeyType: 'nodeId',
			validatorKey: validator,
			validatorSubEvents: ['l1_validator_balance_threshold'],
			feeBalanceThreshold: '1.25',
		});
		const balance = async (avax: number) =>
			(await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: treasury, balanceType: 'unlockedUnstaked', change: nAVAX(avax) }] })).txHash;
		const fee = async (avax: number) => await stack.control.validatorActivity({ network: 'fuji', activity: 'l1_validator_fee_balance', nodeId: validator, subnetId: L1, change: nAVAX(avax) });
		return { treasury, validator, treasuryAlert, feeAlert, balance, fee };
	}

	const urlOf = (workflow: Workflow) => `${stack.n8n.url}/webhook/${workflow.nodes.find((node) => node.name === TRIGGER_NODE_NAME)!.webhookId}/webhook`;
	const webhookOf = async (workflow: Workflow) => (await stack.control.primaryNetworkWebhooks()).find((webhook) => webhook.url === urlOf(workflow));
	const statusOf = async (workflow: Workflow) => (await webhookOf(workflow))?.status;

	async function publish(workflow: Workflow): Promise<void> {
		await stack.client.activateWorkflow(workflow.id);
		await waitFor(`the webhook of "${workflow.name}" receiving`, async () => (await statusOf(workflow)) === 'active');
	}

	async function unpublish(workflow: Workflow): Promise<void> {
		await stack.client.deactivateWorkflow(workflow.id);
		await waitFor(`the webhook of "${workflow.name}" removed`, async () => (await webhookOf(workflow)) === undefined);
	}

	/** The trigger's items of each execution, oldest first, once `count` executions have ended. */
	async function runs(workflow: Workflow, count: number): Promise<IDataObject[][]> {
		await waitFor(`${count} runs of "${workflow.name}"`, async () => {
			const executions = await stack.client.listExecutions(workflow.id);
			return executions.length >= count && executions.every((execution) => !['running', 'new'].includes(execution.status));
		}, 90_000);
		const executions = (await stack.client.listExecutions(workflow.id)).sort((a, b) => Number(a.id) - Number(b.id));
		return await Promise.all(executions.map(async (execution) => nodeOutput(await stack.getExecution(execution.id), TRIGGER_NODE_NAME) as IDataObject[]));
	}

	/** Waits until the webhook's latest message was delivered (answered 200 after n8n took the run). */
	async function delivered(workflow: Workflow, messages: number): Promise<void> {
		const webhook = await webhookOf(workflow);
		await waitFor(`the live alert of "${workflow.name}" delivered`, async () => {
			const attempts = await stack.control.deliveries({ webhookId: webhook!.id });
			return new Set(attempts.filter((attempt) => attempt.outcome === 'delivered').map((attempt) => attempt.messageId)).size >= messages;
		});
	}

	it('alerts that happen while the workflow is unpublished each start exactly one run after it is published again', async () => {
		const { treasuryAlert, feeAlert, balance, fee } = alerts('unpublished');
		await balance(3000);
		await fee(3);
		const treasury = await stack.client.createWorkflow(treasuryAlert);
		const feeBalance = await stack.client.createWorkflow(feeAlert);
		await publish(treasury);
		await publish(feeBalance);
		await unpublish(treasury);
		await unpublish(feeBalance);

		const fall = await balance(-800);
		await fee(-2);
		await publish(treasury);
		await publish(feeBalance);
		const [[caughtUp]] = await runs(treasury, 1);
		expect(caughtUp).toMatchObject({ subEvent: 'balance_threshold', crossed: 'below', balanceAvax: '2200', txHash: fall, catchUp: true });
		const [[feeCaughtUp]] = await runs(feeBalance, 1);
		expect(feeCaughtUp).toMatchObject({ subEvent: 'l1_validator_balance_threshold', feeBalanceAvax: '1', feeBalanceThresholdAvax: '1.25', catchUp: true, notKnown: ['blockTimestamp', 'feeBalance'] });

		// Live again: one more crossing each, and nothing else runs.
		const rise = await balance(1000);
		await fee(3);
		await fee(-3.5);
		await delivered(treasury, 1);
		await delivered(feeBalance, 1);
		const treasuryRuns = await runs(treasury, 2);
		expect(treasuryRuns.map((run) => run.map((item) => [item.txHash, item.crossed, item.catchUp ?? false]))).toEqual([[[fall, 'below', true]], [[rise, 'above', false]]]);
		const feeRuns = await runs(feeBalance, 2);
		expect(feeRuns.map((run) => run.map((item) => [item.subEvent, item.feeBalanceAvax, item.catchUp ?? false]))).toEqual([
			[['l1_validator_balance_threshold', '1', true]],
			[['l1_validator_balance_threshold', '0.5', false]],
		]);
		await unpublish(treasury);
		await unpublish(feeBalance);
	});

	/** The webhook-health example, imported with the stack's credential, run once from its schedule trigger. */
	async function runHealthExample() {
		const example = JSON.parse(fs.readFileSync(exampleFiles().find((file) => path.basename(file) === 'address-activity-webhook-health.json')!, 'utf8')) as WorkflowInput;
		for (const node of example.nodes) if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = stack.credential;
		const health = await stack.client.createWorkflow(example);
		const start = health.nodes.find((node) => node.type === 'n8n-nodes-base.scheduleTrigger')!;
		return await stack.getExecution(await stack.client.runWorkflow(health.id, start.name));
	}

	it(`alerts during a free-plan outage each start exactly one run once the webhooks receive again (${N8N_MAJOR === 2 ? 'the webhook-health example' : "n8n 1.x's start-up"})`, async () => {
		const { treasuryAlert, feeAlert, balance, fee } = alerts('outage');
		await balance(3000);
		await fee(3);
		const treasury = await stack.client.createWorkflow(treasuryAlert);
		const feeBalance = await stack.client.createWorkflow(feeAlert);
		await publish(treasury);
		await publish(feeBalance);

		// n8n down: every crossing is a message that fails, until the service deactivates each webhook; then one more.
		const crossings: string[] = [];
		await stack.restartN8n(async () => {
			for (let count = 0; count <= MESSAGES_TO_DEACTIVATE; count++) {
				crossings.push(await balance(count % 2 === 0 ? -800 : 800));
				await fee(-2);
				await fee(2);
			}
			await fee(-2);
			await waitFor('the service to deactivate both webhooks', async () => (await statusOf(treasury)) === 'inactive' && (await statusOf(feeBalance)) === 'inactive');
		});
		if (N8N_MAJOR === 2) {
			const health = await runHealthExample();
			expect(health.data.resultData.error?.message).toBeUndefined();
			const reactivated = nodeOutput(health, 'Reactivate and Catch Up') as IDataObject[];
			const outcome = (workflow: Workflow) => reactivated.find((item) => item.url === urlOf(workflow))?.catchUp;
			expect(outcome(treasury)).toEqual(expect.objectContaining({ requested: true, statusCode: 200, events: crossings.length }));
			expect(outcome(feeBalance)).toEqual(expect.objectContaining({ requested: true, statusCode: 200, events: MESSAGES_TO_DEACTIVATE + 2 }));
		}
		const [caughtUp] = await runs(treasury, 1);
		expect(caughtUp.map((item) => [item.txHash, item.crossed, item.catchUp])).toEqual(crossings.map((hash, index) => [hash, index % 2 === 0 ? 'below' : 'above', true]));
		const [feeCaughtUp] = await runs(feeBalance, 1);
		// Each fall to 1 AVAX: those before a top-up shown by the top-up's transaction, the last by the fee balance now.
		expect(feeCaughtUp.map((item) => [item.subEvent, item.feeBalanceAvax, item.catchUp])).toEqual(
			Array.from({ length: MESSAGES_TO_DEACTIVATE + 2 }, () => ['l1_validator_balance_threshold', '1', true]),
		);

		const rise = await balance(crossings.length % 2 === 0 ? -800 : 800);
		await fee(3);
		await fee(-3.5);
		await delivered(treasury, 1);
		await delivered(feeBalance, 1);
		expect((await runs(treasury, 2)).map((run) => run.map((item) => [item.txHash, item.catchUp ?? false]))).toEqual([
			crossings.map((hash) => [hash, true]),
			[[rise, false]],
		]);
		expect((await runs(feeBalance, 2)).map((run) => run.length)).toEqual([MESSAGES_TO_DEACTIVATE + 2, 1]);
		await unpublish(treasury);
		await unpublish(feeBalance);
	});
});
