/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// Debian's Chromium driven by playwright-core (no browser download), kept on loopback.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
	return fs.existsSync(CHROMIUM);
}

export interface RunningBrowser {
	context: BrowserContext;
	close(): Promise<void>;
}

/** Headless Chromium with a fresh profile; every request to anything but 127.0.0.1 is aborted. */
export async function launchBrowser(viewport = { width: 1600, height: 1000 }): Promise<RunningBrowser> {
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-chromium-'));
	// A persistent context over a new empty folder = Chromium's --user-data-dir, removed on close.
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		viewport,
		deviceScaleFactor: 1,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	await context.route('**/*', async (route) => {
		const url = new URL(route.request().url());
		if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') await route.continue();
		else await route.abort();
	});
	return {
		context,
		async close() {
			await context.close().catch(() => undefined);
			fs.rmSync(profile, { recursive: true, force: true });
		},
	};
}
