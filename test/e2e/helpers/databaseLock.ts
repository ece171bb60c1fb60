/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// Makes n8n's database refuse writes for a while, the way another writer (a backup, a second
// process, a stuck migration) does: a separate process holds SQLite's write lock with
// BEGIN EXCLUSIVE until released. n8n opens its database in WAL mode without a busy timeout of its
// own, so its reads go on and its writes (creating an execution among them) fail with SQLITE_BUSY.
// Permissions cannot do this: tests run as root, which ignores them.
import { spawn } from 'child_process';
import * as path from 'path';

import type { N8nInstall } from '../../support/install';

/** Runs under the install's Node 24 with n8n's own sqlite3 module (built for that Node). */
const LOCKER = `
const sqlite3 = require(process.env.SQLITE3_MODULE);
const db = new sqlite3.Database(process.env.DATABASE_FILE);
db.configure('busyTimeout', 10000);
let released = false;
const release = () => {
	if (released) return;
	released = true;
	db.exec('COMMIT', (error) => db.close(() => process.exit(error ? 1 : 0)));
};
db.exec('BEGIN EXCLUSIVE', (error) => {
	if (error) {
		process.stderr.write('could not lock: ' + error.message + '\\n');
		process.exit(1);
	}
	process.stdout.write('locked\\n');
	process.stdin.on('data', release);
	process.stdin.on('end', release);
	setTimeout(release, Number(process.env.MAX_HOLD_MS));
});
`;

export interface DatabaseLock {
	/** Commits the empty transaction and waits for the locker to exit. */
	release(): Promise<void>;
}

/** Holds the write lock on `databaseFile` until released (or `maxHoldMs` at most, should a test fail). */
export async function lockDatabase(install: N8nInstall, databaseFile: string, maxHoldMs = 30_000): Promise<DatabaseLock> {
	const child = spawn(install.nodeBin, ['-e', LOCKER], {
		env: {
			PATH: process.env.PATH ?? '',
			SQLITE3_MODULE: path.join(install.nodeModules, 'sqlite3'),
			DATABASE_FILE: databaseFile,
			MAX_HOLD_MS: String(maxHoldMs),
		},
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	let output = '';
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString();
			if (output.includes('locked')) resolve();
		});
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		void exited.then((code) => reject(new Error(`the database locker exited with ${code} before locking: ${output}`)));
	});
	return {
		async release() {
			child.stdin.end();
			const code = await exited;
			if (code !== 0) throw new Error(`the database locker exited with ${code}: ${output}`);
		},
	};
}
