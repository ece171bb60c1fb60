// Removes the run's temporary folder that global-setup.js made.
const fs = require('fs');

module.exports = () => {
	fs.rmSync(process.env.AA_TEST_RUN_FOLDER, { recursive: true, force: true });
};
