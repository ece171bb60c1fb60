/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console */
// `npm run dev`: a local n8n with this package installed, wired to the emulator, with the example
// workflows imported and simulated activity flowing. Ctrl-C stops everything.
// `npm run dev -- --reset` imports the shipped examples again, replacing the sandbox's copies.
import * as fs from 'fs';
import * as path from 'path';

import { REPO_ROOT } from '../test/support/package';
import { RECOMMENDED_N8N_ENV } from '../test/support/n8n';
import { TRIGGER_NODE_TYPE } from '../test/harness/names';
import { DEFAULT_OWNER, startSandbox, type Sandbox } from '../test/support/sandbox';

const USAGE = `npm run dev [-- --reset]
  --reset   import the shipped examples again, replacing the sandbox's copies of them
            (without it, an example is imported again only when its shipped file changed)`;

const options = process.argv.slice(2);
const unknown = options.filter((option) => option !== '--reset' && option !== '--help');
if (options.includes('--help') || unknown.length) {
	if (unknown.length) console.error(`npm run dev: unknown option ${unknown.join(' ')}`);
	console.log(USAGE);
	process.exit(unknown.length ? 2 : 0);
}
const reset = options.includes('--reset');

const userFolder = path.resolve(process.env.SANDBOX_DIR ?? path.join(REPO_ROOT, '.n8n-sandbox'));
const n8nPort = Number(process.env.SANDBOX_N8N_PORT ?? 5678);
const emulatorPort = Number(process.env.SANDBOX_EMULATOR_PORT ?? 5680);
const trickleMs = Number(process.env.SANDBOX_ACTIVITY_MS ?? 15000);

/** What to do once it runs: where to click and what is there to see. */
function banner(sandbox: Sandbox, seconds: string, logFile: string): string {
	const first = sandbox.firstWorkflow;
	const dashboard = `${sandbox.emulator.url}/`;
	// The sandbox simulates nothing when SANDBOX_ACTIVITY_MS is 0 (or not a number).
	const activity = trickleMs
		? `a simulated transaction every ${trickleMs / 1000} s`
		: `off (SANDBOX_ACTIVITY_MS=${process.env.SANDBOX_ACTIVITY_MS ?? ''}); inject transactions from the dashboard`;
	const trigger = first?.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)?.name;
	const last = first?.nodes.at(-1)?.name;
	const whatNow = first
		? `  What now
  1. Open ${sandbox.n8n.url}/workflow/${first.id}/executions and sign in: the
     executions of "${first.name}".
     ${trickleMs ? `A simulated deposit every ${trickleMs / 1000} s starts one (the first within seconds)` : 'A deposit you inject starts one'}.
     Click one, then double-click "${trigger}" for the transfer it put out
     (amount, direction, counterparty) or "${last}" for the alert text (runs of
     small deposits, which the filter drops, end before it).
  2. Open the dashboard, ${dashboard}: every delivery with its amount and direction
     and whether n8n answered 200, refreshed as they come. Its form is filled in with a deposit
     to a watched wallet: click Inject, and a new execution appears in n8n.
  Already done here: that workflow is imported, the credential "Address Activity account" (a
  demo key, Base URL ${sandbox.emulator.url}) is attached, its addresses are set, and it is
  published. The other examples are in n8n's Overview.
`
		: '';
	return `
Sandbox ready in ${seconds} s.

  n8n        ${sandbox.n8n.url}   login: ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}
  dashboard  ${dashboard}   the service's emulator: deliveries, webhooks, inject a transfer

${whatNow}
  workflows  ${sandbox.workflows.map((workflow) => `${workflow.name}${workflow.active ? ' (published)' : ''}`).join('\n             ')}
  activity   ${activity} on chain ${sandbox.demo.chainId} for
             ${sandbox.demo.addresses.join(', ')}
             and with it one step for each P-Chain or validator example (its balance or L1 fee balance across its threshold)
  n8n log    ${logFile}
  settings   ${Object.entries(RECOMMENDED_N8N_ENV).map(([name, value]) => `${name}=${value}`).join(' ')} (as docs/running-at-scale.md recommends)

Ctrl-C stops n8n and the emulator; workflows and executions stay in ${userFolder}.
npm run dev -- --reset imports the shipped examples again, replacing the sandbox's copies.`;
}

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
		reset,
		n8nLogFile: logFile,
		log: (line) => console.log(`[dev] ${line}`),
	});
	running.sandbox = sandbox;
	console.log(banner(sandbox, ((Date.now() - started) / 1000).toFixed(1), logFile));
}

main().catch((error: Error) => {
	console.error(`npm run dev failed: ${error.message}`);
	process.exit(1);
});
