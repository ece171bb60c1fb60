/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console */
// `npm run dev`: a local n8n with this package installed, wired to the emulator, with the example
// workflows imported and simulated activity flowing. Ctrl-C stops everything.
import * as fs from 'fs';
import * as path from 'path';

import { REPO_ROOT } from '../test/support/package';
import { RECOMMENDED_N8N_ENV } from '../test/support/n8n';
import { DEFAULT_OWNER, startSandbox, type Sandbox } from '../test/support/sandbox';

const userFolder = path.resolve(process.env.SANDBOX_DIR ?? path.join(REPO_ROOT, '.n8n-sandbox'));
const n8nPort = Number(process.env.SANDBOX_N8N_PORT ?? 5678);
const emulatorPort = Number(process.env.SANDBOX_EMULATOR_PORT ?? 5680);
const trickleMs = Number(process.env.SANDBOX_ACTIVITY_MS ?? 15000);

async function main() {
	const started = Date.now();
	fs.mkdirSync(userFolder, { recursive: true });
	const logFile = path.join(userFolder, 'n8n.log');
	const running: { sandbox?: Sandbox } = {};
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log('\nstopping n8n and the emulator...');
		await running.sandbox?.stop();
		console.log('stopped.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	const sandbox = await startSandbox({
		userFolder,
		n8nPort,
		emulatorPort,
		trickleMs,
		n8nLogFile: logFile,
		log: (line) => console.log(`[dev] ${line}`),
	});
	running.sandbox = sandbox;
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	// The sandbox simulates nothing when SANDBOX_ACTIVITY_MS is 0 (or not a number).
	const activity = trickleMs
		? `a simulated transaction every ${trickleMs / 1000} s`
		: `off (SANDBOX_ACTIVITY_MS=${process.env.SANDBOX_ACTIVITY_MS ?? ''}); inject transactions from the dashboard`;
	console.log(`
Sandbox ready in ${seconds} s.

  n8n        ${sandbox.n8n.url}
             login: ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}
  emulator   ${sandbox.emulator.url}/  (dashboard: webhooks, deliveries, inject activity)
             the credential "Address Activity account" (a demo key) points here

  workflows  ${sandbox.workflows.map((workflow) => `${workflow.name}${workflow.active ? ' (published)' : ''}`).join('\n             ')}
  activity   ${activity} on chain ${sandbox.demo.chainId} for
             ${sandbox.demo.addresses.join(', ')}
             and with it one step for each P-Chain or validator example (its balance or L1 fee balance across its threshold)
  n8n log    ${logFile}
  settings   ${Object.entries(RECOMMENDED_N8N_ENV).map(([name, value]) => `${name}=${value}`).join(' ')} (as docs/running-at-scale.md recommends)

Press Ctrl-C to stop.`);
}

main().catch((error: Error) => {
	console.error(`npm run dev failed: ${error.message}`);
	process.exit(1);
});
