/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * The output schemas the editor shows before a run: one for every operation at every node
 * version, and output.json for both triggers, each fitting what the operation really puts out
 * (one run of everything through n8n-core against the emulator). After changing an output, run
 * `npm run schemas`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { INodePropertyOptions } from 'n8n-workflow';

import { mismatches, type JsonSchema } from '../schemas/jsonSchema';
import { runEveryOperation, type OperationOutput } from '../schemas/operationRuns';
import { NODES, nodeVersions, schemaFolder, schemaPath } from '../schemas/schemaFiles';

type NodeFolder = OperationOutput['node'];

/** Every resource/operation pair the action node's description offers. */
function describedOperations(): Array<{ resource: string; operation: string }> {
	return NODES.AddressActivity.description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			(property.displayOptions?.show?.resource ?? []).flatMap((resource) =>
				(property.options as INodePropertyOptions[]).map((option) => ({ resource: String(resource), operation: String(option.value) })),
			),
		);
}

/** The schema files a node should have: one per operation (or output.json) per version. */
function expectedFiles(node: NodeFolder): string[] {
	const operations = node === 'AddressActivity' ? describedOperations() : [{ resource: '', operation: '' }];
	return nodeVersions(NODES[node]).flatMap((version) => operations.map((operation) => schemaPath(operation, version))).sort();
}

function shippedFiles(folder: string, relative = '__schema__'): string[] {
	if (!fs.existsSync(folder)) return [];
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? shippedFiles(path.join(folder, entry.name), path.join(relative, entry.name)) : [path.join(relative, entry.name)],
	);
}

function readSchema(node: NodeFolder, file: string): JsonSchema {
	return JSON.parse(fs.readFileSync(path.join(schemaFolder(node), '..', file), 'utf8')) as JsonSchema;
}

describe.each(Object.keys(NODES) as NodeFolder[])('the output schemas of %s', (node) => {
	it('exist for every operation at every node version, and nothing else', () => {
		const expected = expectedFiles(node);
		expect(expected.length).toBeGreaterThan(0);
		expect(shippedFiles(schemaFolder(node)).sort()).toEqual(expected);
	});

	it('are objects with fields, which is what the editor accepts as a schema preview', () => {
		for (const file of expectedFiles(node)) {
			const schema = readSchema(node, file);
			expect({ file, type: schema.type }).toEqual({ file, type: 'object' });
			expect(Object.keys(schema.properties ?? {}).length).toBeGreaterThan(0);
		}
	});
});

describe('the output schemas and real outputs', () => {
	let outputs: OperationOutput[];
	beforeAll(async () => {
		outputs = await runEveryOperation();
	}, 300_000);

	it('every operation of the description and both triggers ran and put out items', () => {
		const ran = outputs.map((output) => `${output.node} ${output.resource}/${output.operation}`).sort();
		const described = [
			...describedOperations().map(({ resource, operation }) => `AddressActivity ${resource}/${operation}`),
			'AddressActivityTrigger /',
			'AddressActivityPollTrigger /',
		].sort();
		expect(ran).toEqual(described);
		for (const output of outputs) expect({ output: `${output.resource}/${output.operation}`, some: output.items.length > 0 }).toEqual({ output: `${output.resource}/${output.operation}`, some: true });
	});

	it('each item fits its schema at every node version: every field is described, with its type', () => {
		const problems = outputs.flatMap((output) =>
			nodeVersions(NODES[output.node]).flatMap((version) => {
				const file = schemaPath(output, version);
				const schema = readSchema(output.node, file);
				return output.items.flatMap((item) => mismatches(schema, item).map((problem) => `${output.node}/${file}: ${problem}`));
			}),
		);
		expect(problems).toEqual([]);
	});
});
