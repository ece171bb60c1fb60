/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console */
// Takes the README pictures: the example trigger workflow in the n8n editor with a run's output.
// `npx ts-node --transpile-only scripts/screenshot.ts` (needs Debian's chromium: apt-get install chromium).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { TRIGGER_NODE_TYPE } from '../test/harness/names';
import { waitFor } from '../test/harness/wait';
import { launchBrowser } from '../test/support/browser';
import { REPO_ROOT } from '../test/support/package';
import { DEFAULT_OWNER, startSandbox } from '../test/support/sandbox';

const OUT = path.join(REPO_ROOT, 'docs', 'images');

async function main() {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-screenshot-'));
	const sandbox = await startSandbox({
		userFolder,
		n8nLogFile: process.env.SCREENSHOT_N8N_LOG,
		log: (line) => console.log(`[screenshot] ${line}`),
	});
	const browser = await launchBrowser({ width: 1440, height: 900 });
	try {
		const workflow = sandbox.workflows.find((candidate) => candidate.nodes.some((node) => node.type === TRIGGER_NODE_TYPE));
		if (!workflow) throw new Error('no example workflow with the trigger in examples/');
		const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!;

		// The first simulated transaction is a large native deposit: it passes the example's filter.
		await sandbox.simulate();
		const execution = await waitFor(
			'an execution of the simulated deposit',
			async () => (await sandbox.client.listExecutions(workflow.id)).find((candidate) => candidate.status === 'success'),
			20_000,
			200,
		);

		const page = await browser.context.newPage();
		await page.goto(`${sandbox.n8n.url}/signin`);
		await page.fill('input[name=emailOrLdapLoginId]', DEFAULT_OWNER.email);
		await page.fill('input[name=password]', DEFAULT_OWNER.password);
		await page.getByRole('button', { name: 'Sign in' }).click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

		await page.goto(`${sandbox.n8n.url}/workflow/${workflow.id}/executions/${execution.id}`);
		await page.getByText(trigger.name, { exact: true }).first().waitFor();
		// A first-visit checklist pops over the list; Escape closes it.
		await page.keyboard.press('Escape');
		await page.getByText('Logs', { exact: true }).last().click();
		await page.getByText(trigger.name, { exact: true }).last().click();
		await page.waitForTimeout(1500);
		fs.mkdirSync(OUT, { recursive: true });
		const overview = path.join(OUT, 'trigger-execution.png');
		await page.screenshot({ path: overview });
		console.log(`saved ${path.relative(REPO_ROOT, overview)}`);

		// The trigger node opened on that run: its parameters beside the items it put out.
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id="canvas-node"]').filter({ hasText: trigger.name }).first().dblclick();
		await page.getByText('OUTPUT', { exact: false }).first().waitFor();
		// JSON shows every field of the transfer item (the table cuts off after four columns).
		await page.getByText('JSON', { exact: true }).last().click();
		await page.waitForTimeout(1000);
		const node = path.join(OUT, 'trigger-node-output.png');
		await page.screenshot({ path: node });
		console.log(`saved ${path.relative(REPO_ROOT, node)}`);
	} finally {
		await browser.close();
		await sandbox.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

main().catch((error: Error) => {
	console.error(`screenshot failed: ${error.message}`);
	process.exit(1);
});
