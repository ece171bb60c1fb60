/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console */
// Once per `npm run test:e2e`: the cached n8n install (minutes the first time on a machine), then
// build and pack the package; each test file installs the tarball into its own n8n user folder.
import { ensureN8n } from '../support/install';
import { buildPackage, packPackage } from '../support/package';

export default async function globalSetup(): Promise<void> {
	const started = Date.now();
	const install = await ensureN8n({ log: (line) => console.log(`[e2e] ${line}`) });
	const installed = Date.now();
	buildPackage();
	const tarball = packPackage();
	console.log(
		`[e2e] n8n install ready in ${((installed - started) / 1000).toFixed(1)} s (${install.dir}); package built and packed in ${((Date.now() - installed) / 1000).toFixed(1)} s`,
	);
	process.env.AA_E2E_N8N_DIR = install.dir;
	process.env.AA_E2E_TARBALL = tarball;
}
