/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console */
/**
 * npm run schemas: writes the output schemas the editor shows before a run (nodes/<Node>/__schema__),
 * derived from one real run of every operation and both triggers against the emulator through
 * n8n-core. Run it after changing what an operation puts out; test/package/schemas.test.ts fails
 * until the shipped schemas fit the outputs again.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { schemaOf } from '../test/schemas/jsonSchema';
import { runEveryOperation } from '../test/schemas/operationRuns';
import { NODES, nodeVersions, ROOT, schemaFolder, schemaPath } from '../test/schemas/schemaFiles';

async function main(): Promise<void> {
	const outputs = await runEveryOperation();
	for (const node of Object.keys(NODES) as Array<keyof typeof NODES>) {
		fs.rmSync(schemaFolder(node), { recursive: true, force: true });
	}
	let written = 0;
	for (const output of outputs) {
		if (output.items.length === 0) throw new Error(`${output.node} ${output.resource} ${output.operation} put out no items`);
		const schema = schemaOf(output.items);
		for (const version of nodeVersions(NODES[output.node])) {
			const file = path.join(ROOT, 'nodes', output.node, schemaPath(output, version));
			fs.mkdirSync(path.dirname(file), { recursive: true });
			fs.writeFileSync(file, `${JSON.stringify(schema, null, '\t')}\n`);
			written++;
		}
	}
	console.log(`wrote ${written} schema files from ${outputs.length} runs`);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
