// One temporary folder per `npm test` run for the workers' n8n user folders (setup-env.js);
// global-teardown.js removes it, so a run leaves nothing behind in the temporary directory.
const fs = require('fs');
const os = require('os');
const path = require('path');

module.exports = () => {
	process.env.AA_TEST_RUN_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-aa-test-'));
};
