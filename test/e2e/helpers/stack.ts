/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
// One e2e environment: the emulator and a real n8n (fresh user folder, the packed package
// installed as a community package, owner account, credential pointing at the emulator).
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { ensureN8n, type N8nInstall } from '../../support/install';
import { startN8n, type RunningN8n } from '../../support/n8n';
import { loadFlatted, N8nClient, type Execution } from '../../support/n8nClient';
import { buildPackage, installIntoUserFolder, packPackage } from '../../support/package';
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../emulator';
import { EmulatorControl } from '../../harness/emulatorControl';
import { CREDENTIAL_TYPE } from '../../harness/names';
import { waitFor } from '../../harness/wait';

// A fresh key per run: the emulator accepts any key it is given at start.
export const EMULATOR_KEY = `e2e-${randomUUID()}`;

export interface Stack {
	emulator: RunningEmulator;
	control: EmulatorControl;
	install: N8nInstall;
	n8n: RunningN8n;
	client: N8nClient;
	credential: { id: string; name: string };
	userFolder: string;
	/**
	 * Stops n8n (SIGTERM; `crash`: SIGKILL) and starts it again on the same port and user folder
	 * (database, static data kept); `whileDown` runs while n8n is stopped (e.g. to send it a delivery
	 * that must fail), `whileStarting` while it starts (given its URL). Returns once n8n says its
	 * editor is accessible, which it says after it activated its workflows at start-up.
	 */
	restartN8n(whileDown?: () => Promise<void>, options?: { crash?: boolean; whileStarting?: (url: string) => Promise<void> }): Promise<void>;
	/** What n8n printed so far (its log file), e.g. to find a warning the trigger logged. */
	logText(): string;
	/** The execution once it has ended (see N8nClient.getFinishedExecution). */
	getExecution(id: string): Promise<Execution>;
	stop(): Promise<void>;
}

function tarball(): string {
	// Set by global-setup.ts; running one file on its own with a custom config still works.
	if (process.env.AA_E2E_TARBALL && fs.existsSync(process.env.AA_E2E_TARBALL)) return process.env.AA_E2E_TARBALL;
	buildPackage();
	process.env.AA_E2E_TARBALL = packPackage();
	return process.env.AA_E2E_TARBALL;
}

/** `n8nEnv`: extra environment for n8n, at its first start and every restart. */
export async function startStack(options: { emulator?: StartEmulatorOptions; n8nEnv?: Record<string, string> } = {}): Promise<Stack> {
	const install = await ensureN8n({ dir: process.env.AA_E2E_N8N_DIR });
	const emulator = await startEmulator({
		timeScale: 1000,
		apiKeys: [{ key: EMULATOR_KEY, plan: 'paid' }],
		...options.emulator,
	});
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-e2e-n8n-'));
	const logFile = path.join(userFolder, 'n8n.log');
	let n8n: RunningN8n | undefined;
	try {
		installIntoUserFolder(tarball(), userFolder);
		const env = options.n8nEnv;
		n8n = await startN8n({ install, userFolder, logFile, env });
		const client = new N8nClient(n8n.url);
		await client.setupOwner();
		const credential = await client.createCredential('Address Activity (emulator)', CREDENTIAL_TYPE, {
			apiKey: EMULATOR_KEY,
			baseUrl: emulator.url,
		});
		const flatted = loadFlatted(install);
		const stack: Stack = {
			emulator,
			control: new EmulatorControl(emulator.url),
			install,
			n8n,
			client,
			credential: { id: credential.id, name: credential.name },
			userFolder,
			async restartN8n(whileDown, restart = {}) {
				const port = stack.n8n.port;
				const starts = (text: string) => text.split('Editor is now accessible via').length - 1;
				const before = starts(stack.logText());
				if (restart.crash) await stack.n8n.kill();
				else await stack.n8n.stop();
				await whileDown?.();
				stack.n8n = await startN8n({ install, userFolder, logFile, port, env, whileStarting: restart.whileStarting });
				await waitFor('n8n to activate its workflows at start-up', () => starts(stack.logText()) > before, 120_000);
				stack.client = new N8nClient(stack.n8n.url);
				await stack.client.login();
			},
			logText: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
			getExecution: (id) => stack.client.getFinishedExecution(id, flatted),
			async stop() {
				await stack.n8n.stop();
				await emulator.close();
				if (!process.env.AA_E2E_KEEP) fs.rmSync(userFolder, { recursive: true, force: true });
			},
		};
		return stack;
	} catch (error) {
		await n8n?.stop();
		await emulator.close();
		const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-3000) : '';
		throw new Error(`${(error as Error).message}\n--- n8n log tail ---\n${log}`);
	}
}
