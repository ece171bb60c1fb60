/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The sandbox `npm run dev` starts, and the example workflows in examples/ inside it: they import,
// the trigger example activates and runs on simulated activity, the action example runs.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { loadFlatted, nodeOutput, type Execution } from '../../scripts/lib/n8n';
import { exampleFiles, startSandbox, type Sandbox } from '../../scripts/lib/sandbox';
import { EmulatorControl } from '../harness/emulatorControl';
import { CREDENTIAL_TYPE, PACKAGE_NAME, TRIGGER_NODE_TYPE } from '../harness/names';
import { waitFor } from '../harness/wait';

describe('the example workflows in the sandbox', () => {
	let sandbox: Sandbox;
	let userFolder: string;
	let getExecution: (id: string) => Promise<Execution>;

	beforeAll(async () => {
		userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-e2e-sandbox-'));
		sandbox = await startSandbox({ userFolder, build: false });
		const flatted = loadFlatted(sandbox.install);
		getExecution = async (id) => await sandbox.client.getExecution(id, flatted);
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

	it('runs the trigger example on simulated activity', async () => {
		const workflow = sandbox.workflows.find((candidate) => candidate.nodes.some((node) => node.type === TRIGGER_NODE_TYPE))!;
		const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!;
		const txHash = await sandbox.simulate();
		const [summary] = await waitFor('an execution of the trigger example', async () => {
			const list = await sandbox.client.listExecutions(workflow.id);
			return list.length ? list : undefined;
		});
		const execution = await getExecution(summary.id);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, trigger.name)).toEqual([expect.objectContaining({ txHash, direction: 'in' })]);
		// The example's last node ran: every node of the example has run data.
		for (const node of workflow.nodes) expect(execution.data.resultData.runData[node.name]).toBeDefined();
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
});
