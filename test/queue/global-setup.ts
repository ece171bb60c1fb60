/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console */
// Once per `npm run test:queue`: the cached n8n install, the cached Postgres binaries and Debian's
// redis-server (installed with apt-get when missing and root), then the package tarball: `npm
// pack` of dist/ as it is (CI builds just before; AA_QUEUE_BUILD=1 or a missing build builds
// first), or the tarball AA_QUEUE_TARBALL names.
import * as path from 'path';

import { currentBuildTarball } from '../support/currentBuild';
import { ensureN8n } from '../support/install';
import { ensurePostgres } from '../support/postgres';
import { ensureRedisServer } from '../support/redis';

export default async function globalSetup(): Promise<void> {
	const log = (line: string) => console.log(`[queue] ${line}`);
	const started = Date.now();
	const install = await ensureN8n({ log });
	const postgres = await ensurePostgres({ log });
	ensureRedisServer(log);
	const ready = Date.now();
	const given = process.env.AA_QUEUE_TARBALL;
	const tarball = currentBuildTarball(given);
	if (tarball !== given) process.env.AA_QUEUE_PACKED = tarball;
	log(
		`n8n, ${postgres.version} and redis-server ready in ${((ready - started) / 1000).toFixed(1)} s; package ${path.basename(tarball)} ready in ${((Date.now() - ready) / 1000).toFixed(1)} s`,
	);
	process.env.AA_E2E_N8N_DIR = install.dir;
	process.env.AA_QUEUE_TARBALL = tarball;
}
