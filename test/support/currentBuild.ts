/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The tarball of the package as it is built now. The queue suite and `npm run bench:n8n` pack
// dist/ as they find it (CI builds just before; a developer may be rebuilding meanwhile), and
// build first only when dist/ lacks a node or credential, or when AA_QUEUE_BUILD=1.
import * as fs from 'fs';
import * as path from 'path';

import { buildPackage, packPackage, REPO_ROOT } from './package';

/** Whether dist/ holds every node and credential package.json announces to n8n. */
export function isBuilt(): boolean {
	const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };
	return [...manifest.n8n.nodes, ...manifest.n8n.credentials].every((file) => fs.existsSync(path.join(REPO_ROOT, file)));
}

/** `given` when it names an existing tarball; else `npm pack` of dist/ (built first when needed). */
export function currentBuildTarball(given?: string): string {
	if (given && fs.existsSync(given)) return given;
	if (process.env.AA_QUEUE_BUILD === '1' || !isBuilt()) buildPackage();
	return packPackage();
}
