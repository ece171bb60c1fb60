/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The shipped example workflows put each of the package's nodes at its default version: a user who
// imports an example gets what the editor would create today (for the trigger, version 2, which
// takes no expression isolate per delivery in n8n 2.41).
import * as fs from 'fs';
import * as path from 'path';

import type { INodeType } from 'n8n-workflow';

import { AddressActivity } from '../../nodes/AddressActivity/AddressActivity.node';
import { AddressActivityPollTrigger } from '../../nodes/AddressActivityPollTrigger/AddressActivityPollTrigger.node';
import { AddressActivityTrigger } from '../../nodes/AddressActivityTrigger/AddressActivityTrigger.node';
import { nodeTypeName } from '../harness/names';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

function defaultVersion(nodeType: INodeType): number {
	const { version, defaultVersion: declared } = nodeType.description;
	return declared ?? (Array.isArray(version) ? Math.max(...version) : version);
}

const DEFAULT_VERSIONS = new Map(
	[new AddressActivity(), new AddressActivityTrigger(), new AddressActivityPollTrigger()].map((nodeType) => [nodeTypeName(nodeType), defaultVersion(nodeType)]),
);

function exampleFiles(folder: string): string[] {
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(folder, entry.name);
		if (entry.isDirectory()) return exampleFiles(file);
		return entry.name.endsWith('.json') ? [file] : [];
	});
}

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
}

describe('example workflows', () => {
	const files = exampleFiles(EXAMPLES);

	it('are there to check', () => {
		expect(files.length).toBeGreaterThanOrEqual(5);
	});

	it.each(files.map((file) => [path.relative(EXAMPLES, file), file]))('%s puts the package nodes at their default version', (_name, file) => {
		const workflow = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: ExampleNode[] };
		const ours = workflow.nodes.filter((node) => DEFAULT_VERSIONS.has(node.type));
		expect(ours.length).toBeGreaterThan(0);
		for (const node of ours) {
			expect({ node: node.name, typeVersion: node.typeVersion }).toEqual({ node: node.name, typeVersion: DEFAULT_VERSIONS.get(node.type) });
		}
	});
});
