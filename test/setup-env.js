// n8n-core writes its instance settings under N8N_USER_FOLDER (the home folder by default). Under
// jest every worker gets a folder in the run's temporary folder (global-setup.js); elsewhere (the
// benches) the process gets its own, removed when it exits.
const fs = require('fs');
const os = require('os');
const path = require('path');

if (!process.env.N8N_USER_FOLDER) {
	const runFolder = process.env.AA_TEST_RUN_FOLDER;
	if (runFolder) {
		process.env.N8N_USER_FOLDER = path.join(runFolder, `worker-${process.env.JEST_WORKER_ID ?? '1'}`);
		fs.mkdirSync(process.env.N8N_USER_FOLDER, { recursive: true });
	} else {
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-aa-test-'));
		process.env.N8N_USER_FOLDER = folder;
		process.on('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
	}
}

// n8n-core's logger (winston, on the console) writes every node error of the unit runs between
// jest's results. Under jest it is silent unless N8N_LOG_LEVEL is set; failures are jest's to
// report, and the tests that look at log lines collect them with a logger of their own
// (test/harness/logger.ts). Real n8n started by tests gets its own level (test/support/n8n.ts).
if (process.env.JEST_WORKER_ID !== undefined && !process.env.N8N_LOG_LEVEL) process.env.N8N_LOG_LEVEL = 'silent';
