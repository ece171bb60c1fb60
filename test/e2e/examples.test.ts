/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The sandbox `npm run dev` starts, and the example workflows in examples/ inside it: they import,
// the trigger examples activate and run on simulated activity, the action example runs.
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { loadFlatted, nodeOutput, type Execution } from '../support/n8nClient';
import { DEMO_ACCOUNT, exampleFiles, startSandbox, type Sandbox } from '../support/sandbox';
import { importExamples, IMPORTED_EXAMPLES_FILE, readExample } from '../support/sandboxExamples';
import { EmulatorControl } from '../harness/emulatorControl';
import { CREDENTIAL_TYPE, PACKAGE_NAME, TRIGGER_NODE_TYPE } from '../harness/names';
import { waitFor } from '../harness/wait';

describe('the example workflows in the sandbox', () => {
	let sandbox: Sandbox;
	let userFolder: string;
	let getExecution: (id: string) => Promise<Execution>;

	beforeAll(async () => {
		userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-e2e-sandbox-'));
		// As `npm run dev` does, with one simulated transaction now and the next in an hour.
		sandbox = await startSandbox({ userFolder, build: false, trickleMs: 3_600_000 });
		const flatted = loadFlatted(sandbox.install);
		getExecution = async (id) => await sandbox.client.getExecution(id, flatted);
		// Activation registers the trigger example's webhook in the background (the sandbox does not
		// wait for it): activity before that reaches no webhook, so these tests wait for it.
		const control = new EmulatorControl(sandbox.emulator.url);
		const ids = sandbox.workflows.flatMap((workflow) => workflow.nodes.filter((node) => node.type === TRIGGER_NODE_TYPE).map((node) => node.webhookId));
		await waitFor('the trigger example’s webhook at the emulator', async () => {
			const webhooks = await control.webhooks();
			return ids.every((id) => webhooks.some((webhook) => webhook.url.includes(`/webhook/${id}/`) && webhook.status === 'active'));
		});
	});

	afterAll(async () => {
		await sandbox?.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
	});

	it('imports every example, with the credential attached, and activates the trigger examples', async () => {
		const files = exampleFiles();
		expect(files.map((file) => path.basename(file))).toEqual(
			expect.arrayContaining(['address-activity-actions.json', 'address-activity-trigger.json']),
		);
		expect(sandbox.workflows).toHaveLength(files.length);
		for (const workflow of sandbox.workflows) {
			const stored = await sandbox.client.getWorkflow(workflow.id);
			for (const node of stored.nodes.filter((candidate) => candidate.type.startsWith(`${PACKAGE_NAME}.`))) {
				expect(node.credentials?.[CREDENTIAL_TYPE]?.id).toBe(sandbox.credentialId);
			}
			expect(stored.active).toBe(stored.nodes.some((node) => node.type === TRIGGER_NODE_TYPE));
		}
	});

	/** The finished run of the trigger example that put out the transfer of `txHash`. */
	async function runOf(txHash: string): Promise<{ execution: Execution; triggerName: string; nodeNames: string[] }> {
		const workflow = sandbox.workflows.find((candidate) => candidate.nodes.some((node) => node.type === TRIGGER_NODE_TYPE))!;
		const triggerName = workflow.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!.name;
		const execution = await waitFor(`the trigger example’s finished run of ${txHash}`, async () => {
			for (const summary of await sandbox.client.listExecutions(workflow.id)) {
				if (['running', 'new'].includes(summary.status)) continue;
				const current = await getExecution(summary.id);
				if (current.data.resultData.runData[triggerName]?.[0]?.data?.main[0]?.some((item) => item.json.txHash === txHash)) return current;
			}
			return undefined;
		});
		return { execution, triggerName, nodeNames: workflow.nodes.map((node) => node.name) };
	}

	it('runs the trigger example on the first simulated deposit of the sandbox (the trickle waits for the webhook)', async () => {
		const [first] = await waitFor('the first simulated transaction', () => (sandbox.simulated.length ? sandbox.simulated : undefined));
		const { execution, triggerName } = await runOf(first);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, triggerName)).toEqual([expect.objectContaining({ txHash: first, direction: 'in' })]);
	});

	it('runs the trigger example on simulated activity', async () => {
		const txHash = await sandbox.simulate();
		const { execution, triggerName, nodeNames } = await runOf(txHash);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, triggerName)).toEqual([expect.objectContaining({ txHash, direction: 'in' })]);
		// The example's last node ran: every node of the example has run data.
		for (const name of nodeNames) expect(execution.data.resultData.runData[name]).toBeDefined();
	});

	it("runs the P-Chain treasury example's alert when the sandbox's simulated balance falls below its threshold", async () => {
		const workflow = sandbox.workflows.find((candidate) => candidate.name === "Alert when the treasury's unlocked P-Chain balance falls below 25,000 AVAX")!;
		const runCrossing = (crossed: string) =>
			waitFor(`the treasury example's finished run (crossed ${crossed})`, async () => {
				for (const summary of await sandbox.client.listExecutions(workflow.id)) {
					if (['running', 'new'].includes(summary.status)) continue;
					const execution = await getExecution(summary.id);
					if (nodeOutput(execution, 'Treasury P-Chain Balance')[0]?.crossed === crossed) return execution;
				}
				return undefined;
			});
		// the sandbox's first step lifted the balance from 0 to 30,000 AVAX: a run the example's filter ends
		await runCrossing('above');
		expect(await sandbox.simulatePrimaryNetwork()).toBe(2);
		const execution = await runCrossing('below');
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, 'Treasury P-Chain Balance')).toEqual([expect.objectContaining({ subEvent: 'balance_threshold', balanceAvax: '20000', thresholdAvax: '25000' })]);
		expect(String(nodeOutput(execution, 'Format Alert')[0].alert)).toMatch(/^Treasury unlocked P-Chain balance is 20000 AVAX, below 25000 AVAX, after a change of -10000 AVAX at \d{4}-/);
	});

	it('runs the action example', async () => {
		const workflow = sandbox.workflows.find((candidate) => !candidate.nodes.some((node) => node.type === TRIGGER_NODE_TYPE))!;
		const start = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger')!;
		// A deposit to the first treasury wallet, the one the example reads the transactions of.
		await new EmulatorControl(sandbox.emulator.url).activity({ chainId: sandbox.demo.chainId, from: '0x' + '5'.repeat(40), to: sandbox.demo.addresses[0], value: '1' });
		const executionId = await sandbox.client.runWorkflow(workflow.id, start.name);
		const execution = await waitFor('the action example to finish', async () => {
			const current = await getExecution(executionId);
			return ['running', 'new'].includes(current.status) ? undefined : current;
		});
		expect(execution.data.resultData.error?.message).toBeUndefined();
		expect(execution.status).toBe('success');
		// The trigger example's webhook is among the listed ones, with its addresses.
		const addresses = nodeOutput(execution, 'Monitored Addresses').map((item) => String(item.address).toLowerCase());
		expect(addresses).toEqual(expect.arrayContaining(sandbox.demo.addresses.map((address) => address.toLowerCase())));
		const latest = nodeOutput(execution, 'Latest Treasury Transactions');
		expect(latest.length).toBeGreaterThan(0);
		expect(nodeOutput(execution, 'Transaction Details')).toHaveLength(latest.length);
	});

	it('runs the webhook-health example: a trigger webhook the service deactivated is active again, what it missed runs, and deliveries run', async () => {
		const control = new EmulatorControl(sandbox.emulator.url);
		const watched = sandbox.workflows.find((candidate) => candidate.nodes.some((node) => node.type === TRIGGER_NODE_TYPE))!;
		const trigger = watched.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!;
		const ours = async () => (await control.webhooks()).find((webhook) => webhook.url.includes(`/webhook/${trigger.webhookId}/`))!;
		// The service deactivates a webhook whose deliveries kept failing (e.g. while n8n was down);
		// n8n 2.x does not run the trigger's checks at start, so nothing else would turn it back on.
		const webhook = await ours();
		await control.service(DEMO_ACCOUNT.key, 'PATCH', `/v1/webhooks/${webhook.id}`, { status: 'inactive' });
		expect((await ours()).status).toBe('inactive');
		// A deposit while it is off: the service does not deliver it.
		const missed = await sandbox.simulate();

		const health = sandbox.workflows.find((candidate) => candidate.name === 'Keep my Address Activity webhooks healthy')!;
		const start = health.nodes.find((node) => node.type === 'n8n-nodes-base.scheduleTrigger')!;
		const executionId = await sandbox.client.runWorkflow(health.id, start.name);
		const execution = await waitFor('the health example to finish', async () => {
			const current = await getExecution(executionId);
			return ['running', 'new'].includes(current.status) ? undefined : current;
		});
		expect(execution.data.resultData.error?.message).toBeUndefined();
		expect(nodeOutput(execution, 'Reactivate and Catch Up')).toEqual([
			expect.objectContaining({ id: webhook.id, status: 'active', reactivated: true, catchUp: expect.objectContaining({ requested: true, statusCode: 200 }) }),
		]);
		expect((await ours()).status).toBe('active');
		// The trigger example ran the missed deposit, marked as caught up.
		const caughtUp = await runOf(missed);
		expect(nodeOutput(caughtUp.execution, caughtUp.triggerName)).toEqual([expect.objectContaining({ txHash: missed, catchUp: true })]);

		// Deliveries reach the trigger again, and it acknowledges them after n8n accepted the run.
		const txHash = await sandbox.simulate();
		await waitFor('the delivery of a transaction made after the repair', async () =>
			(await control.deliveries({ webhookId: webhook.id })).some((attempt) => JSON.stringify(attempt.body).includes(txHash) && attempt.statusCode === 200),
		);
	});

	it("keeps the sandbox's copy of an example until its shipped file changes, then imports it again; --reset imports them again at once", async () => {
		// What the next `npm run dev` does at start, run against this sandbox's n8n.
		const files = exampleFiles().map(readExample);
		const actions = files.find((file) => path.basename(file.file) === 'address-activity-actions.json')!;
		const record = () => JSON.parse(fs.readFileSync(path.join(userFolder, IMPORTED_EXAMPLES_FILE), 'utf8')) as Record<string, { sha256: string; workflowId: string }>;
		// the sandbox folder holds a hash of each example file it imported
		expect(record()['address-activity-actions.json'].sha256).toBe(createHash('sha256').update(actions.text).digest('hex'));
		const workflowId = record()['address-activity-actions.json'].workflowId;
		const listWebhooks = async () => (await sandbox.client.getWorkflow(workflowId)).nodes.find((node) => node.name === 'List Webhooks')!.parameters;
		const shipped = actions.workflow.nodes.find((node) => node.name === 'List Webhooks')!.parameters;
		expect(await listWebhooks()).toEqual(shipped);

		// n8n autosaved a person's clicks through Resource and Operation: Address > Add, no webhook.
		const clicked = JSON.parse(actions.text) as typeof actions.workflow;
		clicked.nodes.find((node) => node.name === 'List Webhooks')!.parameters = { resource: 'address', operation: 'add' };
		await sandbox.client.replaceWorkflow(workflowId, clicked);
		const lines: string[] = [];
		const again = (examples: typeof files, reset = false) =>
			importExamples({ client: sandbox.client, userFolder, examples, credential: { id: sandbox.credentialId, name: 'Address Activity account' }, reset, log: (line) => lines.push(line) });

		// The shipped files did not change: the copy stays as the person left it.
		expect((await again(files)).map((entry) => entry.outcome)).toEqual(files.map(() => 'kept'));
		expect(await listWebhooks()).toEqual({ resource: 'address', operation: 'add' });
		expect(lines).toEqual([]);

		// The shipped file changed: the copy is replaced with it, in the same workflow.
		const changed = { ...actions, text: `${actions.text}\n` };
		const outcomes = await again(files.map((file) => (file === actions ? changed : file)));
		expect(outcomes.map((entry) => entry.outcome)).toEqual(files.map((file) => (file === actions ? 'changed' : 'kept')));
		expect(outcomes.find((entry) => entry.example === changed)!.workflow.id).toBe(workflowId);
		expect(await listWebhooks()).toEqual(shipped);
		expect(lines).toEqual([`imported example "${actions.workflow.name}" again, replacing the sandbox's copy (address-activity-actions.json changed since it was imported)`]);
		expect(record()['address-activity-actions.json'].sha256).toBe(createHash('sha256').update(changed.text).digest('hex'));

		// --reset: imported again although nothing changed (two examples that run on demand, so the published ones stay as they are).
		await sandbox.client.replaceWorkflow(workflowId, clicked);
		const health = files.find((file) => path.basename(file.file) === 'address-activity-webhook-health.json')!;
		lines.length = 0;
		expect((await again([changed, health], true)).map((entry) => entry.outcome)).toEqual(['reset', 'reset']);
		expect(await listWebhooks()).toEqual(shipped);
		expect(lines).toEqual([
			`imported example "${actions.workflow.name}" again, replacing the sandbox's copy (--reset)`,
			`imported example "${health.workflow.name}" again, replacing the sandbox's copy (--reset)`,
		]);
		// and the example still runs
		const start = actions.workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger')!;
		const execution = await sandbox.client.getFinishedExecution(await sandbox.client.runWorkflow(workflowId, start.name), loadFlatted(sandbox.install));
		expect(execution.status).toBe('success');
	});
});
