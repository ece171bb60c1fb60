/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
// n8n's editor in headless Chromium (Debian's chromium, driven by playwright-core), as a person uses
// it: sign in, create the credential and test it right and wrong, add each of the three nodes from
// the nodes panel, run one operation, open the webhook trigger (no notice by default, Execute step's
// sample at once, every bad address named in one error). Screenshots of the credential dialog, the
// trigger panel, the sample and the error go to test-artifacts/, and of any failed step (git ignores the folder).
import * as fs from 'fs';
import * as path from 'path';
import type { Locator, Page } from 'playwright-core';

import { DEFAULT_OWNER } from '../support/n8nClient';
import { chromiumAvailable, CHROMIUM, launchBrowser, type RunningBrowser } from '../support/browser';
import { REPO_ROOT } from '../support/package';
import { startForeignServer } from '../harness/foreignServers';
import { TRIGGER_NODE_NAME } from '../harness/names';
import { triggerWorkflow } from './helpers/workflows';
import { EMULATOR_KEY, startStack, type Stack } from './helpers/stack';

const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
// Generous: a loaded 2-core machine renders n8n's editor slowly. Waits are on elements, never sleeps.
const UI_TIMEOUT_MS = 90_000;
const WRONG_KEY = 'wrong-key-123';
const CHAIN = '43113';
// Typed in mixed case, as users paste them; the treasury has history, sent in beforeAll.
const TREASURY = '0x5a3F0000000000000000000000000000000000Ee';
const SENDER = '0x5a3F0000000000000000000000000000000000Dd';
/** Words only the sandbox may show: never in what a production user sees. */
const SANDBOX_TEXT = /emulator|npm run dev|sandbox|127\.0\.0\.1|localhost/i;

describe('the editor in a browser (n8n 2.x)', () => {
	let stack: Stack;
	let browser: RunningBrowser;
	let page: Page;

	beforeAll(async () => {
		if (!chromiumAvailable()) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)`);
		stack = await startStack();
		browser = await launchBrowser({ width: 1440, height: 900 });
		page = await browser.context.newPage();
		page.setDefaultTimeout(UI_TIMEOUT_MS);
		// Leaving an unsaved workflow asks before unloading the page.
		page.on('dialog', (dialog) => void dialog.accept());
		await stack.control.activity({ chainId: CHAIN, from: SENDER, to: TREASURY, value: '2000000000000000000' });
	}, 600_000);

	afterAll(async () => {
		await browser?.close();
		await stack?.stop();
	});

	const byTestId = (id: string, root: Page | Locator = page) => root.locator(`[data-test-id="${id}"]`);

	/** A screenshot of the page (or of one element) kept in test-artifacts/. */
	const shot = async (name: string, target: Page | Locator = page) => {
		fs.mkdirSync(ARTIFACTS, { recursive: true });
		// Animations finished first: a toast is still sliding in when it is found.
		await target.screenshot({ path: path.join(ARTIFACTS, `editor-${name}.png`), animations: 'disabled' });
	};

	/** A step in the browser: when it fails, a screenshot of the page goes to test-artifacts/. */
	const step = (name: string, body: () => Promise<void>) =>
		it(name, async () => {
			try {
				await body();
			} catch (error) {
				fs.mkdirSync(ARTIFACTS, { recursive: true });
				const file = path.join(ARTIFACTS, `editor-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
				await page.screenshot({ path: file }).catch(() => undefined);
				throw error;
			}
		});

	step('signs in as the owner', async () => {
		await page.goto(`${stack.n8n.url}/signin`);
		await byTestId('emailOrLdapLoginId').locator('input').fill(DEFAULT_OWNER.email);
		await byTestId('password').locator('input').fill(DEFAULT_OWNER.password);
		await byTestId('form-submit-button').click();
		await page.waitForURL((url) => !url.pathname.includes('signin'));
	});

	describe('the credential', () => {
		let modal: Locator;
		const fill = async (apiKey: string, baseUrl: string) => {
			await byTestId('parameter-input-apiKey', modal).locator('input').fill(apiKey);
			await byTestId('parameter-input-baseUrl', modal).locator('input').fill(baseUrl);
			await byTestId('credential-save-button', modal).click();
		};
		/** Waits for the failed test's banner, opens "More details" and returns the modal's text. */
		const failure = async (expected: string): Promise<string> => {
			await modal.getByText('Couldn’t connect with these settings').waitFor();
			// The details stay open from an earlier failed test.
			const more = modal.getByText('More details');
			if (await more.isVisible()) await more.click();
			await modal.getByText(expected).waitFor();
			return (await modal.textContent()) ?? '';
		};

		step('is created from the credentials list, and its Base URL field says where the address is found', async () => {
			await page.goto(`${stack.n8n.url}/home/credentials/create`);
			await byTestId('new-credential-type-select').locator('input').fill('Address Activity');
			await byTestId('new-credential-type-select-option').filter({ hasText: 'Address Activity API' }).click();
			await byTestId('new-credential-type-button').click();
			modal = byTestId('editCredential-modal');
			await expect(byTestId('parameter-input-baseUrl', modal).locator('input').getAttribute('placeholder')).resolves.toBe(
				'Paste the API address from the dashboard',
			);
			await expect(byTestId('baseUrl', modal).textContent()).resolves.toContain("In the service's dashboard, beside the API key");
			expect(await modal.textContent()).not.toMatch(SANDBOX_TEXT);
			await shot('credential-dialog', modal);
		});

		step('tests right against the emulator, with a Base URL copied with /v1/', async () => {
			await stack.control.clearRequests();
			await fill(EMULATOR_KEY, `${stack.emulator.url}/v1/`);
			await byTestId('credentials-config-container-test-success', modal).waitFor({ state: 'visible' });
			await expect(modal.textContent()).resolves.toContain('Connection tested successfully');
			const seen = await stack.control.requests();
			expect(seen.some((request) => request.path === '/v1/webhooks:getSharedSecret' && request.statusCode === 200)).toBe(true);
		});

		step('tests wrong with a wrong key, saying the key is not recognised', async () => {
			await fill(WRONG_KEY, stack.emulator.url);
			const text = await failure('The API key is not recognised by the service at this Base URL');
			expect(text).not.toContain(WRONG_KEY);
		});

		step('tests wrong with the Base URL of a web page that answers 200, saying it is not the service', async () => {
			const webPage = await startForeignServer();
			try {
				await fill(WRONG_KEY, webPage.url);
				const text = await failure(`${webPage.url} is not the Address Activity service`);
				expect(text).toContain('answered 200 with a web page');
				expect(text).not.toContain('SECRET-PAGE-CONTENT');
			} finally {
				await webPage.close();
			}
		});

		step('ends saved with the right settings', async () => {
			await fill(EMULATOR_KEY, stack.emulator.url);
			await byTestId('credentials-config-container-test-success', modal).waitFor({ state: 'visible' });
			await page.keyboard.press('Escape');
			await modal.waitFor({ state: 'hidden' });
		});
	});

	describe('the nodes panel', () => {
		const openPanel = async (search: string) => {
			await byTestId('node-creator-plus-button').click();
			await byTestId('node-creator-search-bar').fill(search);
		};
		const item = (name: string | RegExp) => byTestId('node-creator-item-name').filter({ hasText: name }).first();
		const closeNodeView = async () => {
			await page.keyboard.press('Escape');
			await byTestId('ndv').waitFor({ state: 'hidden' });
		};
		const canvasNodes = () => byTestId('canvas-node');

		// Each node as the first step of a new workflow, from the panel n8n opens for it.
		step('adds the action node and runs Chain > Get Many with the credential', async () => {
			await page.goto(`${stack.n8n.url}/workflow/new`);
			await stack.control.clearRequests();
			await openPanel('Address Activity');
			await item(/^Address Activity$/).click();
			// The app's view lists its trigger and its 19 actions, the actions folded at first.
			const action = item('Get many chains');
			if (!(await action.isVisible())) await byTestId('node-creator-category-item').filter({ hasText: /^Actions/ }).click();
			await action.click();
			const ndv = byTestId('ndv');
			await ndv.waitFor();
			await byTestId('node-execute-button', ndv).click();
			// The output's table lists the emulator's chains.
			await ndv.getByText('Avalanche (C-Chain) Fuji', { exact: true }).waitFor();
			const seen = await stack.control.requests();
			expect(seen.filter((request) => request.path === '/v1/chains').map((request) => request.statusCode)).toEqual([200]);
			await closeNodeView();
			// The node takes its action's name; n8n put a manual trigger before it.
			await canvasNodes().filter({ hasText: 'Get many chains' }).first().waitFor();
		});

		step('adds the webhook trigger from the app\'s entry', async () => {
			await page.goto(`${stack.n8n.url}/workflow/new`);
			await openPanel('Address Activity');
			await item(/^Address Activity$/).click();
			// n8n lists one action per option of the trigger's Event parameter.
			for (const action of ['On P-Chain address activity', 'On validator activity']) await item(action).waitFor();
			await item('On EVM address activity').click();
			await byTestId('ndv').waitFor();
			await closeNodeView();
			await expect(canvasNodes().count()).resolves.toBe(1);
		});

		step('adds the poll trigger', async () => {
			await page.goto(`${stack.n8n.url}/workflow/new`);
			await openPanel('Address Activity Poll');
			await item('Address Activity Poll Trigger').click();
			// A node without actions opens its details first.
			await page.getByRole('button', { name: 'Add to workflow' }).click();
			await byTestId('ndv').waitFor();
			await closeNodeView();
			await expect(canvasNodes().count()).resolves.toBe(1);
		});
	});

	describe('the webhook trigger', () => {
		/** A saved workflow with the trigger watching these addresses, open with the trigger's details. */
		const openTrigger = async (name: string, addresses: string[]) => {
			const workflow = await stack.client.createWorkflow(
				triggerWorkflow({ name, chainId: CHAIN, addresses, credential: stack.credential, typeVersion: 3 }),
			);
			await page.goto(`${stack.n8n.url}/workflow/${workflow.id}`);
			await byTestId('canvas-node').filter({ hasText: TRIGGER_NODE_NAME }).first().dblclick();
			const ndv = byTestId('ndv');
			await ndv.waitFor();
			return ndv;
		};

		step('shows no notice by default', async () => {
			const ndv = await openTrigger('Browser: trigger panel', [TREASURY]);
			await byTestId('parameter-input-addresses', ndv).waitFor();
			const text = (await ndv.textContent()) ?? '';
			expect(text).not.toContain('Verify Signature is off');
			expect(text).not.toContain('Catch Up At Most is 0');
			await shot('trigger-panel');
		});

		step('shows the newest transfer at once on Execute step, marked sample', async () => {
			const ndv = byTestId('ndv');
			await byTestId('node-execute-button', ndv).click();
			// The output's JSON view has every field of the item: the 2 AVAX the treasury received,
			// marked sample. Switched to once the output is there (a click before it lands nowhere).
			await ndv.getByText('1 item', { exact: true }).waitFor();
			await ndv.getByText('JSON', { exact: true }).click();
			await ndv.getByText('"testEvent"').first().waitFor();
			const text = ((await ndv.textContent()) ?? '').replace(/\s+/g, ' ');
			for (const field of ['"direction": "in"', '"amount": "2"', '"symbol": "AVAX"', `"monitoredAddress": "${TREASURY}"`, '"testEvent": true', '"sample": true']) {
				expect(text).toContain(field);
			}
			await shot('trigger-execute-step-sample');
		});

		step('names every bad address with its position in one error', async () => {
			await openTrigger('Browser: three bad addresses', [TREASURY, '0x12345', 'not-an-address', '0xZZ00000000000000000000000000000000000000']);
			await byTestId('node-execute-button', byTestId('ndv')).click();
			const error = page.getByText('3 of 4 are not valid addresses', { exact: false }).first();
			await error.waitFor();
			const text = (await error.textContent()) ?? '';
			for (const bad of ['#2 "0x12345"', '#3 "not-an-address"', '#4 "0xZZ00000000000000000000000000000000000000"']) expect(text).toContain(bad);
			await shot('trigger-three-bad-addresses');
		});
	});
});
