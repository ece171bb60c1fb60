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
