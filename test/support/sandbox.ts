/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
// The sandbox behind `npm run dev` (and the screenshot script): the emulator with a demo key and a
// trickle of activity, and n8n with the packed package, an owner, a credential pointing at the
// emulator and the example workflows imported (the trigger examples activated).
import * as fs from 'fs';
import * as path from 'path';

import { startEmulator, type RunningEmulator } from '../emulator';
import { EmulatorControl } from '../harness/emulatorControl';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE, POLL_TRIGGER_NODE_TYPE, TRIGGER_NODE_TYPE } from '../harness/names';
import { waitFor } from '../harness/wait';
import { ensureN8n, type N8nInstall } from './install';
import { primaryNetworkDemo } from './primaryNetworkDemo';
import { RECOMMENDED_N8N_ENV, startN8n, type RunningN8n } from './n8n';
import { DEFAULT_OWNER, N8nClient, type Workflow, type WorkflowInput } from './n8nClient';
import { buildPackAndInstall, REPO_ROOT } from './package';
import { importExamples, readExample } from './sandboxExamples';

// Emulator accounts live in memory; the same key every run keeps the stored credential valid.
export const DEMO_ACCOUNT = { key: 'sandbox-demo-key', plan: 'paid' as const };

/** The README's first workflow. */
const FIRST_WORKFLOW_FILE = 'address-activity-trigger.json';

/** Used when no example names addresses: two demo wallets. */
const FALLBACK_ADDRESSES = ['0x71C7656EC7ab88b098defB751B7401B5f6d8976F', '0x9a8E2C3f4D5b6A7c8D9e0F1a2B3c4D5e6F7a8B9c'];
const COUNTERPARTIES = ['0x28C6c06298d514Db089934071355E5743bf21d60', '0xDFd5293D8e347dFe59E90eFd55b2956a1343963d', '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE'];
const USDC = { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', name: 'USD Coin', symbol: 'USDC', decimals: 6 };

export interface SandboxOptions {
	userFolder: string;
	n8nPort?: number;
	emulatorPort?: number;
	/** Milliseconds between simulated transactions; 0 = none. */
	trickleMs?: number;
	log?: (line: string) => void;
	n8nLogFile?: string;
	/** Build, pack and install the package (default true). */
	build?: boolean;
	/** Import every shipped example again, replacing the sandbox's copies (`npm run dev -- --reset`). */
	reset?: boolean;
}

export interface Sandbox {
	install: N8nInstall;
	emulator: RunningEmulator;
	n8n: RunningN8n;
	client: N8nClient;
	credentialId: string;
	workflows: Workflow[];
	/** The README's first workflow (examples/address-activity-trigger.json) as the sandbox has it. */
	firstWorkflow?: Workflow;
	demo: { chainId: string; addresses: string[] };
	/** One simulated transaction touching the demo addresses; returns its hash. */
	simulate(): Promise<string>;
	/** The hashes of the trickle's transactions so far, oldest first. */
	simulated: string[];
	/** The next step of simulated activity for each P-Chain or validator webhook; returns how many it moved. */
	simulatePrimaryNetwork(): Promise<number>;
	stop(): Promise<void>;
}

export function exampleFiles(): string[] {
	const dir = path.join(REPO_ROOT, 'examples');
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => path.join(dir, file));
}

/** The chain and addresses the example triggers watch, so the trickle of activity reaches them. */
function watchedByExamples(examples: WorkflowInput[]): { chainId: string; addresses: string[] } {
	for (const example of examples) {
		for (const node of example.nodes) {
			if (node.type !== TRIGGER_NODE_TYPE) continue;
			// Chains (a list) from trigger version 3 on; the single Chain before.
			const chains = node.parameters.chainIds as string[] | undefined;
			const chain = node.parameters.chainId as { value?: string } | string | undefined;
			const chainId = Array.isArray(chains) ? chains[0] : typeof chain === 'string' ? chain : chain?.value;
			const addresses = String(node.parameters.addresses ?? '')
				.split(/[\s,]+/)
				.filter((address) => /^0x[0-9a-fA-F]{40}$/.test(address));
			if (chainId && /^\d+$/.test(chainId) && addresses.length) return { chainId, addresses };
		}
	}
	return { chainId: '43114', addresses: FALLBACK_ADDRESSES };
}

function pick<T>(values: T[], n: number): T {
	return values[n % values.length];
}

/** Waits (up to a minute) until the emulator has an active webhook for each active trigger example. */
async function triggerWebhooksRegistered(control: EmulatorControl, workflows: Workflow[], log: (line: string) => void): Promise<void> {
	const ids = workflows
		.filter((workflow) => workflow.active)
		.flatMap((workflow) => workflow.nodes.filter((node) => node.type === TRIGGER_NODE_TYPE).map((node) => node.webhookId));
	try {
		await waitFor(
			'the trigger examples’ webhooks at the emulator',
			async () => {
				const webhooks = await control.webhooks();
				return ids.every((id) => webhooks.some((webhook) => webhook.url.includes(`/webhook/${id}/`) && webhook.status === 'active'));
			},
			60_000,
		);
	} catch {
		log('the trigger examples’ webhooks are not registered after a minute; simulated activity starts anyway (see the n8n log)');
	}
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
	const log = options.log ?? (() => undefined);
	const install = await ensureN8n({ log });
	if (options.build !== false) log('building and packing the package');
	buildPackAndInstall(options.userFolder, { build: options.build });

	const emulator = await startEmulator({ port: options.emulatorPort ?? 0, apiKeys: [DEMO_ACCOUNT], timeScale: 60 });
	const control = new EmulatorControl(emulator.url);
	let n8n: RunningN8n | undefined;
	let timer: NodeJS.Timeout | undefined;
	try {
		log(`emulator listening on ${emulator.url}; starting n8n`);
		n8n = await startN8n({ install, userFolder: options.userFolder, port: options.n8nPort, logFile: options.n8nLogFile, env: RECOMMENDED_N8N_ENV });
		const client = new N8nClient(n8n.url);
		await client.setupOwner();

		const data = { apiKey: DEMO_ACCOUNT.key, baseUrl: emulator.url };
		const existing = (await client.listCredentials()).find((credential) => credential.name === CREDENTIAL_NAME && credential.type === CREDENTIAL_TYPE);
		const credentialId = existing
			? (await client.updateCredential(existing.id, CREDENTIAL_NAME, CREDENTIAL_TYPE, data)).id
			: (await client.createCredential(CREDENTIAL_NAME, CREDENTIAL_TYPE, data)).id;

		const examples = exampleFiles().map(readExample);
		const demo = watchedByExamples(examples.map((example) => example.workflow));
		let count = 0;
		const simulated: string[] = [];
		const simulate = async () => {
			count++;
			const address = pick(demo.addresses, count);
			const other = pick(COUNTERPARTIES, count);
			// Alternate AVAX and USDC deposits, now and then a withdrawal; some large, some small.
			const large = count % 3 !== 0;
			const body =
				count % 2 === 1
					? { chainId: demo.chainId, from: other, to: address, value: large ? '1500000000000000000000' : '2500000000000000000' }
					: {
							chainId: demo.chainId,
							from: count % 4 === 0 ? address : other,
							to: USDC.address,
							erc20Transfers: [
								{ token: USDC, from: count % 4 === 0 ? address : other, to: count % 4 === 0 ? other : address, value: large ? '2500000000' : '125000000' },
							],
						};
			return (await control.activity(body)).txHash;
		};

		const simulatePrimaryNetwork = primaryNetworkDemo(control);

		const imported = await importExamples({ client, userFolder: options.userFolder, examples, credential: { id: credentialId, name: CREDENTIAL_NAME }, reset: options.reset, log });
		const workflows: Workflow[] = [];
		let firstWorkflow: Workflow | undefined;
		for (const entry of imported) {
			let workflow = entry.workflow;
			const example = entry.example.workflow;
			const hasTrigger = example.nodes.some((node) => node.type === TRIGGER_NODE_TYPE);
			if (hasTrigger) {
				// The emulator starts empty each run, and n8n does not re-register webhooks it already
				// knows at start: deactivate (a missing webhook counts as deleted) and activate again.
				if (workflow.active) await client.deactivateWorkflow(workflow.id);
				workflow = await client.activateWorkflow(workflow.id);
				log(`published "${example.name}"`);
			} else if (example.nodes.some((node) => node.type === POLL_TRIGGER_NODE_TYPE)) {
				// Imported inactive: it polls only when asked (Fetch Test Event, or activation). One an
				// earlier run activated would go on from its position in that run's chain, which the
				// fresh emulator does not have: it is deactivated too (deleting it gets a fresh import).
				if (workflow.active) workflow = await client.deactivateWorkflow(workflow.id);
				log(`"${example.name}" left unpublished: open it and click Fetch Test Event, or publish it`);
			} else if (workflow.active && entry.outcome !== 'kept' && entry.outcome !== 'imported') {
				// One a person published: n8n 2.x goes on running the version it published until published again.
				workflow = await client.activateWorkflow(workflow.id);
			}
			workflows.push(workflow);
			if (path.basename(entry.example.file) === FIRST_WORKFLOW_FILE) firstWorkflow = workflow;
		}

		if (options.trickleMs) {
			// n8n registers the trigger examples' webhooks in the background (activation is queued):
			// a transaction before that reaches no webhook and is never delivered, so the first one waits.
			await triggerWebhooksRegistered(control, workflows, log);
			const trickle = () => {
				void simulate()
					.then((txHash) => simulated.push(txHash))
					.catch((error: Error) => log(`simulated activity failed: ${error.message}`));
				// and a step for each P-Chain or validator webhook the examples registered
				void simulatePrimaryNetwork().catch((error: Error) => log(`simulated primary-network activity failed: ${error.message}`));
			};
			trickle();
			timer = setInterval(trickle, options.trickleMs);
		}

		const running = n8n;
		return {
			install,
			emulator,
			n8n: running,
			client,
			credentialId,
			workflows,
			firstWorkflow,
			demo,
			simulate,
			simulated,
			simulatePrimaryNetwork,
			async stop() {
				if (timer) clearInterval(timer);
				await running.stop();
				await emulator.close();
			},
		};
	} catch (error) {
		if (timer) clearInterval(timer);
		await n8n?.stop();
		await emulator.close();
		throw error;
	}
}

export { DEFAULT_OWNER };
