/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// `npm run describe:nodes`: the built package's node and credential descriptions (dist/, as n8n
// loads them) as JSON on stdout. `-- --write` stores them as test/package/descriptions.json, the
// snapshot test/package/descriptions.test.ts compares the sources against; a change to a node's
// description shows as a diff of that file.
import * as fs from 'fs';
import * as path from 'path';

import { describePackage, REPO_ROOT } from '../test/support/descriptions';

const serialised = describePackage('dist');
if (process.argv.includes('--write')) {
	fs.writeFileSync(path.join(REPO_ROOT, 'test', 'package', 'descriptions.json'), serialised);
} else {
	process.stdout.write(serialised);
}
