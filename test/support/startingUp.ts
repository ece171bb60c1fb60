/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// n8n's start-up window on purpose. While n8n starts, once its database is connected and until its
// migrations are done, it answers every request, webhooks included, with 200 "n8n is starting up.
// Please wait" (abstract-server.js, 1.123.81 and 2.41.1). On an already-migrated database that
// lasts well under a second; these helpers hold it open so that a test can land a delivery in it:
// a single n8n through the holdMigrations.js preload, a queue-mode process (Postgres) by holding
// the migration lock n8n takes.
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import type { N8nInstall } from './install';
import { waitFor } from '../harness/wait';

export const STARTING_UP_ANSWER = 'n8n is starting up. Please wait';

/** A switch that holds the migrations of an n8n started with holdMigrationsEnv() while it is on. */
export interface MigrationHold {
	/** n8n environment: preloads holdMigrations.js, which waits while the switch is on. */
	env: Record<string, string>;
	on(): void;
	off(): void;
	remove(): void;
}

export function migrationHold(install: N8nInstall): MigrationHold {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'aa-hold-'));
	const flag = path.join(folder, 'hold');
	return {
		env: {
			NODE_OPTIONS: `--require ${path.join(__dirname, 'holdMigrations.js')}`,
			AA_HOLD_MIGRATIONS_FILE: flag,
			AA_HOLD_MIGRATIONS_DB_MODULE: path.join(install.nodeModules, '@n8n', 'db', 'dist', 'connection', 'db-connection.js'),
		},
		on: () => fs.writeFileSync(flag, ''),
		off: () => fs.rmSync(flag, { force: true }),
		remove: () => fs.rmSync(folder, { recursive: true, force: true }),
	};
}

/** Waits until n8n at `url` answers a request with its start-up text (polls every 50 ms). */
export async function waitForStartingUp(url: string, timeoutMs = 180_000): Promise<void> {
	await waitFor(
		`n8n at ${url} to answer "${STARTING_UP_ANSWER}"`,
		async () => {
			const response = await fetch(`${url}/rest/settings`, { signal: AbortSignal.timeout(2000) });
			return response.status === 200 && (await response.text()).includes(STARTING_UP_ANSWER);
		},
		timeoutMs,
		50,
	);
}

/**
 * The Postgres advisory lock every n8n process takes to run its migrations
 * (@n8n/db DbConnection.migrateWithAdvisoryLock: key 1005, sub-key from the schema and table prefix).
 * While a test holds it, a starting process answers "starting up".
 */
export function migrationLockKeys(schema = 'public', entityPrefix = ''): [number, number] {
	return [1005, createHash('sha256').update(`${schema}:${entityPrefix}`).digest().readInt32BE(0)];
}
