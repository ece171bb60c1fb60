/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// Puts the package into an n8n user folder the way users get it: built, packed with `npm pack`,
// installed from the tarball as a community package under <user folder>/.n8n/nodes.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { PACKAGE_NAME } from '../harness/names';
import { npmEnv } from './processes';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** `npm run build` in the clone. */
export function buildPackage(): void {
	execFileSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: npmEnv() });
}

/** `npm pack` into a new temporary folder (its own, so `removePacked` can remove it); returns the tarball's path. */
export function packPackage(): string {
	const destination = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-pack-'));
	const output = execFileSync('npm', ['pack', '--json', '--pack-destination', destination, '--loglevel=error'], {
		cwd: REPO_ROOT,
		env: npmEnv(),
		encoding: 'utf8',
	});
	const [info] = JSON.parse(output) as Array<{ filename: string }>;
	return path.join(destination, info.filename);
}

/** Removes a tarball `packPackage` made, with its temporary folder. */
export function removePacked(tarball: string): void {
	fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
}

/**
 * Installs the tarball as a community package of the n8n at `userFolder`, as n8n's installer does:
 * unpacked into .n8n/nodes/node_modules/<name>, without dev/peer dependencies, recorded in
 * .n8n/nodes/package.json; n8n-workflow and zod then resolve from n8n's own node_modules.
 */
export function installIntoUserFolder(tarball: string, userFolder: string): string {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	fs.rmSync(packageDir, { recursive: true, force: true });
	fs.mkdirSync(packageDir, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
	const packageJsonPath = path.join(packageDir, 'package.json');
	const packageJson = JSON.parse(fs.readFileSync(packageJsonPath, 'utf8')) as Record<string, unknown> & { version: string };
	delete packageJson.devDependencies;
	delete packageJson.peerDependencies;
	delete packageJson.optionalDependencies;
	fs.writeFileSync(packageJsonPath, JSON.stringify(packageJson, null, 2));
	execFileSync(
		'npm',
		['install', '--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false', '--loglevel=error'],
		{ cwd: packageDir, env: npmEnv(), stdio: ['ignore', 'pipe', 'inherit'] },
	);
	const manifestPath = path.join(nodesDir, 'package.json');
	const manifest: { name?: string; private?: boolean; dependencies?: Record<string, string> } = fs.existsSync(manifestPath)
		? JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
		: { name: 'installed-nodes', private: true };
	manifest.dependencies = { ...manifest.dependencies, [PACKAGE_NAME]: packageJson.version };
	fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	return packageDir;
}

/** Build, pack and install in one go; the tarball is removed once installed. */
export function buildPackAndInstall(userFolder: string, options: { build?: boolean } = {}): void {
	if (options.build !== false) buildPackage();
	const tarball = packPackage();
	try {
		installIntoUserFolder(tarball, userFolder);
	} finally {
		removePacked(tarball);
	}
}
