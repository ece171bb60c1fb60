/* eslint-disable @n8n/community-nodes/no-restricted-globals */
// Execute step on the webhook trigger in real n8n (2.41.1; 1.123.81 with N8N_VERSION): on
// addresses with history the trigger's sample run comes at once (the newest transfer, marked sample
// and testEvent) and ends the listening; on an address without history the run's one item says so;
// the next Execute step waits for a live transfer, which runs once; on a P-Chain Address Activity
// trigger the newest event of the address, read from the P-Chain history. Also relied on here (see
// nodes/shared/n8n/n8nInternals.ts): n8n hands webhook() the static data checkExists and create
// left once it has registered the test webhook, and ends test listening at the first run.
import { pChainAddress } from '../emulator/primary/ids';
import type { DeliveryAttempt } from '../harness/emulatorControl';
import { TRIGGER_NODE_NAME } from '../harness/names';
import { waitFor } from '../harness/wait';
import { nodeOutput } from '../support/n8nClient';
import { executeStep, listenForLiveTransfer, nextExecution, testWebhooksOf } from './helpers/executeStep';
import { settledExecutions } from './helpers/settled';
import { startStack, type Stack } from './helpers/stack';
import { triggerWorkflow } from './helpers/workflows';

const CHAIN = '43113';
const TRIGGER = TRIGGER_NODE_NAME;
// Typed in mixed case, as users paste them.
const TREASURY = '0x5a3F0000000000000000000000000000000000Aa';
const QUIET = '0x5a3F0000000000000000000000000000000000Bb';
const SENDER = '0x5a3F0000000000000000000000000000000000Cc';
const AVAX = BigInt('1000000000000000000');

describe(`Execute step on the Address Activity Trigger (n8n ${process.env.N8N_VERSION || '2.41.1'})`, () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack();
		// The treasury's history: 2 AVAX in, then 0.5 AVAX out.
		await stack.control.activity({ chainId: CHAIN, from: SENDER, to: TREASURY, value: (AVAX * BigInt(2)).toString() });
		await stack.control.activity({ chainId: CHAIN, from: TREASURY, to: SENDER, value: (AVAX / BigInt(2)).toString() });
	}, 600_000);

	afterAll(async () => {
		await stack?.stop();
	});

	async function triggerOf(name: string, address: string) {
		const workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name, chainId: CHAIN, addresses: [address], credential: stack.credential, typeVersion: 3, parameters: { filters: { directions: ['in'] } } }),
		);
		return { workflow, webhookPath: workflow.nodes.find((node) => node.name === TRIGGER)!.webhookId! };
	}

	/** Execute step, then the run it ends with and its trigger items. */
	async function firstRun(workflowId: string) {
		await executeStep(stack, workflowId, TRIGGER);
		const run = await nextExecution(stack, workflowId, 0);
		return { run, items: nodeOutput(await stack.getExecution(run.id), TRIGGER) };
	}

	it('shows the newest incoming transfer of an address with history at once, marked sample, and stops listening', async () => {
		const { workflow, webhookPath } = await triggerOf('Execute step: treasury', TREASURY);
		const { run, items } = await firstRun(workflow.id);
		expect(run).toMatchObject({ mode: 'manual', status: 'success' });
		expect(items).toEqual([
			expect.objectContaining({ direction: 'in', amount: '2', symbol: 'AVAX', monitoredAddress: TREASURY, from: SENDER, testEvent: true, sample: true, messageId: expect.stringMatching(/^sample:/) }),
		]);
		// As after a test event, n8n ends the listening and the test webhook goes.
		await waitFor('the test webhook to be removed', async () => (await testWebhooksOf(stack, webhookPath)).length === 0);
	});

	it('says there is nothing to show yet on an address without history, in the run\'s one item', async () => {
		const { workflow } = await triggerOf('Execute step: quiet', QUIET);
		const { items } = await firstRun(workflow.id);
		expect(items).toEqual([
			expect.objectContaining({ sample: true, testEvent: true, message: expect.stringMatching(/^Nothing to show yet: no transfer among the newest transactions of the address 0x5a3F0+Bb on chain 43113/) }),
		]);
	});

	it('waits for a live transfer at the next Execute step, which runs once', async () => {
		const { workflow, webhookPath } = await triggerOf('Execute step: live', QUIET);
		await listenForLiveTransfer(stack, workflow.id, TRIGGER, webhookPath);
		const [testWebhook] = await testWebhooksOf(stack, webhookPath);
		const tx = await stack.control.activity({ chainId: CHAIN, from: SENDER, to: QUIET, value: (AVAX * BigInt(3)).toString() });
		const run = await nextExecution(stack, workflow.id, 1);
		expect(nodeOutput(await stack.getExecution(run.id), TRIGGER)).toEqual([
			expect.objectContaining({ direction: 'in', amount: '3', txHash: tx.txHash, webhookId: testWebhook.id, testEvent: true }),
		]);
		// The service delivered it once, answered 200 at the first attempt; n8n ran it once (the sample's and this one).
		const settled = await settledExecutions(stack, workflow, { atLeast: 2, webhookIds: [testWebhook.id] });
		const attempts = (await stack.control.deliveries({ webhookId: testWebhook.id })) as DeliveryAttempt[];
		expect(attempts.map((attempt) => attempt.statusCode)).toEqual([200]);
		expect(settled).toHaveLength(2);
		await waitFor('the test webhook to be removed', async () => (await testWebhooksOf(stack, webhookPath)).length === 0);
	});

	it('shows the newest event of a P-Chain address at once on a P-Chain Address Activity trigger, marked sample', async () => {
		const wallet = pChainAddress('fuji', 'e2e execute step wallet');
		await stack.control.pChainTransaction({ network: 'fuji', balanceChanges: [{ address: wallet, balanceType: 'unlockedUnstaked', change: (BigInt(12) * BigInt(1e9)).toString() }] });
		const parameters = { eventType: 'primary_network_address_activity', network: 'fuji', pChainAddresses: wallet, addressSubEvents: ['balance_change'], output: 'events' };
		const workflow = await stack.client.createWorkflow(triggerWorkflow({ name: 'Execute step: P-Chain', chainId: CHAIN, addresses: [], credential: stack.credential, typeVersion: 3, parameters }));
		const { run, items } = await firstRun(workflow.id);
		expect(run).toMatchObject({ mode: 'manual', status: 'success' });
		expect(items).toEqual([
			expect.objectContaining({ subEvent: 'balance_change', amountAvax: '12', balanceAvax: '12', addresses: [wallet], testEvent: true, sample: true, messageId: expect.stringMatching(/^sample:/) }),
		]);
	});
});
