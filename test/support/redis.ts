/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error */
// A private Redis on 127.0.0.1 for n8n's queue mode: Debian's `redis-server`, installed with
// apt-get when it is missing and this process is root, started in a temporary folder without
// persistence, stopped by stop() (or by a reaper should this process die first).
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';

import { freePort } from './ports';
import { spawnServer, waitUntilServerReady } from './processes';

export const REDIS_INSTALL_HINT = 'apt-get install -y redis-server (Debian/Ubuntu), or put a redis-server 6 or newer on PATH';

function findRedisServer(): string | undefined {
	for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat(['/usr/bin', '/usr/sbin', '/usr/local/bin'])) {
		const candidate = path.join(dir, 'redis-server');
		try {
			fs.accessSync(candidate, fs.constants.X_OK);
			return candidate;
		} catch {
			// not here
		}
	}
	return undefined;
}

/** The redis-server binary; installs Debian's package when missing and root, else says what to install. */
export function ensureRedisServer(log: (line: string) => void = () => undefined): string {
	const found = findRedisServer();
	if (found) return found;
	if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
		throw new Error(`redis-server is not installed. The queue-mode tests need it: ${REDIS_INSTALL_HINT}.`);
	}
	log('installing redis-server with apt-get (once per machine)');
	// RUNLEVEL=1 keeps the package's init script from starting a system-wide Redis on port 6379.
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
	const apt = (args: string[]) => execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
	try {
		apt(['update', '-qq']);
		apt(['install', '-y', '-qq', '--no-install-recommends', 'redis-server']);
	} catch (error) {
		const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
		throw new Error(`apt-get install redis-server failed: ${stderr.slice(-2000) || (error as Error).message}`);
	}
	const installed = findRedisServer();
	if (!installed) throw new Error(`apt-get installed redis-server, but it is not on PATH. ${REDIS_INSTALL_HINT}.`);
	return installed;
}

export interface RunningRedis {
	host: string;
	port: number;
	output(): string;
	stop(): Promise<void>;
}

/** One PING over the wire; true when Redis answers PONG. */
function ping(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
	});
}

export async function startRedis(options: { log?: (line: string) => void; logFile?: string } = {}): Promise<RunningRedis> {
	const binary = ensureRedisServer(options.log);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-redis-'));
	const port = await freePort();
	const server = spawnServer(
		binary,
		[
			'--bind', '127.0.0.1',
			'--port', String(port),
			'--dir', dir,
			'--save', '',
			'--appendonly', 'no',
			'--daemonize', 'no',
			'--protected-mode', 'yes',
			'--loglevel', 'warning',
		],
		{ cwd: dir, logFile: options.logFile, reap: true, folder: dir },
	);
	// Nothing persists: killing it loses nothing.
	const stop = () => server.stop('SIGKILL');
	await waitUntilServerReady('redis-server', { ...server, stop }, () => ping(port), { timeoutMs: 30_000, intervalMs: 100 });
	options.log?.(`redis listening on 127.0.0.1:${port}`);
	return { host: '127.0.0.1', port, output: server.output, stop };
}
