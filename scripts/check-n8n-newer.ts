/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console */
// `npm run n8n:check-newer`: says when a newer n8n 2.x than the pinned one installs from the
// registry, so the pin moves as soon as it can. For each 2.x newer than the pin it resolves the
// whole dependency tree (`npm install --package-lock-only --ignore-scripts`, nothing downloaded
// but metadata) in a temporary folder with the overrides the real install uses, then removes it.
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { installOverrides, SUPPORTED_N8N_VERSIONS } from '../test/support/install';
import { npmEnv } from '../test/support/processes';

const PINNED = SUPPORTED_N8N_VERSIONS.find((version) => version.startsWith('2.')) ?? '2.0.0';

interface Outcome {
	version: string;
	installs: boolean;
	/** Why not: the package npm could not find, or npm's own first error line. */
	reason?: string;
}

function npm(args: string[], cwd: string): Promise<{ code: number; output: string }> {
	return new Promise((resolve) => {
		execFile('npm', args, { cwd, env: npmEnv(), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
			const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
			resolve({ code, output: `${stdout}\n${stderr}` });
		});
	});
}

/** "2.41.3" → [2, 41, 3]; pre-releases ("2.42.0-rc.1") are left out of the check. */
function parts(version: string): number[] | undefined {
	const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
	return match ? match.slice(1).map(Number) : undefined;
}

function newer(a: number[], b: number[]): boolean {
	for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
	return false;
}

/** The package npm names as missing (E404 / ETARGET), else npm's first error line. */
function missingPackage(output: string): string {
	const notInRegistry = /'([^']+)' is not in this registry/.exec(output);
	if (notInRegistry) return `${notInRegistry[1]} is missing from the registry`;
	const noMatch = /No matching version found for (\S+?)\.?$/m.exec(output);
	if (noMatch) return `${noMatch[1]} is not in the registry (npm: no matching version)`;
	const notFound = /404 Not Found - GET \S+\/(@?[^\s/]+(?:%2[fF][^\s/]+)?)/.exec(output);
	if (notFound) return `${decodeURIComponent(notFound[1])} is missing from the registry`;
	const firstError = output.split('\n').find((line) => line.startsWith('npm error') && !/^npm error (code|A complete log)/.test(line));
	return firstError?.replace(/^npm error /, '') ?? 'npm failed without a message';
}

async function check(version: string): Promise<Outcome> {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), `n8n-check-${version}-`));
	try {
		const manifest = { name: 'n8n-check-newer', private: true, dependencies: { n8n: version }, overrides: installOverrides(2) };
		fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
		const { code, output } = await npm(['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], folder);
		return code === 0 ? { version, installs: true } : { version, installs: false, reason: missingPackage(output) };
	} finally {
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

async function main() {
	const started = Date.now();
	const listed = await npm(['view', 'n8n', 'versions', 'dist-tags', '--json'], os.tmpdir());
	if (listed.code !== 0) throw new Error(`npm view n8n failed: ${missingPackage(listed.output)}`);
	const { versions, 'dist-tags': tags } = JSON.parse(listed.output) as { versions: string[]; 'dist-tags': Record<string, string> };
	const pinned = parts(PINNED)!;
	const candidates = versions.filter((version) => {
		const candidate = parts(version);
		return candidate?.[0] === 2 && newer(candidate, pinned);
	});
	console.log(`n8n pinned here: ${PINNED}; the registry's latest tag: ${tags.latest ?? '(none)'}`);
	if (candidates.length === 0) {
		console.log(`No n8n 2.x newer than ${PINNED} in the registry.`);
		return;
	}
	console.log(`Newer 2.x in the registry: ${candidates.join(', ')}. Resolving each dependency tree (metadata only)...`);
	const outcomes: Outcome[] = [];
	for (const version of candidates) {
		const checkStarted = Date.now();
		const outcome = await check(version);
		outcomes.push(outcome);
		const seconds = ((Date.now() - checkStarted) / 1000).toFixed(0);
		console.log(`  n8n ${version}: ${outcome.installs ? 'installs' : `does not install: ${outcome.reason}`} (${seconds} s)`);
	}
	const installable = outcomes.filter((outcome) => outcome.installs).map((outcome) => outcome.version);
	console.log(
		installable.length
			? `Installable: ${installable.join(', ')}. Move the pin (test/support/install.ts, n8n-core in package.json) to the newest and run the suites on it.`
			: `None installs yet: keep ${PINNED}.`,
	);
	console.log(`Checked in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((error: Error) => {
	console.error(`n8n:check-newer failed: ${error.message}`);
	process.exit(1);
});
