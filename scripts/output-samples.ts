/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console */
// `npm run docs:samples`: runs the example trigger through the emulator (test/support/outputSamples.ts)
// and writes its item into the sample blocks of README.md and docs/trigger.md.
import * as fs from 'fs';
import * as path from 'path';

import { REPO_ROOT } from '../test/support/descriptions';
import { SAMPLE_FILES, transferSample, withSample } from '../test/support/outputSamples';

async function main(): Promise<void> {
	const item = await transferSample();
	for (const file of SAMPLE_FILES) {
		const full = path.join(REPO_ROOT, file);
		const before = fs.readFileSync(full, 'utf8');
		const after = withSample(before, item, file);
		fs.writeFileSync(full, after);
		console.log(`${file}: ${before === after ? 'unchanged' : 'sample written'}`);
	}
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
