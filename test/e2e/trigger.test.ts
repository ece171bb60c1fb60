// The Address Activity Trigger in real n8n: activation registers one webhook at the service,
// signed deliveries start one execution per message, forged and repeated deliveries start none,
// deactivation removes the webhook, and an n8n restart loses no message and runs none twice;
// with Output: Decoded Events a contract event arrives decoded.
import { nodeOutput, type ExecutionSummary, type Workflow } from '../support/n8nClient';
import type { DeliveryAttempt } from '../harness/emulatorControl';
import { TRIGGER_NODE_NAME } from '../harness/names';
import { waitFor } from '../harness/wait';
import { listenForLiveTransfer, nextExecution, testWebhooksOf } from './helpers/executeStep';
import { recordedAsRun } from './helpers/position';
import { publicationSettled, settledExecutions } from './helpers/settled';
import { startStack, type Stack } from './helpers/stack';
import { addresses, triggerWorkflow } from './helpers/workflows';

const [ALICE, BOB] = addresses(2, 'a11ce');
const STRANGER = addresses(1, 'ffff')[0];
const CHAIN = '43113';
const TRIGGER = TRIGGER_NODE_NAME;

type EmulatorWebhook = { id: string; url: string; status: string; name?: string; metadata?: { addresses?: string[] } };

describe('the Address Activity Trigger in n8n', () => {
	let stack: Stack;
	let workflow: Workflow;
	/** What the service held before the activation, and the activation's outcome (n8n 2.x; undefined on 1.x, which activates before answering). */
	let webhooksBeforeActivation: EmulatorWebhook[];
	let activation: string | undefined;
	/** The first transfer (Alice pays 1.5 to a stranger) and its delivery, acknowledged. */
	let native: { txHash: string };
	let firstDelivery: DeliveryAttempt;

	const webhooks = async () => (await stack.control.webhooks()) as unknown as EmulatorWebhook[];
	const executions = async (): Promise<ExecutionSummary[]> => await stack.client.listExecutions(workflow.id);
	/** Expects exactly `count` executions once no more can come (every delivery settled, every answered request run). */
	const expectExecutions = async (count: number) => {
		const all = await settledExecutions(stack, workflow, { atLeast: count });
		expect(all).toHaveLength(count);
		return all;
	};
	const productionUrl = () => `${stack.n8n.url}/webhook/${workflow.nodes.find((node) => node.name === TRIGGER)!.webhookId}/webhook`;

	beforeAll(async () => {
		stack = await startStack();
		workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'Watch Alice and Bob', chainId: CHAIN, addresses: [ALICE, BOB], credential: stack.credential }),
		);
		webhooksBeforeActivation = await webhooks();
		await stack.client.activateWorkflow(workflow.id);
		activation = (await publicationSettled(stack, workflow.id))?.status;
		native = await stack.control.activity({ chainId: CHAIN, from: ALICE, to: STRANGER, value: '1500000000000000000' });
		firstDelivery = await waitFor('the first delivery to be acknowledged', async () =>
			(await stack.control.deliveries()).find((attempt) => txHashOf(attempt) === native.txHash && attempt.outcome === 'delivered'),
		);
	});

	afterAll(async () => {
		await stack?.stop();
	});

	it('activation creates exactly one webhook at the service, pointing at n8n’s production webhook URL', async () => {
		expect(webhooksBeforeActivation).toHaveLength(0);
		// The activation has ended (n8n 2.x: its publication; 1.x answers once it ran): nothing more creates one.
		expect(activation ?? 'published').toBe('published');
		const list = await webhooks();
		expect(list).toHaveLength(1);
		const [webhook] = list;
		expect(webhook.url).toBe(productionUrl());
		expect(webhook.status).toBe('active');
		expect(webhook.metadata?.addresses?.map((address) => address.toLowerCase()).sort()).toEqual([ALICE, BOB].sort());
	});

	it('starts one execution per delivered message, with one transfer item per monitored address involved', async () => {
		const [first] = await expectExecutions(1);
		expect(firstDelivery).toMatchObject({ attempt: 1, statusCode: 200 });
		const execution = await stack.getExecution(first.id);
		expect(execution.mode).toBe('webhook');
		expect(execution.status).toBe('success');
		const items = nodeOutput(execution, TRIGGER);
		expect(items).toEqual([
			expect.objectContaining({
				direction: 'out',
				monitoredAddress: ALICE,
				counterparty: STRANGER,
				assetType: 'native',
				amountRaw: '1500000000000000000',
				amount: '1.5',
				txHash: native.txHash,
				chainId: CHAIN,
			}),
		]);
		// The items flowed on to the next node.
		expect(nodeOutput(execution, 'Done')).toHaveLength(1);

		const token = { address: '0x' + 'c0'.repeat(20), name: 'Test USD', symbol: 'TUSD', decimals: 6 };
		await stack.control.activity({
			chainId: CHAIN,
			from: STRANGER,
			to: token.address,
			erc20Transfers: [
				{ token, from: STRANGER, to: BOB, value: '2500000' },
				{ token, from: ALICE, to: BOB, value: '1000000' },
			],
		});
		const all = await expectExecutions(2);
		const second = await stack.getExecution(all.find((summary) => summary.id !== first.id)!.id);
		const transfers = nodeOutput(second, TRIGGER).filter((item) => item.assetType === 'erc20');
		expect(transfers).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ direction: 'in', monitoredAddress: BOB, counterparty: STRANGER, symbol: 'TUSD', amount: '2.5' }),
				expect.objectContaining({ direction: 'out', monitoredAddress: ALICE, counterparty: BOB, amount: '1' }),
				expect.objectContaining({ direction: 'in', monitoredAddress: BOB, counterparty: ALICE, amount: '1' }),
			]),
		);

		const delivered = await stack.control.deliveries();
		expect(delivered.filter((delivery) => delivery.outcome === 'delivered')).toHaveLength(2);
		expect(delivered.every((delivery) => delivery.statusCode === 200)).toBe(true);
	});

	it('starts nothing for a delivery with a bad signature', async () => {
		const before = (await executions()).length;
		const forged = { ...firstDelivery.body, messageId: '00000000-0000-4000-8000-000000000001' };
		const response = await fetch(productionUrl(), {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-signature': Buffer.from('forged').toString('base64') },
			body: JSON.stringify(forged),
		});
		expect(response.status).toBe(401);
		const unsigned = await fetch(productionUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forged) });
		expect(unsigned.status).toBe(401);
		await expectExecutions(before);
	});

	it('starts nothing for a repeated messageId (a retry of a message already run)', async () => {
		const before = (await executions()).length;
		const response = await fetch(productionUrl(), {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-signature': firstDelivery.headers['x-signature'] },
			body: JSON.stringify(firstDelivery.body),
		});
		expect(response.status).toBe(200);
		await expectExecutions(before);
	});

	it('keeps one webhook across an n8n restart; acknowledged messages are neither resent nor run again, later ones run once, and one sent while n8n was down runs once it is back', async () => {
		const [webhook] = await webhooks();
		const runsBefore = await executions();
		// Every message so far was acknowledged 200: the service is done with them.
		const attemptsBefore = await stack.control.deliveries({ webhookId: webhook.id });
		expect(attemptsBefore.length).toBeGreaterThan(0);
		expect(attemptsBefore.every((attempt) => attempt.outcome === 'delivered' && attempt.statusCode === 200)).toBe(true);

		// A restart a while after the last run: what ran is in the trigger's durable position (a
		// restart within its second is restart.test.ts's case, where n8n 1.x may repeat, marked).
		await recordedAsRun(stack, workflow, CHAIN, [...new Set(attemptsBefore.map(txHashOf))]);

		let whileDown: { txHash: string } | undefined;
		await stack.restartN8n(async () => {
			whileDown = await stack.control.activity({ chainId: CHAIN, from: ALICE, to: STRANGER, value: '700000000000000000' });
			await waitFor('the service to fail to reach n8n', async () =>
				(await stack.control.deliveries({ webhookId: webhook.id })).some((attempt) => txHashOf(attempt) === whileDown!.txHash && attempt.outcome === 'failed'),
			);
		});
		// n8n re-registers active workflows at start: the webhook at the service stays the same one.
		await waitFor('the workflow to be active again', async () => (await stack.client.getWorkflow(workflow.id)).active);
		const after = await webhooks();
		expect(after).toHaveLength(1);
		expect(after[0]).toMatchObject({ id: webhook.id, url: productionUrl(), status: 'active' });

		// The service retries the message n8n missed (its clock moved on, so the retry is due now).
		const missed = await waitFor(
			'the message sent while n8n was down to be delivered',
			async () => {
				const attempts = (await stack.control.deliveries({ webhookId: webhook.id })).filter((attempt) => txHashOf(attempt) === whileDown!.txHash);
				if (attempts.some((attempt) => attempt.outcome === 'delivered')) return attempts;
				if (attempts.every((attempt) => attempt.outcome === 'failed')) await stack.control.advanceClock(90_000);
				return undefined;
			},
			60_000,
			1000,
		);
		expect(missed[missed.length - 1]).toMatchObject({ outcome: 'delivered', statusCode: 200 });
		expect(missed.slice(0, -1).every((attempt) => attempt.outcome === 'failed')).toBe(true);

		const tx = await stack.control.activity({ chainId: CHAIN, from: BOB, to: STRANGER, value: '1000000000000000000' });
		const all = await expectExecutions(runsBefore.length + 2);
		const [latest] = [...all].sort((a, b) => Number(b.id) - Number(a.id));
		expect(nodeOutput(await stack.getExecution(latest.id), TRIGGER)).toEqual([
			expect.objectContaining({ direction: 'out', monitoredAddress: BOB, txHash: tx.txHash }),
		]);

		// One run per transfer, before and after the restart; the acknowledged messages were not sent
		// again. The transfer sent while n8n was down runs from the service's retry, or (n8n 1.x,
		// whose start-up activation catches up from where the trigger stopped) from that catch-up,
		// marked catchUp, and its retry is then acknowledged without a second run.
		const runs = new Map<string, number>();
		for (const summary of all) {
			const [item] = nodeOutput(await stack.getExecution(summary.id), TRIGGER);
			const fromCatchUp = String(item.messageId).startsWith('catch-up:');
			expect({ txHash: item.txHash, catchUp: item.catchUp === true }).toEqual({
				txHash: fromCatchUp ? whileDown!.txHash : item.txHash,
				catchUp: fromCatchUp,
			});
			runs.set(String(item.txHash), (runs.get(String(item.txHash)) ?? 0) + 1);
		}
		const attemptsAfter = await stack.control.deliveries({ webhookId: webhook.id });
		const messageIds = new Set(attemptsAfter.map((attempt) => attempt.messageId));
		expect(messageIds.size).toBe(runsBefore.length + 2);
		expect(new Set(runs.keys())).toEqual(new Set(attemptsAfter.map(txHashOf)));
		expect([...runs.values()].every((count) => count === 1)).toBe(true);
		for (const earlier of attemptsBefore) {
			expect(attemptsAfter.filter((attempt) => attempt.messageId === earlier.messageId)).toHaveLength(1);
		}
	});

	it('deactivation removes the webhook; re-activation creates exactly one again', async () => {
		await stack.client.deactivateWorkflow(workflow.id);
		await waitFor('the webhook to be removed', async () => (await webhooks()).length === 0);

		await stack.client.activateWorkflow(workflow.id);
		expect((await publicationSettled(stack, workflow.id))?.status ?? 'published').toBe('published');
		expect(await webhooks()).toHaveLength(1);
		// Re-activating an already active workflow does not register a second webhook either.
		await stack.client.activateWorkflow(workflow.id).catch(() => undefined);
		expect((await publicationSettled(stack, workflow.id))?.status ?? 'published').toBe('published');
		expect(await webhooks()).toHaveLength(1);
		await stack.client.deactivateWorkflow(workflow.id);
		await waitFor('the webhook to be removed', async () => (await webhooks()).length === 0);
	});

	it('"Execute workflow" in the editor listens at the test URL, runs once on a test event, then removes the test webhook', async () => {
		const listener = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'Listen for a test event', chainId: CHAIN, addresses: [BOB], credential: stack.credential }),
		);
		const webhookPath = listener.nodes.find((node) => node.name === TRIGGER)!.webhookId!;
		// The first Execute step ends with the trigger's sample; the second waits for a live transfer.
		await listenForLiveTransfer(stack, listener.id, TRIGGER, webhookPath);
		const [testHook] = await testWebhooksOf(stack, webhookPath);
		expect(testHook.url).toBe(`${stack.n8n.url}/webhook-test/${webhookPath}/webhook`);

		const tx = await stack.control.activity({ chainId: CHAIN, from: STRANGER, to: BOB, value: '3000000000000000000' });
		const run = await nextExecution(stack, listener.id, 1);
		expect(run).toMatchObject({ mode: 'manual', status: 'success' });
		expect(nodeOutput(await stack.getExecution(run.id), TRIGGER)).toEqual([
			expect.objectContaining({ direction: 'in', monitoredAddress: BOB, txHash: tx.txHash, amount: '3' }),
		]);
		// A test listener lasts for one event: n8n deletes the test webhook again.
		await waitFor('the test webhook to be removed', async () => !(await webhooks()).some((webhook) => webhook.id === testHook.id));
	});

	it('with "On Deactivation: keep", deactivation sets the webhook inactive and re-activation reuses it', async () => {
		const keeper = await stack.client.createWorkflow(
			triggerWorkflow({
				name: 'Keep on deactivation',
				chainId: CHAIN,
				addresses: [ALICE],
				credential: stack.credential,
				options: { onDeactivation: 'keep' },
			}),
		);
		await stack.client.activateWorkflow(keeper.id);
		expect((await publicationSettled(stack, keeper.id))?.status ?? 'published').toBe('published');
		const [created] = await webhooks();
		expect(created).toMatchObject({ status: 'active' });
		await stack.client.deactivateWorkflow(keeper.id);
		expect((await publicationSettled(stack, keeper.id))?.status ?? 'not_published').toBe('not_published');
		expect(await webhooks()).toEqual([expect.objectContaining({ id: created.id, status: 'inactive' })]);

		await stack.client.activateWorkflow(keeper.id);
		expect((await publicationSettled(stack, keeper.id))?.status ?? 'published').toBe('published');
		expect(await webhooks()).toEqual([expect.objectContaining({ id: created.id, status: 'active' })]);
		await stack.client.deactivateWorkflow(keeper.id);
	});

	it('with Output: Decoded Events, a contract event delivered with its logs starts one run whose item has the decoded arguments', async () => {
		const pool = addresses(1, '9001')[0];
		const swapTopic = '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822';
		const word = (value: string | bigint) => (typeof value === 'bigint' ? value.toString(16) : value.slice(2)).padStart(64, '0');
		const swaps = await stack.client.createWorkflow(
			triggerWorkflow({
				name: 'Decoded swaps',
				chainId: CHAIN,
				addresses: [pool],
				credential: stack.credential,
				output: 'decodedEvents',
				parameters: { eventDefinitions: 'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)' },
			}),
		);
		const url = `${stack.n8n.url}/webhook/${swaps.nodes.find((node) => node.name === TRIGGER)!.webhookId}/webhook`;
		await stack.client.activateWorkflow(swaps.id);
		const webhook = await waitFor('the Decoded Events webhook', async () => (await stack.control.webhooks()).find((candidate) => candidate.url === url && candidate.status === 'active'));
		expect({ includeLogs: webhook.includeLogs, eventSignatures: webhook.metadata.eventSignatures }).toEqual({ includeLogs: true, eventSignatures: [swapTopic] });

		const data = `0x${word(BigInt('1500000000000000000'))}${word(BigInt(0))}${word(BigInt(0))}${word(BigInt('7154321'))}`;
		const tx = await stack.control.activity({ chainId: CHAIN, from: STRANGER, to: pool, input: '0x022c0d9f', logs: [{ address: pool, topics: [swapTopic, `0x${word(STRANGER)}`, `0x${word(ALICE)}`], data }] });
		// Counted once no more runs can come (the message acknowledged, no retry scheduled, every answered request run).
		const runs = await settledExecutions(stack, swaps, { atLeast: 1 });
		expect(runs).toHaveLength(1);
		expect(runs[0].status).toBe('success');
		expect(await stack.control.deliveries({ webhookId: webhook.id })).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200 })]);
		expect(nodeOutput(await stack.getExecution(runs[0].id), TRIGGER)).toEqual([
			expect.objectContaining({
				event: 'Swap',
				signature: 'Swap(address,uint256,uint256,uint256,uint256,address)',
				contract: pool,
				txHash: tx.txHash,
				decoded: true,
				args: { sender: STRANGER, amount0In: '1500000000000000000', amount1In: '0', amount0Out: '0', amount1Out: '7154321', to: ALICE },
			}),
		]);
		await stack.client.deactivateWorkflow(swaps.id);
		await waitFor('the Decoded Events webhook removed', async () => !(await stack.control.webhooks()).some((candidate) => candidate.id === webhook.id));
	});
});

function txHashOf(attempt: DeliveryAttempt): string {
	return (attempt.body.event as { transaction: { txHash: string } }).transaction.txHash;
}
