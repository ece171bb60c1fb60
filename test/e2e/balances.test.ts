// Balances in real n8n against the emulator: the action node's balance reads agree with what the
// emulator's transfers add up to (now and at an earlier block), and the trigger's low-balance
// alert starts one execution when a payment takes the balance below the line, none for payments
// that leave it above or keep it below.
import { nodeOutput, type Workflow, type WorkflowNode } from '../support/n8nClient';
import { addressHistory, nativeSum, tokenSum, units } from '../harness/chainHistory';
import { randomAddress } from '../harness/fixtures';
import { TRIGGER_NODE_NAME } from '../harness/names';
import { waitFor } from '../harness/wait';
import { settledExecutions } from './helpers/settled';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';
import { byId, linearWorkflow, triggerWorkflow } from './helpers/workflows';

const CHAIN = '43113';
const AVAX = 10n ** 18n;
const USDC = { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', name: 'USD Coin', symbol: 'USDC', decimals: 6 };

describe('balances in n8n', () => {
	let stack: Stack;
	const [treasury, funder, payee] = [randomAddress(), randomAddress(), randomAddress()];
	let fundedAt: number;

	const credentials = () => ({ apiKey: EMULATOR_KEY, baseUrl: stack.emulator.url });

	beforeAll(async () => {
		stack = await startStack();
		fundedAt = Number((await stack.control.activity({ chainId: CHAIN, from: funder, to: treasury, value: String(100n * AVAX) })).blockNumber);
		await stack.control.activity({ chainId: CHAIN, from: funder, to: USDC.address, erc20Transfers: [{ token: USDC, from: funder, to: treasury, value: '20000000000' }] });
		await stack.control.activity({ chainId: CHAIN, from: treasury, to: payee, value: String(7n * AVAX) });
	});

	afterAll(async () => {
		await stack?.stop();
	});

	it('the Balance operations read what the emulator\'s transfers add up to, now and at an earlier block', async () => {
		const chainId = byId(CHAIN);
		const workflow = linearWorkflow(
			'Treasury balances',
			[
				{ name: 'Native', parameters: { resource: 'balance', operation: 'getNative', chainId, addresses: `${treasury}\n${payee}` } },
				{ name: 'Native When Funded', parameters: { resource: 'balance', operation: 'getNative', chainId, addresses: treasury, options: { blockNumber: String(fundedAt) } } },
				{ name: 'USDC', parameters: { resource: 'balance', operation: 'getManyErc20', chainId, addresses: treasury, returnAll: true, options: { contracts: USDC.address } } },
			],
			stack.credential,
		);
		const created = await stack.client.createWorkflow(workflow);
		const executionId = await stack.client.runWorkflow(created.id, 'Start');
		const execution = await waitFor('the manual execution to finish', async () => {
			const current = await stack.getExecution(executionId);
			return current.status === 'running' || current.status === 'new' ? undefined : current;
		}, 120_000);
		expect(execution.data.resultData.error?.message).toBeUndefined();

		const history = await addressHistory(credentials(), CHAIN, treasury);
		const native = nativeSum(history, treasury);
		expect(nodeOutput(execution, 'Native')).toEqual([
			expect.objectContaining({ address: treasury, balanceRaw: native.toString(), balance: units(native, 18), symbol: 'AVAX', blockNumber: null }),
			expect.objectContaining({ address: payee, balanceRaw: String(7n * AVAX), balance: '7' }),
		]);
		expect(native).toBeLessThan(93n * AVAX);
		expect(nodeOutput(execution, 'Native When Funded')).toEqual([expect.objectContaining({ balance: '100', blockNumber: String(fundedAt) })]);
		expect(nodeOutput(execution, 'USDC')).toEqual([
			expect.objectContaining({ contract: USDC.address, balanceRaw: tokenSum(history, treasury, USDC.address).toString(), balance: '20000', decimals: 6 }),
		]);
	});

	it('a low-balance alert starts one execution when a payment takes the balance below the line, none for payments that leave it above', async () => {
		const input = triggerWorkflow({ name: 'Treasury below 50 AVAX', chainId: CHAIN, addresses: [treasury], credential: stack.credential, typeVersion: 3 });
		const trigger = input.nodes.find((node) => node.name === TRIGGER_NODE_NAME) as WorkflowNode;
		trigger.parameters = { ...trigger.parameters, balances: { alertWhen: 'below', alertThreshold: '50' } };
		const workflow: Workflow = await stack.client.createWorkflow(input);
		await stack.client.activateWorkflow(workflow.id);
		await waitFor('the trigger’s webhook at the emulator', async () => (await stack.control.webhooks()).some((webhook) => webhook.url.includes(trigger.webhookId!) && webhook.status === 'active'), 90_000);

		// 93 -> 73 -> 43 -> 38 AVAX (less gas): only the second payment crosses 50.
		const sent: Array<{ txHash: string; blockNumber: string }> = [];
		for (const value of [20n, 30n, 5n]) sent.push(await stack.control.activity({ chainId: CHAIN, from: treasury, to: payee, value: String(value * AVAX) }));
		const payments = sent.map((payment) => payment.txHash);
		// Every delivery answered 200 by n8n: a payment that crosses nothing is acknowledged without an execution.
		await waitFor('n8n’s 200 to the three deliveries', async () => {
			const delivered = (await stack.control.deliveries()).filter((attempt) => payments.includes((attempt.body.event as { transaction: { txHash: string } }).transaction.txHash));
			return payments.every((hash) => delivered.some((attempt) => attempt.statusCode === 200 && (attempt.body.event as { transaction: { txHash: string } }).transaction.txHash === hash));
		});
		// Counted once no more runs can come (nothing left to send or retry, every answered request run):
		// on n8n 1.x a run exists only just after its delivery's 200.
		const runs = await settledExecutions(stack, workflow, { atLeast: 1 });
		expect(runs).toHaveLength(1);
		expect(runs[0].status).toBe('success');
		const execution = await stack.getExecution(runs[0].id);
		const after = nativeSum(await addressHistory(credentials(), CHAIN, treasury, Number(sent[1].blockNumber)), treasury);
		const before = nativeSum(await addressHistory(credentials(), CHAIN, treasury, Number(sent[1].blockNumber) - 1), treasury);
		expect(nodeOutput(execution, TRIGGER_NODE_NAME)).toEqual([
			expect.objectContaining({ txHash: payments[1], direction: 'out', amount: '30', crossed: 'below', threshold: '50', balanceAfterRaw: after.toString(), balanceBeforeRaw: before.toString() }),
		]);
		await stack.client.deactivateWorkflow(workflow.id);
	});
});
