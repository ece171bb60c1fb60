// Preloaded into an n8n process by tests (NODE_OPTIONS=--require <this file>): while the file named
// by AA_HOLD_MIGRATIONS_FILE exists, n8n's database migrations wait, as a long upgrade makes them
// wait. n8n's HTTP server listens before it migrates and answers every request with 200 "n8n is
// starting up. Please wait" until they are done, so a test can land a delivery in that window on
// purpose. n8n 1.123.81 and 2.41.1 both migrate through @n8n/db's DbConnection.migrate.
'use strict';

const fs = require('fs');

const flag = process.env.AA_HOLD_MIGRATIONS_FILE;
const moduleFile = process.env.AA_HOLD_MIGRATIONS_DB_MODULE;

if (flag && moduleFile) {
	// Patched when n8n itself loads the module (a task runner child, which never does, is left alone).
	const Module = require('module');
	const load = Module._load;
	let patched = false;
	Module._load = function loadAndHold(request, parent, isMain) {
		const exported = load.call(this, request, parent, isMain);
		if (!patched && exported && exported.DbConnection && typeof exported.DbConnection.prototype.migrate === 'function') {
			let filename;
			try {
				filename = Module._resolveFilename(request, parent, isMain);
			} catch {
				filename = undefined;
			}
			if (filename === moduleFile) {
				patched = true;
				const migrate = exported.DbConnection.prototype.migrate;
				exported.DbConnection.prototype.migrate = async function heldMigrate(...args) {
					while (fs.existsSync(flag)) await new Promise((resolve) => setTimeout(resolve, 50));
					return await migrate.apply(this, args);
				};
			}
		}
		return exported;
	};
}
