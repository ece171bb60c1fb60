// One webhook trigger watching two chains (Chains, version 3) in real n8n with the emulator: its
// activation registers a webhook on each chain, transfers on both start runs whose items carry
// their chain, and deactivation deregisters both.
import { nodeOutput, type Workflow } from '../support/n8nClient';
import { TRIGGER_NODE_NAME } from '../harness/names';
import { waitFor } from '../harness/wait';
import { startStack, type Stack } from './helpers/stack';
import { addresses, triggerWorkflow } from './helpers/workflows';

const FUJI = '43113';
const C_CHAIN = '43114';
const [WATCHED] = addresses(1, 'c4a1');
const STRANGER = addresses(1, 'fffd')[0];

type EmulatorWebhook = { id: string; url: string; status: string; chainId: string };

describe('one trigger watching two chains, in n8n', () => {
	let stack: Stack;
	let workflow: Workflow;

	beforeAll(async () => {
		stack = await startStack();
	});

	afterAll(async () => {
		await stack?.stop();
	});

	const urlOf = (saved: Workflow) => `${stack.n8n.url}/webhook/${saved.nodes.find((node) => node.name === TRIGGER_NODE_NAME)!.webhookId}/webhook`;
	const webhooksOf = async (saved: Workflow) =>
		((await stack.control.webhooks()) as unknown as EmulatorWebhook[]).filter((webhook) => webhook.url === urlOf(saved));

	it('registers a webhook on each chain at activation', async () => {
		workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name: 'Two chains', chainId: FUJI, chainIds: [FUJI, C_CHAIN], addresses: [WATCHED], credential: stack.credential, typeVersion: 3 }),
		);
		await stack.client.activateWorkflow(workflow.id);
		const active = await waitFor('a receiving webhook on both chains', async () => {
			const webhooks = (await webhooksOf(workflow)).filter((webhook) => webhook.status === 'active');
			return webhooks.length === 2 ? webhooks : undefined;
		});
		expect(active.map((webhook) => String(webhook.chainId)).sort()).toEqual([FUJI, C_CHAIN]);
	});

	it('starts a run for a transfer on each chain, each item with its chain', async () => {
		const onFuji = (await stack.control.activity({ chainId: FUJI, from: STRANGER, to: WATCHED, value: '1000000000000000000' })).txHash;
		const onCChain = (await stack.control.activity({ chainId: C_CHAIN, from: STRANGER, to: WATCHED, value: '2000000000000000000' })).txHash;
		const items = await waitFor('two finished executions', async () => {
			const summaries = await stack.client.listExecutions(workflow.id);
			if (summaries.length < 2 || summaries.some((summary) => ['running', 'new'].includes(summary.status))) return undefined;
			const outputs = await Promise.all(summaries.map(async (summary) => nodeOutput(await stack.getExecution(summary.id), TRIGGER_NODE_NAME)));
			return outputs.flat();
		}, 90_000);
		expect(items.map((item) => [item.txHash, item.chainId, item.monitoredAddress]).sort()).toEqual(
			[
				[onFuji, FUJI, WATCHED],
				[onCChain, C_CHAIN, WATCHED],
			].sort(),
		);
	});

	it('deregisters both webhooks at deactivation', async () => {
		await stack.client.deactivateWorkflow(workflow.id);
		await waitFor('no webhook left at the trigger URL', async () => (await webhooksOf(workflow)).length === 0);
		expect(await webhooksOf(workflow)).toEqual([]);
	});
});
