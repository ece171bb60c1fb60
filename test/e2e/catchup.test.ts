// The webhook trigger's catch-up in real n8n with the emulator: transfers keep coming while the
// workflow's webhook does not receive (deactivated with either On Deactivation option, deleted at
// the service), and every transfer ends up in exactly one execution, counted by transaction hash;
// those of the gap in the catch-up run, marked catchUp: true.
import type { Workflow } from '../support/n8nClient';
import { TRIGGER_NODE_NAME } from '../harness/names';
import { sleep, waitFor } from '../harness/wait';
import { runsPerTransaction } from './helpers/runs';
import { publicationSettled } from './helpers/settled';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';
import { addresses, triggerWorkflow } from './helpers/workflows';

const CHAIN = '43113';
const TRIGGER = TRIGGER_NODE_NAME;
const [DELETE_WATCH, KEEP_WATCH, GONE_WATCH, CHANGED_WATCH, ADDED_WATCH] = addresses(5, 'c0c');
const STRANGER = addresses(1, 'fffe')[0];

type EmulatorWebhook = { id: string; url: string; status: string };

describe('the webhook trigger catches up after a gap, in n8n', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack();
	});

	afterAll(async () => {
		await stack?.stop();
	});

	const urlOf = (workflow: Workflow) => `${stack.n8n.url}/webhook/${workflow.nodes.find((node) => node.name === TRIGGER)!.webhookId}/webhook`;
	const webhooksOf = async (workflow: Workflow) =>
		((await stack.control.webhooks()) as unknown as EmulatorWebhook[]).filter((webhook) => webhook.url === urlOf(workflow));
	const pay = async (to: string) => (await stack.control.activity({ chainId: CHAIN, from: STRANGER, to, value: '1000000000000000000' })).txHash;

	async function activeWorkflow(name: string, address: string, options: Record<string, unknown> = {}): Promise<Workflow> {
		const workflow = await stack.client.createWorkflow(
			triggerWorkflow({ name, chainId: CHAIN, addresses: [address], credential: stack.credential, typeVersion: 2, options }),
		);
		await activate(workflow);
		return workflow;
	}

	async function activate(workflow: Workflow): Promise<void> {
		await stack.client.activateWorkflow(workflow.id);
		await waitFor(`the webhook of "${workflow.name}" receiving`, async () => (await webhooksOf(workflow)).some((webhook) => webhook.status === 'active'));
	}

	async function deactivate(workflow: Workflow): Promise<void> {
		await stack.client.deactivateWorkflow(workflow.id);
		await waitFor(`the webhook of "${workflow.name}" not receiving`, async () => !(await webhooksOf(workflow)).some((webhook) => webhook.status === 'active'));
	}

	const runsOf = (workflow: Workflow, hashes: string[]) => runsPerTransaction(stack, workflow, hashes);

	/** A trickle through a gap: one transfer live, two while not receiving, one live after; each in exactly one execution. */
	async function trickleThrough(workflow: Workflow, address: string, gap: () => Promise<void>, resume: () => Promise<void>) {
		const before = await pay(address);
		await waitFor('the live transfer to run', async () => (await stack.client.listExecutions(workflow.id)).length === 1);
		await gap();
		const missed = [await pay(address), await pay(address)];
		await resume();
		const after = await pay(address);
		const runs = await runsOf(workflow, [before, ...missed, after]);
		expect([...runs.keys()].sort()).toEqual([before, ...missed, after].sort());
		for (const hash of [before, ...missed, after]) expect(runs.get(hash)).toHaveLength(1);
		expect(missed.map((hash) => runs.get(hash)![0].catchUp)).toEqual([true, true]);
		// Both missed transfers came in one catch-up run.
		expect(runs.get(missed[0])![0].execution).toBe(runs.get(missed[1])![0].execution);
		expect(runs.get(before)![0].catchUp).toBe(false);
		// `after` may come live or in the catch-up: it can be made after the webhook receives again but
		// before activation reads the chain head; either way it ran once (checked above).
	}

	it('deactivated and activated again with On Deactivation: Delete', async () => {
		const workflow = await activeWorkflow('Catch up after Delete', DELETE_WATCH);
		await trickleThrough(workflow, DELETE_WATCH, () => deactivate(workflow), () => activate(workflow));
		await deactivate(workflow);
	});

	it('deactivated and activated again with On Deactivation: Keep', async () => {
		const workflow = await activeWorkflow('Catch up after Keep', KEEP_WATCH, { onDeactivation: 'keep' });
		await trickleThrough(workflow, KEEP_WATCH, () => deactivate(workflow), () => activate(workflow));
		await deactivate(workflow);
	});

	it('a trigger parameter changed and published (n8n replaces the webhook): transfers during the publication each run once', async () => {
		const workflow = await activeWorkflow('Catch up across a changed trigger', CHANGED_WATCH);
		const hashes = [await pay(CHANGED_WATCH)];
		// The first transfer runs live before the change. Without this wait one CI run on 2026-11-25
		// timed out with one of 3 transfers never run (cause not established; a delivery still in
		// flight when n8n deletes the old webhook is the suspect, see docs/measured.md, "Catching up after a gap").
		await waitFor('the live transfer to run', async () => (await stack.client.listExecutions(workflow.id)).length === 1);
		const current = await stack.client.getWorkflow(workflow.id);
		const nodes = current.nodes.map((node) =>
			node.name === TRIGGER ? { ...node, parameters: { ...node.parameters, addresses: `${CHANGED_WATCH}\n${ADDED_WATCH}` } } : node,
		);
		await stack.client.request('PATCH', `/rest/workflows/${workflow.id}`, { ...current, nodes });
		await stack.client.activateWorkflow(workflow.id);
		// A trickle while n8n publishes the change (its outbox is polled every 15 s): the old webhook is
		// deleted and a new one created in between.
		const published = async () =>
			((await webhooksOf(workflow)) as unknown as Array<{ status: string; metadata: { addresses: string[] } }>).some(
				(webhook) => webhook.status === 'active' && webhook.metadata.addresses.includes(ADDED_WATCH),
			);
		while (!(await published())) {
			hashes.push(await pay(CHANGED_WATCH));
			// Paces the trickle at a transfer a second (not a wait for anything).
			await sleep(1000);
		}
		hashes.push(await pay(CHANGED_WATCH));
		const runs = await runsOf(workflow, hashes);
		for (const hash of hashes) expect(runs.get(hash)).toHaveLength(1);
		expect(runs.size).toBe(hashes.length);
		await deactivate(workflow);
	});

	it('webhook deleted at the service, then the workflow activated again', async () => {
		const workflow = await activeWorkflow('Catch up after a deletion at the service', GONE_WATCH);
		await trickleThrough(
			workflow,
			GONE_WATCH,
			async () => {
				const [webhook] = await webhooksOf(workflow);
				await stack.control.call('DELETE', `/v1/webhooks/${webhook.id}`, undefined, EMULATOR_KEY);
			},
			async () => {
				await stack.client.deactivateWorkflow(workflow.id);
				// n8n 2.x queues the deactivation: activate once it has ended.
				expect((await publicationSettled(stack, workflow.id))?.status ?? 'not_published').toBe('not_published');
				await activate(workflow);
			},
		);
		await deactivate(workflow);
	});
});
