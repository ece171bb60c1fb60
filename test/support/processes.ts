/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// Child processes of scripts and tests: npm's environment, an install lock, and the servers they
// start (n8n, Postgres, Redis), each in its own process group, its output kept for error messages
// and appended to a log file, stopped with a signal and SIGKILL after a grace period, and taken
// along should this process end first.
import { spawn, type ChildProcess, type SpawnOptions } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import { sleep, waitFor } from '../harness/wait';
import { reapWithThisProcess } from './reaper';

/** The environment for npm in another folder, without the npm_config_* that `npm run`/`npx` in the clone set (ignore-scripts among them). */
export function npmEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (!name.toLowerCase().startsWith('npm_')) env[name] = value;
	}
	return { ...env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };
}

/** Whether a process with this id is running (signal 0 only checks). */
export function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/**
 * Takes a lock folder holding this process's pid, waiting while a live process holds it (a lock
 * whose holder is gone is taken over); returns its release. Keeps two runs from installing into
 * the same cache folder at once.
 */
export async function lockFolder(lockDir: string, options: { what: string; retryMs: number; log?: (line: string) => void }): Promise<() => void> {
	let told = false;
	for (;;) {
		try {
			fs.mkdirSync(lockDir);
			fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
			return () => fs.rmSync(lockDir, { recursive: true, force: true });
		} catch {
			const owner = Number(fs.existsSync(path.join(lockDir, 'pid')) ? fs.readFileSync(path.join(lockDir, 'pid'), 'utf8') : 0);
			if (owner && !pidAlive(owner)) {
				fs.rmSync(lockDir, { recursive: true, force: true });
				continue;
			}
			if (!told) options.log?.(`waiting for another ${options.what} (pid ${owner || '?'}) to finish`);
			told = true;
			await sleep(options.retryMs);
		}
	}
}

export interface ServerProcessOptions extends Pick<SpawnOptions, 'cwd' | 'env' | 'uid' | 'gid'> {
	/** Where its output goes (appended); default: kept in memory for error messages only. */
	logFile?: string;
	/** Also kill it (and remove `folder`) when this process is killed outright (SIGKILL, a jest worker timeout): see reaper.ts. */
	reap?: boolean;
	/** The server's temporary folder: removed when it stops, or when this process exits first. */
	folder?: string;
}

export interface ServerProcess {
	pid: number | undefined;
	/** The last lines it printed. */
	output(): string;
	/** The exit code once it ended (-1 for a signal), else undefined. */
	exitCode(): number | null | undefined;
	/**
	 * Sends `signal` to the process group (or to the group's leader only), SIGKILL to the group
	 * after 15 s, and once more after the leader ended (its children may outlive it); then closes
	 * the log file and removes the folder.
	 */
	stop(signal: NodeJS.Signals, options?: { leaderOnly?: boolean }): Promise<void>;
}

/** Spawns a server in its own process group (detached), its output piped; does not wait for readiness. */
export function spawnServer(command: string, args: string[], options: ServerProcessOptions): ServerProcess {
	const { logFile, reap, folder, ...spawnOptions } = options;
	const child: ChildProcess = spawn(command, args, { ...spawnOptions, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	let tail = '';
	const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
	const onOutput = (chunk: Buffer) => {
		tail = (tail + chunk.toString()).slice(-20_000);
		log?.write(chunk);
	};
	child.stdout?.on('data', onOutput);
	child.stderr?.on('data', onOutput);
	let exited: number | null | undefined;
	const exit = new Promise<void>((resolve) =>
		child.on('exit', (code, signal) => {
			exited = code ?? (signal ? -1 : 0);
			resolve();
		}),
	);
	const send = (signal: NodeJS.Signals, target: number) => {
		try {
			process.kill(target, signal);
		} catch {
			// already gone
		}
	};
	const signalGroup = (signal: NodeJS.Signals) => child.pid && send(signal, -child.pid);
	const removeFolder = () => folder && fs.rmSync(folder, { recursive: true, force: true });
	// Should this process end without stopping the server, take its process group along.
	const killOnExit = () => {
		if (exited === undefined) signalGroup('SIGKILL');
		removeFolder();
	};
	process.once('exit', killOnExit);
	const reaper = reap && child.pid ? reapWithThisProcess(child.pid, folder) : undefined;

	return {
		pid: child.pid,
		output: () => tail,
		exitCode: () => exited,
		async stop(signal, stopOptions = {}) {
			process.off('exit', killOnExit);
			reaper?.dismiss();
			if (exited === undefined && child.pid) {
				if (stopOptions.leaderOnly) send(signal, child.pid);
				else signalGroup(signal);
				let timer: NodeJS.Timeout | undefined;
				const stopped = await Promise.race([exit.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 15_000)))]);
				clearTimeout(timer);
				if (!stopped) signalGroup('SIGKILL');
				await exit;
			}
			signalGroup('SIGKILL');
			log?.end();
			removeFolder();
		},
	};
}

/**
 * Waits until `ready` holds (an error it throws counts as "not yet"); when the server exits first
 * or time runs out, stops it and throws with the end of its output.
 */
export async function waitUntilServerReady(
	what: string,
	server: { output(): string; exitCode(): number | null | undefined; stop(): Promise<void> },
	ready: () => Promise<boolean> | boolean,
	options: { timeoutMs: number; intervalMs: number },
): Promise<void> {
	const settled = await waitFor(`${what} to be ready`, async () => server.exitCode() !== undefined || (await ready()), options.timeoutMs, options.intervalMs).catch(
		() => false,
	);
	const exited = server.exitCode();
	if (settled && exited === undefined) return;
	await server.stop();
	const why = exited === undefined ? `did not become ready within ${options.timeoutMs / 1000} s` : `exited with ${exited} before it was ready`;
	throw new Error(`${what} ${why}:\n${server.output().slice(-4000)}`);
}
