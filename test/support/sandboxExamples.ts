/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The sandbox's copies of the shipped examples. n8n autosaves whatever a person clicks in an
// example, so a copy can break; the sandbox keeps, in its folder, a hash of each example file it
// imported, and imports the file again when the shipped file changed (or on --reset), replacing
// its copy in place (same workflow, same executions).
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

import { CREDENTIAL_TYPE } from '../harness/names';
import type { N8nClient, Workflow, WorkflowInput } from './n8nClient';

/** The sandbox folder's record of what it imported: example file name → its hash and the workflow made of it. */
export const IMPORTED_EXAMPLES_FILE = 'imported-examples.json';

interface ImportedExample {
	sha256: string;
	workflowId: string;
}

export interface ExampleFile {
	file: string;
	/** the file's text as shipped */
	text: string;
	workflow: WorkflowInput;
}

export function readExample(file: string): ExampleFile {
	const text = fs.readFileSync(file, 'utf8');
	return { file, text, workflow: JSON.parse(text) as WorkflowInput };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function readRecord(userFolder: string): Record<string, ImportedExample> {
	try {
		return JSON.parse(fs.readFileSync(path.join(userFolder, IMPORTED_EXAMPLES_FILE), 'utf8')) as Record<string, ImportedExample>;
	} catch {
		return {};
	}
}

export interface ImportOptions {
	client: N8nClient;
	userFolder: string;
	examples: ExampleFile[];
	credential: { id: string; name: string };
	/** import every example again, replacing the sandbox's copies */
	reset?: boolean;
	log: (line: string) => void;
}

/** What happened to each example: a first import, kept as it is, or imported again (and why). */
export type ImportOutcome = 'imported' | 'kept' | 'reset' | 'changed' | 'unrecorded';

/**
 * Imports each example the sandbox does not have, and imports again those whose shipped file
 * changed since (or all with `reset`); returns each example's workflow, in the examples' order.
 */
export async function importExamples(options: ImportOptions): Promise<Array<{ example: ExampleFile; workflow: Workflow; outcome: ImportOutcome }>> {
	const { client, userFolder, credential, log } = options;
	const record = readRecord(userFolder);
	// An archived copy (n8n 2.x keeps deleted workflows archived) cannot be updated: a new import replaces it.
	const present = (await client.listWorkflows()).filter((workflow) => !(workflow as { isArchived?: boolean }).isArchived);
	const results = [];
	for (const example of options.examples) {
		const name = path.basename(example.file);
		const hash = sha256(example.text);
		const imported = record[name];
		const input = withCredential(example.workflow, credential);
		// By the id it was imported as (a person may rename it), else by name (sandboxes from before the record).
		const existing = present.find((workflow) => workflow.id === imported?.workflowId) ?? present.find((workflow) => workflow.name === example.workflow.name);
		let workflow: Workflow;
		let outcome: ImportOutcome;
		if (!existing) {
			workflow = await client.createWorkflow(input);
			outcome = 'imported';
			log(`imported example "${example.workflow.name}"`);
		} else if (options.reset || !imported || imported.sha256 !== hash) {
			outcome = options.reset ? 'reset' : imported ? 'changed' : 'unrecorded';
			workflow = await client.replaceWorkflow(existing.id, input);
			const why = { reset: '--reset', changed: `${name} changed since it was imported`, unrecorded: 'the sandbox has no record of which version it imported' }[outcome];
			log(`imported example "${example.workflow.name}" again, replacing the sandbox's copy (${why})`);
		} else {
			workflow = existing;
			outcome = 'kept';
		}
		record[name] = { sha256: hash, workflowId: workflow.id };
		fs.writeFileSync(path.join(userFolder, IMPORTED_EXAMPLES_FILE), `${JSON.stringify(record, null, '\t')}\n`);
		results.push({ example, workflow, outcome });
	}
	return results;
}

/** The example with its nodes pointing at the sandbox's credential (examples refer to it by name only). */
function withCredential(example: WorkflowInput, credential: { id: string; name: string }): WorkflowInput {
	const copy = JSON.parse(JSON.stringify(example)) as WorkflowInput;
	for (const node of copy.nodes) {
		if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = { id: credential.id, name: credential.name };
	}
	return copy;
}
