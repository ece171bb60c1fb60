/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console */
// `npm run n8n:install`: installs (or confirms) the cached n8n used by `npm run dev` and the e2e tests.
import { defaultInstallDir, ensureN8n, isInstalled } from '../test/support/install';

async function main() {
	const started = Date.now();
	const cached = isInstalled();
	const install = await ensureN8n({ log: (line) => console.log(line) });
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	console.log(`n8n ready in ${install.dir} (${cached ? 'cached' : 'fresh install'}, ${seconds} s)`);
}

main().catch((error) => {
	console.error(`n8n install failed (${defaultInstallDir()}): ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
});
