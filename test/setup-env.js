// n8n-core writes its instance settings under N8N_USER_FOLDER (the home folder by default):
// give every test worker a private temporary folder instead.
const fs = require('fs');
const os = require('os');
const path = require('path');

if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-aa-test-'));
}
