// What the nodes rely on in n8n beyond its documented node API (nodes/shared/n8n/n8nInternals.ts),
// each checked in real n8n, on 2.41.1 (npm run test:e2e) and 1.123.81 (npm run test:e2e:n8n1): a
// case here fails when an n8n version changes what its function relies on. Relied on elsewhere and
// checked there: n8n's activation retry window (trigger-service.test.ts, 2.x), the production URL
// served during activation (catchup.test.ts), an AI agent's tool type and $fromAI arguments
// (mcp.test.ts).
import type { IDataObject } from 'n8n-workflow';

import { ranKeys, readPosition, transactionKey } from '../../nodes/AddressActivityTrigger/staticData/position';
import { N8N_MAJOR } from '../support/install';
import { nodeOutput, type Workflow } from '../support/n8nClient';
import type { DeliveryAttempt } from '../harness/emulatorControl';
import { TRIGGER_NODE_NAME } from '../harness/names';
import { waitFor } from '../harness/wait';
import { signMessage } from '../emulator/delivery/signing';
import { newMessage, post } from './helpers/signedDeliveries';
import { listenForLiveTransfer, nextExecution, testWebhooksOf } from './helpers/executeStep';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';
import { addresses, triggerWorkflow } from './helpers/workflows';

const [ALICE, BOB] = addresses(2, 'ab1e');
const STRANGER = addresses(1, 'fade')[0];
const CHAIN = '43113';
const TRIGGER = TRIGGER_NODE_NAME;
const STATIC_DATA_KEY = `node:${TRIGGER}`;

type WithStaticData = Workflow & { staticData?: Record<string, Record<string, unknown>> };

describe('what the nodes rely on in n8n', () => {
	let stack: Stack;
	let secret: string;
	let workflow: Workflow;
	let url: string;
	/** A delivery of the emulator's that ran, to copy as new messages. */
	let delivery: DeliveryAttempt;
	/** Static data as n8n saved it after activation, through its REST API. */
	let published: Record<string, unknown> | undefined;

	const executions = async (id = workflow.id) => await stack.client.listExecutions(id);
	const staticDataOf = async (id: string) => ((await stack.client.getWorkflow(id)) as WithStaticData).staticData?.[STATIC_DATA_KEY];
	/** The messageIds of the trigger's items in each finished execution of the workflow. */
	const messagesRun = async (): Promise<string[]> => {
		const list = await executions();
		const runs: string[] = [];
		for (const summary of list) runs.push(...new Set(nodeOutput(await stack.getExecution(summary.id), TRIGGER).map((item) => String(item.messageId))));
		return runs.sort();
	};
	/** Waits until the execution that ran `messageId` has finished. */
	const ranMessage = async (messageId: string) => await waitFor(`the run of message ${messageId}`, async () => (await messagesRun()).includes(messageId), 60_000, 250);

	beforeAll(async () => {
		stack = await startStack();
		secret = await stack.control.sharedSecret(EMULATOR_KEY);
		workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'n8n internals: watch Alice', chainId: CHAIN, addresses: [ALICE], credential: stack.credential, typeVersion: 2 }),
		);
		url = `${stack.n8n.url}/webhook/${workflow.nodes.find((node) => node.name === TRIGGER)!.webhookId}/webhook`;
		await stack.client.activateWorkflow(workflow.id);
		const webhook = await waitFor('the webhook at the emulator', async () => (await stack.control.webhooks()).find((entry) => entry.url === url));
		published = await waitFor('the activation in static data', async () => {
			const data = await staticDataOf(workflow.id);
			return (data?.chains as Record<string, { webhookId?: string }> | undefined)?.[CHAIN]?.webhookId === webhook.id ? data : undefined;
		});
		const tx = await stack.control.activity({ chainId: CHAIN, from: STRANGER, to: ALICE, value: '1000000000000000000' });
		delivery = await waitFor('the emulator’s delivery', async () =>
			(await stack.control.deliveries({ webhookId: webhook.id })).find(
				(attempt) => attempt.outcome === 'delivered' && (attempt.body.event as { transaction: { txHash: string } }).transaction.txHash === tx.txHash,
			),
		);
		await ranMessage(delivery.messageId);
	});

	afterAll(async () => {
		await stack?.stop();
	});

	it('n8n ends its answer through response.end, so the trigger learns the status: a copy sent after the first was answered 200 is acknowledged without a run', async () => {
		const message = newMessage(delivery, secret);
		const first = await post(url, message.text, message.signature);
		expect(first.status).toBe(200);
		// Had the trigger not seen n8n's 200, the copy would wait for it and be answered 503.
		const copy = await post(url, message.text, message.signature);
		expect(copy.status).toBe(200);
		expect(JSON.parse(copy.text)).toEqual({ received: true });
		// A later message runs: by then a run of the copy would have been started.
		const later = newMessage(delivery, secret);
		expect((await post(url, later.text, later.signature)).status).toBe(200);
		await ranMessage(later.messageId);
		const runs = await messagesRun();
		expect(runs.filter((messageId) => messageId === message.messageId)).toHaveLength(1);
		expect(runs.filter((messageId) => messageId === later.messageId)).toHaveLength(1);
	});

	it('n8n keeps the request’s bytes (rawBody): a delivery signed over its bytes, not its canonical form, runs', async () => {
		const message = newMessage(delivery, secret);
		// Indented and in the delivery's own key order: its bytes differ from its JCS text.
		const text = JSON.stringify(message.body, null, 2);
		const signature = signMessage(message.body, secret, 'raw', text);
		expect(signature).not.toBe(signMessage(message.body, secret, 'jcs'));
		const answer = await post(url, text, signature);
		expect(answer.status).toBe(200);
		await ranMessage(message.messageId);
	});

	it('n8n tells a test request’s URL from the production one: a delivery to the test URL while listening runs as a test event', async () => {
		const listener = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'n8n internals: listen for Bob', chainId: CHAIN, addresses: [BOB], credential: stack.credential, typeVersion: 2 }),
		);
		const webhookPath = listener.nodes.find((node) => node.name === TRIGGER)!.webhookId!;
		const testUrl = `${stack.n8n.url}/webhook-test/${webhookPath}/webhook`;
		// The first Execute step ends with the trigger's sample; the second waits for a live transfer.
		await listenForLiveTransfer(stack, listener.id, TRIGGER, webhookPath);
		expect((await testWebhooksOf(stack, webhookPath)).map((entry) => entry.url)).toEqual([testUrl]);
		const tx = await stack.control.activity({ chainId: CHAIN, from: STRANGER, to: BOB, value: '2000000000000000000' });
		const run = await nextExecution(stack, listener.id, 1);
		expect(run.status).toBe('success');
		expect(nodeOutput(await stack.getExecution(run.id), TRIGGER)).toEqual([
			expect.objectContaining({ monitoredAddress: BOB, txHash: tx.txHash, testEvent: true }),
		]);
	});

	it('n8n saves what the activation stored in static data, and what a delivery that starts a run stores (its durable position), leaving the activation’s as it was', async () => {
		expect(published).toEqual({
			chains: { [CHAIN]: expect.objectContaining({ webhookUrl: url, ownAddresses: [ALICE], catchUp: expect.objectContaining({ mark: expect.any(Object) }) }) },
		});
		const message = newMessage(delivery, secret);
		expect((await post(url, message.text, message.signature)).status).toBe(200);
		const txHash = (message.body.event as { transaction: { txHash: string } }).transaction.txHash;
		const recorded = async () => ranKeys(readPosition(((await staticDataOf(workflow.id))?.chains as Record<string, IDataObject> | undefined)?.[CHAIN]?.position)).has(transactionKey(txHash));
		// n8n 2.x saves a run's change before it answers (keepStaticDataChangeUntilAnswered); the trigger
		// writes a run on 1.x only once it can exist, seconds after n8n's answer (answersBeforeRun).
		if (N8N_MAJOR === 2) expect(await recorded()).toBe(true);
		else await waitFor('the run in the durable position', recorded, 30_000);
		await ranMessage(message.messageId);
		const saved = (await staticDataOf(workflow.id)) as { chains: Record<string, IDataObject> };
		const registration = { ...saved.chains[CHAIN] };
		delete registration.position;
		expect({ chains: { [CHAIN]: registration } }).toEqual(published);
	});
});
