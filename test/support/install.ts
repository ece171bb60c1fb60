/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// Installs a pinned n8n and a Node 24 binary into a cache folder outside the clone, once per machine.
// n8n 2.x refuses Node 20, and its install needs the workarounds in the shared n8n conventions:
// a linkedom override, --ignore-scripts (a Kafka client downloads a binary) and a rebuild of sqlite3.
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { lockFolder, npmEnv } from './processes';

/**
 * The n8n versions the package is tested on (README "Compatibility"): the 2.x it pins and the
 * newest 1.x in the registry, which many self-hosters still run. N8N_VERSION picks one (default the first).
 */
export const SUPPORTED_N8N_VERSIONS = ['2.41.1', '1.123.81'] as const;
export type SupportedN8nVersion = (typeof SUPPORTED_N8N_VERSIONS)[number];

function selectedVersion(): SupportedN8nVersion {
	const wanted = process.env.N8N_VERSION?.trim() || SUPPORTED_N8N_VERSIONS[0];
	const found = SUPPORTED_N8N_VERSIONS.find((version) => version === wanted);
	if (!found) throw new Error(`N8N_VERSION=${wanted} is not one of the tested versions: ${SUPPORTED_N8N_VERSIONS.join(', ')}`);
	return found;
}

export const N8N_VERSION: SupportedN8nVersion = selectedVersion();
/** 1 or 2: the versions differ in their REST API, environment and webhook answers. */
export const N8N_MAJOR = Number(N8N_VERSION.split('.')[0]) as 1 | 2;
// The registry's per-platform Node packages ship the real binary; the `node` wrapper package only
// fetches it from a preinstall script, which --ignore-scripts skips.
export const NODE_VERSION = '24.21.0';

export interface N8nInstall {
	dir: string;
	nodeBin: string;
	n8nBin: string;
	/** Extra folders for NODE_PATH-style resolution (n8n's own node_modules). */
	nodeModules: string;
	version: SupportedN8nVersion;
	major: 1 | 2;
}

const MARKER = '.install-complete';

export function defaultInstallDir(): string {
	if (process.env.N8N_INSTALL_DIR) return path.resolve(process.env.N8N_INSTALL_DIR);
	const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(cacheHome, 'n8n-nodes-address-activity', `n8n-${N8N_VERSION}`);
}

function nodePackageName(): string {
	return `node-${process.platform}-${process.arch}`;
}

function describe(dir: string): N8nInstall {
	return {
		dir,
		nodeBin: path.join(dir, 'node_modules', nodePackageName(), 'bin', 'node'),
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		nodeModules: path.join(dir, 'node_modules'),
		version: N8N_VERSION,
		major: N8N_MAJOR,
	};
}

function markerContent(): string {
	return JSON.stringify({ n8n: N8N_VERSION, node: NODE_VERSION, platform: nodePackageName() });
}

export function isInstalled(dir = defaultInstallDir()): boolean {
	try {
		return fs.readFileSync(path.join(dir, MARKER), 'utf8').trim() === markerContent();
	} catch {
		return false;
	}
}

/**
 * The overrides an n8n install needs from the registry here (also used by `npm run n8n:check-newer`):
 * linkedom > 0.18.12 needs a package the registry lacks; n8n 1.x wants xlsx as a tarball from a CDN,
 * which cannot be reached: the registry's last xlsx instead.
 */
export function installOverrides(major: number): Record<string, string> {
	return major === 1 ? { linkedom: '0.18.12', xlsx: '0.18.5' } : { linkedom: '0.18.12' };
}

/** How long a step has been running, as a person reads it: "45 s", "3 min 12 s". */
export function elapsed(since: number, now = Date.now()): string {
	const seconds = Math.round((now - since) / 1000);
	return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A line at least this often while a step runs, so a long install never looks stuck. */
export const HEARTBEAT_MS = 30_000;

/**
 * Runs one install step and says so: a line when it starts, one every HEARTBEAT_MS while it runs
 * (with `progress()` when given, e.g. how many packages are in place), and one when it ends or
 * fails, each with its time.
 */
export async function installStep<T>(
	name: string,
	work: () => Promise<T>,
	log: (line: string) => void,
	progress?: () => string,
	heartbeatMs = HEARTBEAT_MS,
): Promise<T> {
	const started = Date.now();
	log(`${name}: started`);
	const heartbeat = setInterval(() => {
		const extra = progress?.();
		log(`${name}: still running after ${elapsed(started)}${extra ? ` (${extra})` : ''}`);
	}, heartbeatMs);
	let succeeded = false;
	try {
		const result = await work();
		succeeded = true;
		return result;
	} finally {
		clearInterval(heartbeat);
		log(succeeded ? `${name}: done in ${elapsed(started)}` : `${name}: failed after ${elapsed(started)}`);
	}
}

/** Packages npm has put in place so far (top-level folders and scopes' folders). */
function packagesInPlace(nodeModules: string): string {
	try {
		let count = 0;
		for (const entry of fs.readdirSync(nodeModules)) {
			if (entry.startsWith('.')) continue;
			count += entry.startsWith('@') ? fs.readdirSync(path.join(nodeModules, entry)).length : 1;
		}
		return `${count} packages in node_modules so far`;
	} catch {
		return '';
	}
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		const collect = (chunk: Buffer) => {
			output += chunk.toString();
			if (output.length > 200_000) output = output.slice(-100_000);
		};
		child.stdout.on('data', collect);
		child.stderr.on('data', collect);
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) return resolve(output);
			log(output.slice(-4000));
			reject(new Error(`${command} ${args.join(' ')} exited with ${code} in ${cwd}`));
		});
	});
}

/**
 * Returns the cached install, installing it first when missing. Installs into a staging folder
 * that is renamed into place only after every step passed, so an interrupted run never leaves a
 * half install that looks complete.
 */
export async function ensureN8n(options: { dir?: string; log?: (line: string) => void } = {}): Promise<N8nInstall> {
	const dir = options.dir ?? defaultInstallDir();
	const log = options.log ?? (() => undefined);
	if (isInstalled(dir)) return describe(dir);

	const started = Date.now();
	fs.mkdirSync(path.dirname(dir), { recursive: true });
	// So that a test run and `npm run dev` never install at once.
	const waitStarted = Date.now();
	const waiting = setInterval(() => log(`still waiting for another n8n ${N8N_VERSION} install to finish after ${elapsed(waitStarted)}`), HEARTBEAT_MS);
	const release = await lockFolder(`${dir}.lock`, { what: 'n8n install', retryMs: 2000, log }).finally(() => clearInterval(waiting));
	try {
		// Someone else may have finished while we waited for the lock.
		if (isInstalled(dir)) return describe(dir);
		// A failed earlier attempt leaves its staging folder: npm then only adds what is missing.
		const staging = `${dir}.partial`;
		fs.mkdirSync(staging, { recursive: true });
		fs.writeFileSync(
			path.join(staging, 'package.json'),
			JSON.stringify(
				{
					name: 'n8n-runtime-for-address-activity',
					private: true,
					dependencies: { n8n: N8N_VERSION, [nodePackageName()]: NODE_VERSION },
					overrides: installOverrides(N8N_MAJOR),
				},
				null,
				2,
			),
		);
		const env = npmEnv();
		log(`installing n8n ${N8N_VERSION} and Node ${NODE_VERSION} into ${dir}: once per machine, 3 GB, several minutes (four steps, each printed with its time)`);
		await installStep(
			`1/4 npm install of n8n ${N8N_VERSION} and the Node ${NODE_VERSION} binary (about 1,900 packages)`,
			() => run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], staging, env, log),
			log,
			() => packagesInPlace(path.join(staging, 'node_modules')),
		);
		// sqlite3 uses N-API, so building it with this machine's Node headers works for Node 24 too.
		await installStep('2/4 rebuild of sqlite3 (compiles it from source)', () => run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--loglevel=error'], staging, env, log), log);
		const install = describe(staging);
		await installStep(`3/4 check that sqlite3 loads in Node ${NODE_VERSION}`, () => run(install.nodeBin, ['-e', "require('sqlite3')"], staging, env, log), log);
		const version = await installStep(`4/4 check of n8n --version`, async () => (await run(install.nodeBin, [install.n8nBin, '--version'], staging, env, log)).trim(), log);
		if (!version.includes(N8N_VERSION)) throw new Error(`n8n --version printed ${version}`);
		fs.writeFileSync(path.join(staging, MARKER), markerContent());
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(staging, dir);
	} finally {
		release();
	}
	log(`n8n ${N8N_VERSION} installed in ${elapsed(started)}`);
	return describe(dir);
}
