/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console */
// `npm run scan`: the lint legs of n8n's community-package scanner, offline, on the clone's source
// and on the tarball `npm pack` makes from the current build (run `npm run build` first). The
// scanner's other checks need the published package: its npm provenance and the GitHub source
// that provenance names, which only a release from the publish workflow has.
import * as fs from 'fs';
import * as path from 'path';

import { REPO_ROOT } from '../test/support/package';
import { formatBytes, packAndUnpack, removeUnpacked, runScannerLegs } from '../test/support/scan';

async function main(): Promise<number> {
	const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	const unpacked = packAndUnpack();
	try {
		const missing = [...manifest.n8n.nodes, ...manifest.n8n.credentials].filter((file) => !unpacked.files.includes(file));
		if (missing.length > 0) {
			console.error(`The packed tarball lacks ${missing.join(', ')} (listed in package.json's "n8n" section). Run \`npm run build\` first.`);
			return 1;
		}
		console.log(`tarball ${path.basename(unpacked.tarball)}: ${formatBytes(unpacked.size)} packed, ${formatBytes(unpacked.unpackedSize)} unpacked, ${unpacked.files.length} files`);

		const legs = await runScannerLegs(REPO_ROOT, unpacked.dir);
		for (const leg of legs) {
			const verdict = leg.result.passed ? 'passed' : `FAILED: ${leg.result.message ?? 'unknown reason'}`;
			console.log(`scan ${leg.name} (${leg.patterns.join(', ')}): ${leg.files} files, ${verdict}`);
			if (leg.result.details) console.log(leg.result.details);
		}
		return legs.every((leg) => leg.result.passed) ? 0 : 1;
	} finally {
		removeUnpacked(unpacked);
	}
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(`scan failed: ${error instanceof Error ? error.message : String(error)}`);
		process.exit(1);
	},
);
